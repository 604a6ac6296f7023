package changefeed

import (
	"context"
	"database/sql"
	"log/slog"
	"time"

	"github.com/vidra-dev/vidra/internal/database/pglisten"
)

// Channel is the PostgreSQL notification channel of the change feed.
const Channel = "vidra_changes"

// startWait is how long a starting server waits for the feed to listen.
const startWait = 5 * time.Second

// NewPostgres returns a bus that publishes with NOTIFY through pool and
// delivers what any process publishes, following Channel on the process's
// listening connection. It returns once it listens, or after startWait if it
// cannot yet (the listener goes on trying). Notifications that may have been
// missed while the connection was down reach subscribers as a KindResync
// notice. Close stops following the channel; the listener stays open.
func NewPostgres(listener *pglisten.Listener, pool *sql.DB, log *slog.Logger) *Bus {
	b := &Bus{log: log, subs: map[*Subscription]struct{}{}, postgres: true}
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
	follower := pglisten.Follower{
		Channel: Channel,
		Notify: func(payload string) {
			notices, err := decodeBatch(payload)
			if err != nil {
				log.Warn("changefeed notification ignored", "err", err)
				return
			}
			b.deliver(notices)
		},
		Missed: func() { b.deliver([]Notice{{Kind: KindResync}}) },
	}
	b.stop = func() { listener.Unfollow(Channel) }
	if !listener.Follow(follower, startWait) {
		log.Warn("changefeed not listening yet; subscriptions get other servers' changes once it is", "waited", startWait.String())
	}
	return b
}
