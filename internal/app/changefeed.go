package app

import (
	"log/slog"

	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/database/pglisten"
)

// newChangeFeed builds the bus that carries change notices to subscriptions:
// through PostgreSQL LISTEN/NOTIFY, so that a change committed by any server
// or worker reaches the subscribers of every server, or in process on the
// embedded SQLite (listener is nil there). Its hook on the ent client publishes each committed change
// of a video, transcoding job or webhook delivery.
func newChangeFeed(db *database.DB, listener *pglisten.Listener, log *slog.Logger) *changefeed.Bus {
	var bus *changefeed.Bus
	if listener != nil {
		bus = changefeed.NewPostgres(listener, db.SQL, log)
	} else {
		bus = changefeed.NewLocal(log)
	}
	db.Client.Use(bus.Hook())
	return bus
}

// StopChangeFeed stops listening for other processes' changes (PostgreSQL);
// the database stays open.
func (a *App) StopChangeFeed() {
	if a.Changes != nil {
		a.Changes.Close()
	}
}
