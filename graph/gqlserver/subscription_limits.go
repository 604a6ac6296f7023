package gqlserver

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/vidra-dev/vidra/internal/fault"
)

// SubscriptionLimits bound the websocket connections that carry subscriptions.
// Zero fields take the defaults of DefaultSubscriptionLimits.
type SubscriptionLimits struct {
	// MaxConnectionsPerCaller caps one user's (or API key's) open connections
	// to this server.
	MaxConnectionsPerCaller int
	// MaxSubscriptionsPerConnection caps the subscriptions running at once on
	// one connection.
	MaxSubscriptionsPerConnection int
	// ReadLimit caps a client message, in bytes.
	ReadLimit int64
	// PingInterval is how often the server pings (graphql-transport-ws ping;
	// keep-alive on the legacy graphql-ws protocol); a client that does not
	// answer within two intervals is disconnected.
	PingInterval time.Duration
	// InitTimeout is how long a client has to send connection_init.
	InitTimeout time.Duration
	// CredentialRecheck is how often an open connection's credential is
	// checked again (graph/subscription_credential.go).
	CredentialRecheck time.Duration
	// AppOrigins are the browser origins, beside the server's own, whose pages
	// may connect with any credential (websocketOriginTrusted).
	AppOrigins []string
	// PublicURL is the address clients see; its origin is the server's own.
	PublicURL string
}

// DefaultSubscriptionLimits are the limits subscriptions run with unless
// configured otherwise.
var DefaultSubscriptionLimits = SubscriptionLimits{
	MaxConnectionsPerCaller:       16,
	MaxSubscriptionsPerConnection: 32,
	ReadLimit:                     64 << 10,
	PingInterval:                  15 * time.Second,
	InitTimeout:                   10 * time.Second,
	CredentialRecheck:             30 * time.Second,
}

// WithDefaults fills the zero fields from DefaultSubscriptionLimits.
func (l SubscriptionLimits) WithDefaults() SubscriptionLimits {
	d := DefaultSubscriptionLimits
	if l.MaxConnectionsPerCaller <= 0 {
		l.MaxConnectionsPerCaller = d.MaxConnectionsPerCaller
	}
	if l.MaxSubscriptionsPerConnection <= 0 {
		l.MaxSubscriptionsPerConnection = d.MaxSubscriptionsPerConnection
	}
	if l.ReadLimit <= 0 {
		l.ReadLimit = d.ReadLimit
	}
	if l.PingInterval <= 0 {
		l.PingInterval = d.PingInterval
	}
	if l.InitTimeout <= 0 {
		l.InitTimeout = d.InitTimeout
	}
	if l.CredentialRecheck <= 0 {
		l.CredentialRecheck = d.CredentialRecheck
	}
	return l
}

// connectionCounts counts the open subscription connections of each caller.
type connectionCounts struct {
	mu sync.Mutex
	n  map[string]int
}

// take counts a connection of caller unless it has max already; release
// uncounts it.
func (c *connectionCounts) take(caller string, max int) (release func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	if c.n[caller] >= max {
		return nil, false
	}
	c.n[caller]++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.n[caller]--; c.n[caller] <= 0 {
				delete(c.n, caller)
			}
		})
	}, true
}

// subscriptionSlots counts the running subscriptions of one connection.
type subscriptionSlots struct {
	running atomic.Int32
	max     int32
}

type subscriptionSlotsKey struct{}

// TakeSubscriptionSlot counts a subscription on the connection of ctx, or
// refuses it when the connection runs its maximum already. The release func
// uncounts it when the subscription ends.
func TakeSubscriptionSlot(ctx context.Context) (release func(), err error) {
	s, _ := ctx.Value(subscriptionSlotsKey{}).(*subscriptionSlots)
	if s == nil {
		return func() {}, nil
	}
	if s.running.Add(1) > s.max {
		s.running.Add(-1)
		return nil, fault.Errorf(fault.KindRateLimited, "this connection runs %d subscriptions already; open another connection or end one", s.max)
	}
	var once sync.Once
	return func() { once.Do(func() { s.running.Add(-1) }) }, nil
}
