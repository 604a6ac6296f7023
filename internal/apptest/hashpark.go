package apptest

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// HashPark parks the server's password hashes while armed (its Hold goes in
// Options.PasswordHashing.Hold), so that a test can look at the server while
// sign-ins are mid-hash, holding their hashing slots.
type HashPark struct {
	armed   atomic.Bool
	arrived chan struct{}
	mu      sync.Mutex
	release chan struct{}
}

// NewHashPark returns a park that lets every hash through until Arm.
func NewHashPark() *HashPark {
	return &HashPark{arrived: make(chan struct{}, 1024), release: make(chan struct{})}
}

// Hold is the auth.Hashing hook: while armed, it reports the hash and blocks
// until Release (or the request ends).
func (p *HashPark) Hold(ctx context.Context) {
	if !p.armed.Load() {
		return
	}
	p.mu.Lock()
	release := p.release
	p.mu.Unlock()
	p.arrived <- struct{}{}
	select {
	case <-release:
	case <-ctx.Done():
	}
}

// Arm makes the following hashes park.
func (p *HashPark) Arm() { p.armed.Store(true) }

// WaitParked waits until n hashes are parked (a minute at most).
func (p *HashPark) WaitParked(t testing.TB, n int) {
	t.Helper()
	deadline := time.After(time.Minute)
	for i := 0; i < n; i++ {
		select {
		case <-p.arrived:
		case <-deadline:
			t.Fatalf("only %d of %d password hashes reached their slot", i, n)
		}
	}
}

// Release disarms the park and lets every parked hash go on.
func (p *HashPark) Release() {
	p.armed.Store(false)
	p.mu.Lock()
	close(p.release)
	p.release = make(chan struct{})
	p.mu.Unlock()
}
