package graph

import (
	"context"
	"sync"
)

// credentialGate holds back what a subscription connection sends while a
// change to its credential is announced and not yet checked. The change feed's
// filter holds it (synchronously, as it delivers the notice, so before any
// notice published later reaches the connection's subscriptions); the
// credential watcher releases it once the credential is checked and still
// holds, or ends the connection. So a removed member, or a revoked key, is
// sent nothing committed after the change.
type credentialGate struct {
	mu      sync.Mutex
	pending int
	// settled is closed while nothing is pending.
	settled chan struct{}
}

type credentialGateKey struct{}

func newCredentialGate() *credentialGate {
	c := make(chan struct{})
	close(c)
	return &credentialGate{settled: c}
}

// hold counts an announced change not yet checked.
func (g *credentialGate) hold() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.pending == 0 {
		g.settled = make(chan struct{})
	}
	g.pending++
}

// holding is how many changes are waiting for a check.
func (g *credentialGate) holding() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pending
}

// release uncounts n changes that a check has answered.
func (g *credentialGate) release(n int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if n <= 0 || g.pending == 0 {
		return
	}
	g.pending = max(g.pending-n, 0)
	if g.pending == 0 {
		close(g.settled)
	}
}

// credentialSettled waits until the connection of ctx has no credential change
// waiting for its check; it fails when ctx ends first (the check ended the
// connection). Outside a subscription connection it returns at once.
func credentialSettled(ctx context.Context) error {
	g, _ := ctx.Value(credentialGateKey{}).(*credentialGate)
	if g == nil {
		return ctx.Err()
	}
	g.mu.Lock()
	c := g.settled
	g.mu.Unlock()
	select {
	case <-c:
		return ctx.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}
