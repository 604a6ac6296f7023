package analytics

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// AnalyticsStore is where the analytics live: the writer, the rollup and
// retention jobs, the user erasure and the query runner (dataset queries and
// concurrent viewers) go through it. SQLStore (SQLite and PostgreSQL, the ent
// schema's analytics_* tables) is its one implementation; docs/api/analytics.md's
// "Analytics store" says what a ClickHouse one needs. Every analytics read and
// write goes through it.
//
// Write and EraseUser are called from the writer goroutine only, one at a
// time; the other methods may run concurrently with them and each other.
type AnalyticsStore interface {
	// Write stores one batch atomically: every event once per (view, seq)
	// however often it is resent, each view's figures recomputed from all of
	// its stored events (viewFold; its watch time bounded by the server's
	// clock and the duration, creditedMs), the hours it touched marked for the
	// rollup, and the drop and delivery counters added. On error the writer
	// retries the same batch, which must then store nothing twice (SQLStore
	// writes a batch in one transaction: on error nothing of it is stored).
	Write(ctx context.Context, b WriteBatch) error
	// EraseUser deletes a player-reported user's views and events in the
	// project, and marks their hours for the rollup.
	EraseUser(ctx context.Context, project uuid.UUID, userID string) (Erasure, error)
	// Rollup recomputes the rollups of (a batch of) the hours marked since the
	// last run, idempotently, and returns the number of hours done.
	Rollup(ctx context.Context) (int, error)
	// Purge deletes what is older than the retention and returns the rows
	// deleted.
	Purge(ctx context.Context, r Retention, now time.Time) (int64, error)
	// Query runs a dataset query of the project (nil when nothing matched).
	Query(ctx context.Context, projectID uuid.UUID, q *query.Query) (*query.Result, error)
	// Concurrent is the number of the project's views playing at now among
	// those the filters keep.
	Concurrent(ctx context.Context, projectID uuid.UUID, filters []query.Filter, now time.Time) (int64, error)
	// Sessions lists a user's views started in [from, to), newest first.
	Sessions(ctx context.Context, project uuid.UUID, userID string, from, to time.Time, after *SessionCursor, limit int) ([]Session, error)
	// PlayerLog lists a user's raw events in [from, to), oldest first.
	PlayerLog(ctx context.Context, project uuid.UUID, userID string, from, to time.Time, after *EventCursor, limit int) ([]PlayerEvent, error)
	// Drops counts the filtered input by reason (and hour when byHour).
	Drops(ctx context.Context, project uuid.UUID, fromHour, toUnix int64, byHour bool) ([]DropCount, error)
}

// WriteBatch is what the writer took off its queue for one transaction.
type WriteBatch struct {
	// Views are accepted beacons, in order of arrival (several may be of one view).
	Views []*ViewRecord
	// Drops count filtered input.
	Drops []*DropRecord
	// Deliveries are the playback handler's responses.
	Deliveries []*DeliveryRecord
}
