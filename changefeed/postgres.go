package changefeed

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/lib/pq"

	"github.com/vidra-dev/vidra/database"
)

// Channel is the PostgreSQL notification channel of the change feed.
const Channel = "vidra_changes"

const (
	// minReconnect and maxReconnect bound the wait between attempts to listen
	// again after the connection is lost.
	minReconnect = 100 * time.Millisecond
	maxReconnect = 10 * time.Second
	// pingEvery is how often an idle listener checks its connection, so that
	// a connection dropped without a word is noticed.
	pingEvery = 30 * time.Second
	// startWait is how long a starting server waits for the listener.
	startWait = 5 * time.Second
	// applicationName names the listener's connection in pg_stat_activity.
	applicationName = "vidra-changefeed"
)

// NewPostgres returns a bus that publishes with NOTIFY through pool and
// delivers what any process publishes, listening on databaseURL. It returns
// once it listens, or after startWait if it cannot yet (it goes on trying).
//
// lib/pq's Listener keeps the connection: it reconnects with backoff, LISTENs
// again and reports a nil notification for what may have been missed, which
// the bus passes on as a KindResync notice.
func NewPostgres(databaseURL string, pool *sql.DB, log *slog.Logger) *Bus {
	b := &Bus{log: log, subs: map[*Subscription]struct{}{}}
	b.send = func(ctx context.Context, notices []Notice) error {
		payloads, err := encodeBatches(notices, MaxPayload)
		if err != nil {
			return err
		}
		for _, p := range payloads {
			if _, err := pool.ExecContext(ctx, `SELECT pg_notify($1, $2)`, Channel, p); err != nil {
				return err
			}
		}
		return nil
	}
	l := pq.NewListener(database.WithApplicationName(databaseURL, applicationName), minReconnect, maxReconnect, func(ev pq.ListenerEventType, err error) {
		switch ev {
		case pq.ListenerEventDisconnected:
			log.Warn("changefeed listener lost its connection; reconnecting", "err", err)
		case pq.ListenerEventConnectionAttemptFailed:
			log.Warn("changefeed listener cannot connect", "err", err)
		}
	})
	var done sync.WaitGroup
	listening := make(chan struct{})
	done.Add(1)
	go func() {
		defer done.Done()
		b.listen(l, listening)
	}()
	var once sync.Once
	b.stop = func() {
		once.Do(func() { _ = l.Close() })
		done.Wait()
	}
	select {
	case <-listening:
	case <-time.After(startWait):
		log.Warn("changefeed not listening yet; subscriptions get other servers' changes once it is", "waited", startWait.String())
	}
	return b
}

// listen delivers notifications until the listener is closed.
func (b *Bus) listen(l *pq.Listener, listening chan struct{}) {
	listened := make(chan error, 1)
	go func() { listened <- l.Listen(Channel) }()
	ping := time.NewTicker(pingEvery)
	defer ping.Stop()
	for {
		select {
		case err := <-listened:
			if err == nil {
				close(listening)
			} else if !errors.Is(err, net.ErrClosed) {
				b.log.Error("changefeed cannot listen", "err", err)
			}
		case n, open := <-l.Notify:
			if !open {
				return
			}
			if n == nil {
				b.deliver([]Notice{{Kind: KindResync}})
				continue
			}
			notices, err := decodeBatch(n.Extra)
			if err != nil {
				b.log.Warn("changefeed notification ignored", "err", err)
				continue
			}
			b.deliver(notices)
		case <-ping.C:
			go func() { _ = l.Ping() }()
		}
	}
}
