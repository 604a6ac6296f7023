package changefeed

import (
	"context"
	"log/slog"
	"sync"
)

// subscriberBuffer is how many notices a subscriber may have unread before the
// bus drops the next ones for it (and tells it to read its rows again).
const subscriberBuffer = 256

// Bus carries notices to the subscribers of this process. Published notices
// reach them through the process itself on SQLite (one process owns the
// database) and through PostgreSQL NOTIFY otherwise, which delivers them to
// every process listening, this one included.
type Bus struct {
	log *slog.Logger
	// send publishes committed notices: in process, or by NOTIFY.
	send func(ctx context.Context, notices []Notice) error
	// stop stops following the PostgreSQL channel; nil in process.
	stop func()
	// postgres says the database is PostgreSQL: the change log's writers
	// take its advisory lock (log.go).
	postgres bool

	mu   sync.Mutex
	subs map[*Subscription]struct{}
}

// Subscription receives the notices its filter accepts on C until Close.
type Subscription struct {
	// C receives the notices; a KindResync notice means some were lost.
	C      <-chan Notice
	c      chan Notice
	filter func(Notice) bool
	bus    *Bus
	once   sync.Once
	// lost is set when a notice was dropped and no resync is queued yet.
	lost bool
}

// NewLocal returns a bus that delivers within the process only (SQLite).
func NewLocal(log *slog.Logger) *Bus {
	b := &Bus{log: log, subs: map[*Subscription]struct{}{}}
	b.send = func(_ context.Context, notices []Notice) error {
		b.deliver(notices)
		return nil
	}
	return b
}

// Publish sends notices of committed changes to every subscriber. It fails only
// when the notification could not be sent; the change itself stands.
func (b *Bus) Publish(ctx context.Context, notices ...Notice) error {
	if len(notices) == 0 {
		return nil
	}
	return b.send(ctx, notices)
}

// Subscribe returns a subscription to the notices filter accepts (KindResync
// notices always pass). Close it when done.
func (b *Bus) Subscribe(filter func(Notice) bool) *Subscription {
	c := make(chan Notice, subscriberBuffer)
	s := &Subscription{C: c, c: c, filter: filter, bus: b}
	b.mu.Lock()
	b.subs[s] = struct{}{}
	b.mu.Unlock()
	return s
}

// Close stops the subscription; C is not closed (the bus may be delivering).
func (s *Subscription) Close() {
	s.once.Do(func() {
		s.bus.mu.Lock()
		delete(s.bus.subs, s)
		s.bus.mu.Unlock()
	})
}

// Close stops listening for other processes' notices (PostgreSQL).
func (b *Bus) Close() {
	if b.stop != nil {
		b.stop()
	}
}

// deliver hands notices to the subscribers that want them, never waiting on
// one: a subscriber whose buffer is full loses the notice and gets a resync
// notice as soon as there is room, so it reads its rows again.
func (b *Bus) deliver(notices []Notice) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for s := range b.subs {
		for _, n := range notices {
			if n.Kind != KindResync && !s.filter(n) {
				continue
			}
			if s.lost {
				select {
				case s.c <- Notice{Kind: KindResync}:
					s.lost = false
				default:
					continue
				}
			}
			select {
			case s.c <- n:
			default:
				s.lost = true
				b.log.Warn("changefeed subscriber too slow; notice dropped", "kind", n.Kind, "id", n.ID)
			}
		}
	}
}
