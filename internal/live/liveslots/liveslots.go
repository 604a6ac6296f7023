// Package liveslots is a node's admission control for transcoded live
// renditions, so live never starves: a budget of renditions that may be
// transcoded at once in this process. A transcoded live session takes all its
// renditions' slots before it starts its encoder, or falls back to transmux;
// the VOD transcodes of the same process yield to what live holds by running
// their encoder with fewer threads (VODThreads).
package liveslots

import (
	"runtime"
	"sync"
)

// PerCPU is how many renditions the default budget gives each CPU: an x264
// veryfast rendition of a 1080p30 input takes about a third to a half of a
// core (720p alone 0.54 core, a 720/480/360 ladder 0.93 core, measured on 2 cores).
const PerCPU = 2

// Default is the budget of a node without VIDRA_LIVE_TRANSCODE_SLOTS:
// PerCPU renditions per CPU.
func Default() int { return PerCPU * runtime.NumCPU() }

// Budget counts the transcoded live renditions running in this process. Its
// methods are safe for concurrent use; a nil Budget admits nothing.
type Budget struct {
	mu    sync.Mutex
	total int
	used  int
	cpus  int
}

// New returns a budget of total renditions (Default when total < 0; 0 admits
// none).
func New(total int) *Budget {
	if total < 0 {
		total = Default()
	}
	return &Budget{total: total, cpus: runtime.NumCPU()}
}

// Lease is slots taken from a Budget; Release gives them back.
type Lease struct {
	b    *Budget
	n    int
	once sync.Once
}

// Acquire takes n slots at once, or none: false when fewer than n are free.
func (b *Budget) Acquire(n int) (*Lease, bool) {
	if b == nil || n <= 0 {
		return nil, false
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.total {
		return nil, false
	}
	b.used += n
	return &Lease{b: b, n: n}, true
}

// Release gives the lease's slots back; later calls do nothing.
func (l *Lease) Release() {
	if l == nil {
		return
	}
	l.once.Do(func() {
		l.b.mu.Lock()
		l.b.used -= l.n
		l.b.mu.Unlock()
	})
}

// Slots is how many slots the lease holds.
func (l *Lease) Slots() int {
	if l == nil {
		return 0
	}
	return l.n
}

// InUse and Total are the slots taken and the budget's size.
func (b *Budget) InUse() int {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// Total is the budget's size.
func (b *Budget) Total() int {
	if b == nil {
		return 0
	}
	return b.total
}

// VODThreads is the encoder thread count a VOD transcode starting now should
// use: 0 (the encoder's own choice, every core) while no live rendition is
// transcoded, else the CPUs left after one core per PerCPU live renditions,
// at least 1. A transcode keeps the count it started with.
func (b *Budget) VODThreads() int {
	if b == nil {
		return 0
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used == 0 {
		return 0
	}
	live := (b.used + PerCPU - 1) / PerCPU
	return max(1, b.cpus-live)
}
