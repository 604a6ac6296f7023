package analytics

import (
	"sync"
	"sync/atomic"

	"github.com/google/uuid"
)

// maxPendingDrops bounds the (project, hour, reason) counters held in memory
// between two writes; a drop beyond it is counted as unattributed.
const maxPendingDrops = 10_000

// dropCounts are the drops counted since the writer last took them: per
// (project, hour, reason) for projects known to exist, folded into one
// analytics_drops row each by an increment, and one global counter for the
// rest (unknown project ids, which anyone can invent without end), never
// written as rows. Counting costs a map update under a lock, never a queue
// entry: a flood of refused requests cannot crowd honest beacons out of the
// writer's queue.
type dropCounts struct {
	mu      sync.Mutex
	pending map[dropKey]int64
	// unattributed counts the drops of projects not known to exist, since start.
	unattributed atomic.Int64
	// wake tells the writer that counts are pending (capacity 1).
	wake chan struct{}
}

func newDropCounts() *dropCounts {
	return &dropCounts{pending: map[dropKey]int64{}, wake: make(chan struct{}, 1)}
}

// add counts n drops of a known project in an hour, by reason.
func (d *dropCounts) add(k dropKey, n int64) {
	d.mu.Lock()
	_, ok := d.pending[k]
	if !ok && len(d.pending) >= maxPendingDrops {
		d.mu.Unlock()
		d.unattributed.Add(n)
		return
	}
	d.pending[k] += n
	d.mu.Unlock()
	d.signal()
}

// signal wakes the writer without waiting: it writes (or, for the
// unattributed count, reports) what is pending within MaxWait.
func (d *dropCounts) signal() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// take returns the pending counts as records and forgets them.
func (d *dropCounts) take() []*DropRecord {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.pending) == 0 {
		return nil
	}
	out := make([]*DropRecord, 0, len(d.pending))
	for k, n := range d.pending {
		out = append(out, &DropRecord{Project: k.project, Hour: k.hour, Reason: k.reason, N: n})
	}
	clear(d.pending)
	return out
}

// countDrop counts one dropped input of a project that exists, now, by reason.
func (w *Writer) countDrop(project uuid.UUID, reason string) {
	w.drops.add(dropKey{project, hourOf(w.opts.Now().Unix()), reason}, 1)
}

// countUnattributed counts one dropped input of a project not known to exist.
func (w *Writer) countUnattributed() {
	w.drops.unattributed.Add(1)
	w.drops.signal()
}
