package analytics

import (
	"context"
	"database/sql"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics/query"
)

// SQLStore is the AnalyticsStore of a Vidra database, SQLite or PostgreSQL:
// the same SQL on both (store_sql_write.go, rollup.go, retention.go,
// erase.go and the internal/analytics/query compiler).
//
// It caches what it wrote of the views (their folds, so a beacon continuing
// a view is folded on without reading its events back) and the sessions the
// playback handler served lately. The caches are per process: processes
// sharing one PostgreSQL database each keep their own, rebuilt from the
// database when they miss.
type SQLStore struct {
	db      *sql.DB
	dialect string
	now     func() time.Time
	folds   map[uuid.UUID]*viewFold
	// served are the (project, video, session) that segments were served to
	// lately: a view of one is verified.
	served map[servedKey]int64
	// insert is the prepared events INSERT (insertStmt), closed by Close.
	insert *sql.Stmt
}

var _ AnalyticsStore = (*SQLStore)(nil)

// NewSQLStore is the store of db, whose ent dialect is dialectName
// ("postgres", else SQLite).
func NewSQLStore(db *sql.DB, dialectName string) *SQLStore {
	return &SQLStore{db: db, dialect: dialectName, now: time.Now,
		folds: map[uuid.UUID]*viewFold{}, served: map[servedKey]int64{}}
}

// Rollup recomputes the rollups of up to rollupBatch dirty hours (Rollup).
func (s *SQLStore) Rollup(ctx context.Context) (int, error) { return Rollup(ctx, s.db) }

// Purge deletes what is older than the retention (Purge).
func (s *SQLStore) Purge(ctx context.Context, r Retention, now time.Time) (int64, error) {
	return Purge(ctx, s.db, r, now)
}

// Query compiles the dataset query to SQL and runs it (query.Run).
func (s *SQLStore) Query(ctx context.Context, projectID uuid.UUID, q *query.Query) (*query.Result, error) {
	return query.Run(ctx, s.db, s.dialect, projectID, q)
}

// Concurrent counts the views playing at now (query.Concurrent).
func (s *SQLStore) Concurrent(ctx context.Context, projectID uuid.UUID, filters []query.Filter, now time.Time) (int64, error) {
	return query.Concurrent(ctx, s.db, projectID, filters, now)
}

// Close releases the prepared statement of the writes, once the writer
// writing through the store has closed (the statement is the writer's); the
// store may still be used (it prepares it again).
func (s *SQLStore) Close() error {
	if s.insert == nil {
		return nil
	}
	err := s.insert.Close()
	s.insert = nil
	return err
}
