package edgepage

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"
)

// Fanouts are, by "table.column", the average number of rows holding each
// value of the column (its nulls left out): how many children a parent has
// through that foreign key, or how many links through a join table's column.
//
// The form of a page statement on PostgreSQL is chosen from them. A LATERAL
// join reads at most a page of rows per parent but pays a rescan of the inner
// plan for every parent; when parents have on average no more children than a
// page holds (a video's tags), the window form reads about as many rows in one
// pass and costs a fraction of it (on the benchmark's page of 50 videos, 0.16
// against 0.65 ms of PostgreSQL time). A column with no statistics keeps the
// LATERAL join, which is never much worse.
type Fanouts map[string]float64

// Stats holds a database's Fanouts, replaced as they are read again. The
// page statements of an operation use the Stats its context carries
// (WithStats): one process may serve several databases (tests do).
type Stats struct{ f atomic.Pointer[Fanouts] }

// Set replaces the statistics.
func (st *Stats) Set(f Fanouts) { st.f.Store(&f) }

// statsKey is the context key of WithStats.
type statsKey struct{}

// WithStats returns ctx carrying st, for the page statements run under it.
func WithStats(ctx context.Context, st *Stats) context.Context {
	return context.WithValue(ctx, statsKey{}, st)
}

// fanout returns the average rows per value of table.column under ctx's
// statistics, if known.
func fanout(ctx context.Context, table, column string) (float64, bool) {
	st, _ := ctx.Value(statsKey{}).(*Stats)
	if st == nil {
		return 0, false
	}
	f := st.f.Load()
	if f == nil {
		return 0, false
	}
	v, ok := (*f)[table+"."+column]
	return v, ok
}

// fanoutsSQL reads pg_stats, the planner's statistics that ANALYZE (and
// autovacuum) keep: n_distinct is the count of distinct values, or when
// negative minus its ratio to the row count; null_frac the share of nulls.
const fanoutsSQL = `SELECT s.tablename, s.attname, s.n_distinct, s.null_frac, c.reltuples
FROM pg_stats s
JOIN pg_namespace n ON n.nspname = s.schemaname
JOIN pg_class c ON c.relnamespace = n.oid AND c.relname = s.tablename
WHERE s.schemaname = current_schema() AND c.reltuples > 0 AND s.n_distinct <> 0`

// LoadFanouts reads the fan-out of every analysed column of the current
// schema's tables from PostgreSQL's statistics.
func LoadFanouts(ctx context.Context, db *sql.DB) (Fanouts, error) {
	rows, err := db.QueryContext(ctx, fanoutsSQL)
	if err != nil {
		return nil, fmt.Errorf("edgepage: read column statistics: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := Fanouts{}
	for rows.Next() {
		var table, column string
		var distinct, nulls, tuples float64
		if err := rows.Scan(&table, &column, &distinct, &nulls, &tuples); err != nil {
			return nil, fmt.Errorf("edgepage: read column statistics: %w", err)
		}
		values := distinct
		if distinct < 0 {
			values = -distinct * tuples
		}
		if values > 0 {
			out[table+"."+column] = tuples * (1 - nulls) / values
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("edgepage: read column statistics: %w", err)
	}
	return out, nil
}

// Refresh reads db's statistics now (LoadFanouts) and uses them; on an
// error the previous ones stay.
func (st *Stats) Refresh(ctx context.Context, db *sql.DB) error {
	f, err := LoadFanouts(ctx, db)
	if err != nil {
		return err
	}
	st.Set(f)
	return nil
}

// Watch reads the statistics of db again every interval until ctx ends
// (PostgreSQL only; the window form is SQLite's only form); the caller
// reads them once first (Refresh), before the process serves. A failed read
// is logged and the previous statistics kept.
func (st *Stats) Watch(ctx context.Context, db *sql.DB, every time.Duration, log *slog.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if err := st.Refresh(ctx, db); err != nil && ctx.Err() == nil {
			log.WarnContext(ctx, "page statistics not refreshed", "err", err)
		}
	}
}
