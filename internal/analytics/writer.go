package analytics

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/playback"
)

// ErrQueueFull is returned by Enqueue when the writer's bounded queue is full:
// the collector answers 503 with Retry-After.
var ErrQueueFull = errors.New("analytics: the ingest queue is full")

// MaxWaitLimit bounds WriterOptions.MaxWait: a beacon is stored within it of
// its arrival (when the database keeps up), which keeps concurrent viewers
// (query.ConcurrentWindow, read from the stored views) fresh within 15 s.
const MaxWaitLimit = 5 * time.Second

// ErrClosed is returned by Enqueue after Close.
var ErrClosed = errors.New("analytics: the writer is closed")

// WriterOptions tune a Writer; zero values take the defaults.
type WriterOptions struct {
	// QueueSize is the number of accepted requests the queue holds (default 10,000).
	QueueSize int
	// MaxRows is the most rows one transaction writes (default 4,000: at
	// 20,000 events/s about five transactions a second).
	MaxRows int
	// MaxWait is the longest an accepted request waits for its transaction
	// (default 250 ms, at most MaxWaitLimit).
	MaxWait time.Duration
	// Log receives the writer's errors; slog.Default() when nil.
	Log *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// Writer is the one writer goroutine of a process: it takes accepted beacons,
// drop counts and delivery figures from a bounded queue and writes them in
// transactions of at most MaxRows rows or MaxWait. Every write is idempotent or
// happens once per committed transaction: events are unique per (view, seq),
// views are recomputed absolutely, counters are added in the transaction that
// takes them off the queue.
type Writer struct {
	store   AnalyticsStore
	opts    WriterOptions
	ch      chan item
	mu      sync.RWMutex // guards closed against Enqueue
	closed  bool
	done    chan struct{}
	written atomic.Int64
	lost    atomic.Int64
	drops   *dropCounts
	// reported is the unattributed drop count last logged, at reportedAt.
	reported   int64
	reportedAt time.Time
}

// item is one entry of the queue: exactly one field is set (drop only in a
// batch being written: drops are counted apart, dropCounts). flushed and erase
// end the batch they are in: they act after the entries before them.
type item struct {
	view     *ViewRecord
	drop     *DropRecord
	delivery *DeliveryRecord
	erase    *eraseRequest
	flushed  chan struct{}
}

// ends tells the entries that close a batch.
func (it item) ends() bool { return it.flushed != nil || it.erase != nil }

func (it item) rows() int {
	if it.view != nil {
		return len(it.view.Events) + 2
	}
	return 1
}

// ViewRecord is one accepted beacon batch of a view, enriched.
type ViewRecord struct {
	Project, Video, View uuid.UUID
	Folder, Player       *uuid.UUID
	UserID, SessionID    string
	ViewerKey, Country   string
	Device, OS, Browser  string
	PlayerSoftware       string
	StreamType           string
	DurationMs, GapCapMs int64
	Events               []Event
}

// DropRecord counts filtered input of a project in an hour.
type DropRecord struct {
	Project uuid.UUID
	Hour    int64
	Reason  string
	N       int64
}

// DeliveryRecord is one response of the playback handler: bytes served for a
// video, and the media duration of the segment served (0 for other files).
type DeliveryRecord struct {
	Project, Video uuid.UUID
	At             time.Time
	Bytes          int64
	SegmentMs      int64
	// Session is the player's CMCD sid: views of that session are verified.
	Session string
}

// NewWriter starts the writer goroutine on a store; Close stops it.
func NewWriter(store AnalyticsStore, opts WriterOptions) *Writer {
	if opts.QueueSize <= 0 {
		opts.QueueSize = 10_000
	}
	if opts.MaxRows <= 0 {
		opts.MaxRows = 4000
	}
	if opts.MaxWait <= 0 {
		opts.MaxWait = 250 * time.Millisecond
	}
	opts.MaxWait = min(opts.MaxWait, MaxWaitLimit)
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	w := &Writer{store: store, opts: opts, ch: make(chan item, opts.QueueSize), done: make(chan struct{}), drops: newDropCounts()}
	go w.run()
	return w
}

func (w *Writer) enqueue(it item) error {
	w.mu.RLock()
	defer w.mu.RUnlock()
	if w.closed {
		return ErrClosed
	}
	select {
	case w.ch <- it:
		return nil
	default:
		return ErrQueueFull
	}
}

// RecordDelivery queues a delivery figure of the playback handler; when the
// queue is full it is refused (ErrQueueFull) and the handler writes the usage
// directly. A session id that is not storable text (see validText) is dropped:
// the delivery still counts, it verifies no view.
func (w *Writer) RecordDelivery(d playback.Delivery) error {
	if len(d.Session) > 128 || !validText(d.Session) {
		d.Session = ""
	}
	return w.enqueue(item{delivery: &DeliveryRecord{Project: d.Project, Video: d.Video, At: d.At,
		Bytes: d.Bytes, SegmentMs: d.SegmentMs, Session: d.Session}})
}

// Flush waits until everything queued before it is written (or ctx ends).
func (w *Writer) Flush(ctx context.Context) error {
	c := make(chan struct{})
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		return ErrClosed
	}
	select {
	case w.ch <- item{flushed: c}:
	case <-ctx.Done():
		w.mu.RUnlock()
		return ctx.Err()
	}
	w.mu.RUnlock()
	select {
	case <-c:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Close stops taking input, writes what is queued, and returns when done (or
// when ctx ends first).
func (w *Writer) Close(ctx context.Context) error {
	w.mu.Lock()
	if !w.closed {
		w.closed = true
		close(w.ch)
	}
	w.mu.Unlock()
	select {
	case <-w.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Stats are the writer's counters since start.
type Stats struct {
	// Written is the number of queue entries written; Lost those whose
	// transaction failed after its retries (logged).
	Written, Lost int64
	// Queued is the number of entries waiting.
	Queued int
	// UnattributedDrops is the number of refused or dropped inputs of projects
	// not known to exist (or beyond the counters kept per project): counted
	// here and logged, never written as rows.
	UnattributedDrops int64
}

// Stats returns the writer's counters.
func (w *Writer) Stats() Stats {
	return Stats{Written: w.written.Load(), Lost: w.lost.Load(), Queued: len(w.ch),
		UnattributedDrops: w.drops.unattributed.Load()}
}

func (w *Writer) run() {
	defer close(w.done)
	for {
		var batch []item
		var it item
		rows := 0
		select {
		case next, ok := <-w.ch:
			if !ok {
				w.write(nil) // the drops counted last
				return
			}
			it, batch, rows = next, []item{next}, next.rows()
		case <-w.drops.wake:
			// Drops are pending: they go with what arrives within MaxWait.
		}
		timer := time.NewTimer(w.opts.MaxWait)
		open := true
	collect:
		for rows < w.opts.MaxRows && !it.ends() {
			select {
			case it, open = <-w.ch:
				if !open {
					break collect
				}
				batch = append(batch, it)
				rows += it.rows()
				if it.ends() {
					break collect
				}
			case <-timer.C:
				break collect
			}
		}
		timer.Stop()
		w.write(batch)
		if !open {
			return
		}
	}
}

func hourOf(sec int64) int64 { return sec / 3600 * 3600 }
