// Package pglisten keeps a process's one PostgreSQL LISTEN connection and
// hands each notification to the follower of its channel: the change feed
// (changefeed) and the session feed (app) share it, so a process holds one
// listening connection however many channels it follows.
//
// lib/pq's Listener keeps the connection: it reconnects with backoff, LISTENs
// again on every channel and sends a nil notification for what may have been
// missed meanwhile, which reaches every follower's Missed.
package pglisten

import (
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/internal/database"
)

const (
	// minReconnect and maxReconnect bound the wait between attempts to listen
	// again after the connection is lost.
	minReconnect = 100 * time.Millisecond
	maxReconnect = 10 * time.Second
	// pingEvery is how often an idle connection is checked, so that one
	// dropped without a word is noticed.
	pingEvery = 30 * time.Second
	// applicationName names the connection in pg_stat_activity, unless the
	// database URL names one.
	applicationName = "vidra-listen"
)

// Follower is what follows one channel.
type Follower struct {
	// Channel is the notification channel.
	Channel string
	// Notify receives each notification's payload, in the order sent.
	Notify func(payload string)
	// Missed is called when notifications may have been lost (the
	// connection came back); nil when nothing is to be done then.
	Missed func()
	// Up, when set, is told whether the channel is listened to: true once
	// its LISTEN ran on a live connection, false when the connection drops
	// or the follower stops.
	Up func(up bool)
}

// Listener is the process's listening connection.
type Listener struct {
	pq  *pq.Listener
	log *slog.Logger

	mu        sync.Mutex
	connected bool
	followers map[string]*follow
	stopped   sync.WaitGroup
	closed    chan struct{}
}

// follow is a follower and whether its LISTEN has run.
type follow struct {
	Follower
	listened bool
	// listening is closed the first time the channel is up.
	listening chan struct{}
}

// Open starts connecting to databaseURL; followers start listening with Follow.
func Open(databaseURL string, log *slog.Logger) *Listener {
	l := &Listener{log: log, followers: map[string]*follow{}, closed: make(chan struct{})}
	l.pq = pq.NewListener(database.WithApplicationName(databaseURL, applicationName), minReconnect, maxReconnect, l.onEvent)
	l.stopped.Add(1)
	go l.run()
	return l
}

// Follow listens on f.Channel and returns once the channel is listened to, or
// after wait if it cannot be yet (it goes on trying; f.Up says when). It
// returns false in that case. A channel has one follower at a time.
func (l *Listener) Follow(f Follower, wait time.Duration) bool {
	fw := &follow{Follower: f, listening: make(chan struct{})}
	l.mu.Lock()
	l.followers[f.Channel] = fw
	l.mu.Unlock()
	go func() {
		// Listen waits for the first connection; after that lib/pq listens
		// again by itself on every reconnection.
		err := l.pq.Listen(f.Channel)
		switch {
		case err == nil || errors.Is(err, pq.ErrChannelAlreadyOpen):
			l.set(func() { fw.listened = true })
		case !errors.Is(err, net.ErrClosed):
			l.log.Error("cannot listen", "channel", f.Channel, "err", err)
		}
	}()
	select {
	case <-fw.listening:
		return true
	case <-time.After(wait):
		return false
	}
}

// Unfollow stops listening on channel; its follower is told it is down.
func (l *Listener) Unfollow(channel string) {
	l.mu.Lock()
	fw, ok := l.followers[channel]
	delete(l.followers, channel)
	l.mu.Unlock()
	if !ok {
		return
	}
	if err := l.pq.Unlisten(channel); err != nil && !errors.Is(err, pq.ErrChannelNotOpen) && !errors.Is(err, net.ErrClosed) {
		l.log.Warn("cannot stop listening", "channel", channel, "err", err)
	}
	if fw.Up != nil {
		fw.Up(false)
	}
}

// Close ends the connection and waits for the notifications in hand to be
// delivered; every follower still listening is told it is down.
func (l *Listener) Close() {
	l.mu.Lock()
	select {
	case <-l.closed:
		l.mu.Unlock()
		return
	default:
		close(l.closed)
	}
	l.mu.Unlock()
	_ = l.pq.Close()
	l.stopped.Wait()
	l.set(func() { l.connected = false })
}

// onEvent follows the connection.
func (l *Listener) onEvent(event pq.ListenerEventType, err error) {
	switch event {
	case pq.ListenerEventConnected, pq.ListenerEventReconnected:
		l.set(func() { l.connected = true })
	case pq.ListenerEventDisconnected:
		l.set(func() { l.connected = false })
		l.log.Warn("listening connection lost; reconnecting", "err", err)
	case pq.ListenerEventConnectionAttemptFailed:
		l.log.Warn("listening connection cannot connect", "err", err)
	}
}

// set changes the listener's state and tells each follower whether its
// channel is up.
func (l *Listener) set(change func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	change()
	for _, fw := range l.followers {
		up := l.connected && fw.listened
		if fw.Up != nil {
			fw.Up(up)
		}
		if !up {
			continue
		}
		select {
		case <-fw.listening:
		default:
			close(fw.listening)
			l.log.Info("listening", "channel", fw.Channel)
		}
	}
}

// run hands out notifications until Close closes the connection, which
// closes its Notify channel.
func (l *Listener) run() {
	defer l.stopped.Done()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case n, open := <-l.pq.Notify:
			if !open {
				return
			}
			l.deliver(n)
		case <-ping.C:
			go func() { _ = l.pq.Ping() }()
		}
	}
}

// deliver hands one notification to its channel's follower; a nil one (after a
// reconnection) to every follower's Missed.
func (l *Listener) deliver(n *pq.Notification) {
	l.mu.Lock()
	var targets []*follow
	if n == nil {
		for _, fw := range l.followers {
			targets = append(targets, fw)
		}
	} else if fw, ok := l.followers[n.Channel]; ok {
		targets = append(targets, fw)
	}
	l.mu.Unlock()
	for _, fw := range targets {
		switch {
		case n != nil:
			fw.Notify(n.Extra)
		case fw.Missed != nil:
			fw.Missed()
		}
	}
}
