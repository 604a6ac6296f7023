package usage

import (
	"context"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// FlushInterval is how often a Meter writes its counters: at most this much
// delivered usage is lost when the process is killed without a shutdown.
const FlushInterval = 10 * time.Second

// flushKept is how long a usage_flush row is kept: far longer than any retry
// of its flush (seconds), so the ids stay unique while they matter.
const flushKept = 24 * time.Hour

// pruneEvery is how many flush ticks pass between prunings of old flush rows.
const pruneEvery = 360

// cellKey is one project's UTC hour (unix seconds of its start).
type cellKey struct {
	project uuid.UUID
	hour    int64
}

// cell holds the delivered bytes and segment milliseconds of one cellKey.
type cell struct{ bytes, ms int64 }

// pendingFlush is a batch of counters handed to a flush: its id is fixed
// before the first attempt, so a retry of a flush whose commit was lost finds
// its usage_flush row and adds nothing twice.
type pendingFlush struct {
	id    uuid.UUID
	cells map[cellKey]cell
	bytes int64
}

// Meter counts delivered usage in memory, per project and hour, and flushes it
// to usage_hourly every FlushInterval and at Close. Add takes a mutex and a map
// update: no database round trip on the request path.
type Meter struct {
	client *ent.Client
	log    *slog.Logger

	mu    sync.Mutex
	cells map[cellKey]cell
	// flushMu serialises flushes; pending is the batch being written (kept
	// across failed attempts until one commits).
	flushMu sync.Mutex
	pending *pendingFlush

	unflushed atomic.Int64
	started   atomic.Bool
	stop      chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// NewMeter returns a Meter writing through client; Start runs its flush loop.
func NewMeter(client *ent.Client, log *slog.Logger) *Meter {
	if log == nil {
		log = slog.Default()
	}
	return &Meter{client: client, log: log, cells: map[cellKey]cell{}, stop: make(chan struct{}), done: make(chan struct{})}
}

// Add counts one response of /v1/play: bytes written to the client and, for a
// whole segment, its media duration in milliseconds. A nil Meter counts nothing.
func (m *Meter) Add(project uuid.UUID, at time.Time, bytes, ms int64) {
	if m == nil || (bytes == 0 && ms == 0) {
		return
	}
	k := cellKey{project: project, hour: at.Unix() - at.Unix()%3600}
	m.mu.Lock()
	c := m.cells[k]
	c.bytes += bytes
	c.ms += ms
	m.cells[k] = c
	m.mu.Unlock()
	m.unflushed.Add(bytes)
}

// UnflushedBytes is the delivered bytes counted but not yet committed (the
// vidra_usage_unflushed_bytes gauge): what a kill -9 now would lose.
func (m *Meter) UnflushedBytes() int64 {
	if m == nil {
		return 0
	}
	return m.unflushed.Load()
}

// Start flushes every interval (FlushInterval when 0) until Close.
func (m *Meter) Start(interval time.Duration) {
	if interval <= 0 {
		interval = FlushInterval
	}
	m.started.Store(true)
	go func() {
		defer close(m.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		ticks := 0
		for {
			select {
			case <-m.stop:
				return
			case <-t.C:
				if err := m.Flush(context.Background()); err != nil {
					m.log.Warn("usage flush failed; retried with the same flush id", "err", err)
				}
				if ticks++; ticks%pruneEvery == 0 {
					if err := pruneFlushes(context.Background(), m.client, time.Now().Add(-flushKept)); err != nil {
						m.log.Warn("prune usage flushes", "err", err)
					}
				}
			}
		}
	}()
}

// Close stops the flush loop (when started) and flushes what is left, within ctx.
func (m *Meter) Close(ctx context.Context) error {
	if m == nil {
		return nil
	}
	m.closeOnce.Do(func() {
		close(m.stop)
	})
	if m.started.Load() {
		<-m.done
	}
	var err error
	for range 3 {
		if err = m.Flush(ctx); err == nil || ctx.Err() != nil {
			break
		}
	}
	return err
}

// Flush writes the counters to the database: first any batch a failed flush
// left (with its id), then the counters gathered since. Safe to call at any
// time and from several goroutines.
func (m *Meter) Flush(ctx context.Context) error {
	m.flushMu.Lock()
	defer m.flushMu.Unlock()
	for range 2 {
		if m.pending == nil {
			m.mu.Lock()
			if len(m.cells) == 0 {
				m.mu.Unlock()
				return nil
			}
			p := &pendingFlush{id: uuid.Must(uuid.NewV7()), cells: m.cells}
			m.cells = map[cellKey]cell{}
			m.mu.Unlock()
			for _, c := range p.cells {
				p.bytes += c.bytes
			}
			m.pending = p
		}
		if err := writeFlush(ctx, m.client, m.pending.id, m.pending.cells); err != nil {
			return err
		}
		m.unflushed.Add(-m.pending.bytes)
		m.pending = nil
	}
	return nil
}
