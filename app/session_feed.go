package app

import (
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/database"
	"github.com/vidra-dev/vidra/graph"
)

const (
	// sessionFeedMinReconnect and sessionFeedMaxReconnect bound the wait
	// between attempts to listen again after the connection is lost.
	sessionFeedMinReconnect = 100 * time.Millisecond
	sessionFeedMaxReconnect = 10 * time.Second
	// sessionFeedPing is how often an idle feed checks its connection, so that
	// a connection dropped without a word is noticed.
	sessionFeedPing = 30 * time.Second
	// sessionFeedStartWait is how long a starting server waits for the feed.
	sessionFeedStartWait = 5 * time.Second
	// sessionFeedApplicationName names the feed's connection in
	// pg_stat_activity, unless the database URL names one.
	sessionFeedApplicationName = "vidra-session-feed"
)

// sessionFeed listens on PostgreSQL for the notifications of the
// session_change_notify triggers and passes them to the resolver, so that
// session checks remembered by this process are forgotten when any process
// changes a session or a membership (graph/session_cache.go). It tells the
// resolver when it listens and when it does not: while it does not, nothing
// is remembered.
//
// lib/pq's Listener keeps the connection: it reconnects with backoff, LISTENs
// again, and sends a nil notification for the changes that may have been
// missed meanwhile. Its connection events and the end of the first LISTEN
// arrive on different goroutines; the feed listens when both say so.
type sessionFeed struct {
	listener *pq.Listener
	resolver *graph.Resolver
	log      *slog.Logger
	stopped  sync.WaitGroup

	mu sync.Mutex
	// connected follows the listener's events; listened is set once LISTEN
	// has run (a reconnection runs it again before its event).
	connected, listened bool
	// listening is closed the first time both are true.
	listening chan struct{}
}

// startSessionFeed listens on databaseURL for graph.SessionChangeChannel. It
// returns once the feed listens, or after sessionFeedStartWait if it cannot
// yet (it goes on trying; sessions are checked in the database meanwhile), so
// that a server starts serving with its session checks remembered.
func startSessionFeed(databaseURL string, resolver *graph.Resolver, log *slog.Logger) *sessionFeed {
	f := &sessionFeed{resolver: resolver, log: log, listening: make(chan struct{})}
	f.listener = pq.NewListener(database.WithApplicationName(databaseURL, sessionFeedApplicationName), sessionFeedMinReconnect, sessionFeedMaxReconnect, f.onEvent)
	f.stopped.Add(1)
	go f.run()
	select {
	case <-f.listening:
	case <-time.After(sessionFeedStartWait):
		log.Warn("session change feed not listening yet; sessions are checked in the database until it is", "waited", sessionFeedStartWait.String())
	}
	return f
}

// onEvent follows the listener's connection.
func (f *sessionFeed) onEvent(event pq.ListenerEventType, err error) {
	switch event {
	case pq.ListenerEventConnected, pq.ListenerEventReconnected:
		f.set(func() { f.connected = true })
	case pq.ListenerEventDisconnected:
		f.set(func() { f.connected = false })
		f.log.Warn("session change feed lost its connection; sessions are checked in the database until it is back", "err", err)
	case pq.ListenerEventConnectionAttemptFailed:
		f.log.Warn("session change feed cannot connect", "err", err)
	}
}

// set changes the feed's state and tells the resolver whether it listens.
func (f *sessionFeed) set(change func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	change()
	up := f.connected && f.listened
	f.resolver.SessionFeedListening(up)
	if up {
		select {
		case <-f.listening:
		default:
			close(f.listening)
			f.log.Info("session change feed listening", "channel", graph.SessionChangeChannel)
		}
	}
}

// run listens and forwards notifications until stop closes the listener,
// which closes its Notify channel.
func (f *sessionFeed) run() {
	defer f.stopped.Done()
	// Listen waits for the first connection.
	listened := make(chan error, 1)
	go func() { listened <- f.listener.Listen(graph.SessionChangeChannel) }()
	ping := time.NewTicker(sessionFeedPing)
	defer ping.Stop()
	for {
		select {
		case err := <-listened:
			switch {
			case err == nil:
				f.set(func() { f.listened = true })
			case !errors.Is(err, net.ErrClosed):
				f.log.Error("session change feed cannot listen; sessions are checked in the database", "err", err)
			}
		case _, open := <-f.listener.Notify:
			if !open {
				return
			}
			// A nil notification (after a reconnection) means changes may
			// have been missed: forgetting is the answer to both.
			f.resolver.SessionsChanged()
		case <-ping.C:
			go func() { _ = f.listener.Ping() }()
		}
	}
}

// stop closes the feed's connection and waits for it to end; from then on
// the resolver remembers no session check.
func (f *sessionFeed) stop() {
	_ = f.listener.Close()
	f.stopped.Wait()
	f.set(func() { f.connected = false })
}
