package ingest

import (
	"sync"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live"
)

// EventSimulcastError: a simulcast target failed (data.target_id, data.error).
const EventSimulcastError = events.LiveStreamSimulcastError

// failNotices hands a session's simulcast failures to fn, one goroutine each,
// so the publisher's path (send) never waits for the database. A target
// reports a failure when it leaves a working state (connecting or active) for
// failed: its retries every simulcastRetry while the target stays down are
// one failure, not one event each. close waits for the notices in flight and
// drops later ones.
type failNotices struct {
	mu     sync.Mutex
	closed bool
	wg     sync.WaitGroup
	fn     func(live.SimulcastState)
}

// notify reports st to fn unless closed.
func (n *failNotices) notify(st live.SimulcastState) {
	if n == nil || n.fn == nil {
		return
	}
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return
	}
	n.wg.Add(1)
	n.mu.Unlock()
	go func() {
		defer n.wg.Done()
		n.fn(st)
	}()
}

// close stops the notices once those in flight are recorded.
func (n *failNotices) close() {
	if n == nil {
		return
	}
	n.mu.Lock()
	n.closed = true
	n.mu.Unlock()
	n.wg.Wait()
}

// simulcastFailed returns what records livestream.simulcast.error for a target
// of h's session, in its own transaction (the history keeps the error too).
func (s *Server) simulcastFailed(h *hold) func(live.SimulcastState) {
	return func(st live.SimulcastState) {
		err := s.inTx(s.sys, func(tx *ent.Tx) error {
			return s.emit(s.sys, tx, h.streamID, EventSimulcastError, map[string]any{
				"session_id": h.sessionID, "target_id": st.TargetID, "url": st.URL, "error": st.Error,
			})
		})
		if err != nil && !ent.IsNotFound(err) {
			s.log.Error("record livestream.simulcast.error", "stream", h.streamID, "session", h.sessionID, "target", st.TargetID, "err", err)
		}
	}
}
