package ingest

import (
	"sync"
	"time"

	"github.com/google/uuid"
)

// Kick reasons beside the end reasons: why the node closed a publisher.
const (
	// kickStall: the publisher sent nothing for the stall timeout (a disconnect).
	kickStall = "stall"
	// kickTaken: the stream's session is no longer this node's (another node
	// took it over, or the API completed it): drop it without writing.
	kickTaken = "taken"
)

// hold is a stream this node holds: its session in progress, the session's
// media output and, while one is connected, the publisher.
type hold struct {
	streamID, sessionID, projectID, videoID uuid.UUID
	// orgID is the project's organization, whose usage the input is.
	orgID       uuid.UUID
	keyHash     string
	startedAt   time.Time
	maxDuration time.Duration
	window      time.Duration
	media       Media
	stats       *Stats
	// simulcast restreams to the stream's targets; nil when it has none.
	simulcast *simulcast
	// meter counts the publishers' connected time for live input usage.
	meter inputMeter

	// trans orders a connection's end and a reconnect: the reconnect waits
	// until the window is open in the database.
	trans sync.Mutex

	mu sync.Mutex
	// pub is the connected publisher; nil while disconnected.
	pub *publisher
	// connecting reserves the hold for a reconnect being admitted.
	connecting bool
	// reason is why the node closed the publisher (first one wins).
	reason string
	// cause is how the last connection ended: publisher_closed or timeout.
	cause string
	// deadline is when the reconnect window closes (while disconnected).
	deadline time.Time
	timer    *time.Timer
	// ended is set once the session is over; the hold is then dropped.
	ended bool
	// dropped is set by the first dropHold: the media is closed once, with the
	// first reason (a change notice of the session's own end must not close it
	// again as "taken").
	dropped bool
	// mediaClosed is set once the media is closed or released (end closes
	// it before the stream reads idle; dropHold otherwise).
	mediaClosed bool
	// activeSent is set once livestream.active was sent for the session.
	activeSent bool
}

// kick closes the connected publisher for reason and reports whether one was
// connected. The reason is kept for the end of the connection.
func (h *hold) kick(reason string) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.reason == "" {
		h.reason = reason
	}
	if h.pub == nil {
		return false
	}
	_ = h.pub.conn.Close()
	return true
}

// attach makes p the connected publisher.
func (h *hold) attach(p *publisher) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pub, h.connecting, h.reason = p, false, ""
	h.meter.start(time.Now())
	if h.timer != nil {
		h.timer.Stop()
		h.timer = nil
	}
	h.deadline = time.Time{}
}

// detach forgets the publisher and returns why the node closed it, if it did.
func (h *hold) detach() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.pub = nil
	h.meter.stop(time.Now())
	r := h.reason
	h.reason = ""
	return r
}

// snapshot is the session's statistics with its simulcast states.
func (h *hold) snapshot(now time.Time) Snapshot {
	snap := h.stats.Snapshot(now)
	snap.Simulcast = h.simulcast.states()
	return snap
}
