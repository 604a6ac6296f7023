package migrate

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"

	"entgo.io/ent/dialect"
)

// historyTable records each migration Apply runs: golang-migrate's own table
// keeps only the current version.
const historyTable = "vidra_migration_history"

// Applied is one migration applied to a database.
type Applied struct {
	Migration
	// AppliedAt is when the migration started; zero when it was applied before
	// Vidra kept a history (the version table says it was, not when).
	AppliedAt time.Time
	// Duration is how long the migration took; zero when AppliedAt is.
	Duration time.Duration
}

// historyDDL creates the history table, by dialect.
var historyDDL = map[string]string{
	dialect.Postgres: `CREATE TABLE IF NOT EXISTS ` + historyTable + ` (
	version bigint PRIMARY KEY,
	name text NOT NULL,
	applied_at timestamptz NOT NULL,
	duration_ms double precision NOT NULL
)`,
	dialect.SQLite: `CREATE TABLE IF NOT EXISTS ` + historyTable + ` (
	version integer PRIMARY KEY,
	name text NOT NULL,
	applied_at datetime NOT NULL,
	duration_ms real NOT NULL
)`,
}

// ensureHistory creates the history table when it is missing.
func ensureHistory(ctx context.Context, db *sql.DB, dialectName string) error {
	if _, err := db.ExecContext(ctx, historyDDL[dialectName]); err != nil {
		return fmt.Errorf("migrate: create %s: %w", historyTable, err)
	}
	return nil
}

// record writes one applied migration to the history, replacing the row of an
// earlier run of the same migration (applied, rolled back, applied again).
func record(ctx context.Context, db *sql.DB, dialectName string, m Migration, at time.Time, took time.Duration) error {
	stmt := `INSERT INTO ` + historyTable + ` (version, name, applied_at, duration_ms) VALUES ($1, $2, $3, $4) ON CONFLICT (version) DO UPDATE SET name = excluded.name, applied_at = excluded.applied_at, duration_ms = excluded.duration_ms`
	if dialectName == dialect.SQLite {
		stmt = `INSERT INTO ` + historyTable + ` (version, name, applied_at, duration_ms) VALUES (?, ?, ?, ?) ON CONFLICT (version) DO UPDATE SET name = excluded.name, applied_at = excluded.applied_at, duration_ms = excluded.duration_ms`
	}
	ms := float64(took.Microseconds()) / 1000
	if _, err := db.ExecContext(ctx, stmt, int64(m.Version), m.Name, at.UTC(), ms); err != nil {
		return fmt.Errorf("migrate: record migration %d: %w", m.Version, err)
	}
	return nil
}

// History lists the migrations applied to db, oldest first: those the
// history table recorded, with their times, and those applied before it
// existed, without. The table is Apply's: db must have been through it. Rows of migrations rolled back since are left out.
func History(ctx context.Context, db *sql.DB, dialectName string) ([]Applied, error) {
	current, _, err := Version(ctx, db, dialectName)
	if err != nil {
		return nil, err
	}
	recorded, err := readHistory(ctx, db, current)
	if err != nil {
		return nil, err
	}
	available, err := Available(dialectName)
	if err != nil {
		return nil, err
	}
	list := make([]Applied, 0, len(available))
	for _, m := range available {
		if m.Version > current {
			break
		}
		if a, ok := recorded[m.Version]; ok {
			list = append(list, a)
			delete(recorded, m.Version)
			continue
		}
		list = append(list, Applied{Migration: m})
	}
	// Rows of migrations this binary does not embed (a newer binary applied them).
	for _, a := range recorded {
		list = append(list, a)
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Version < list[j].Version })
	return list, nil
}

// readHistory reads the history rows up to version, by version.
func readHistory(ctx context.Context, db *sql.DB, upTo uint) (map[uint]Applied, error) {
	rows, err := db.QueryContext(ctx, `SELECT version, name, applied_at, duration_ms FROM `+historyTable)
	if err != nil {
		return nil, fmt.Errorf("migrate: read %s: %w", historyTable, err)
	}
	defer func() { _ = rows.Close() }()
	out := map[uint]Applied{}
	for rows.Next() {
		var (
			version int64
			a       Applied
			ms      float64
		)
		if err := rows.Scan(&version, &a.Name, &a.AppliedAt, &ms); err != nil {
			return nil, fmt.Errorf("migrate: read %s: %w", historyTable, err)
		}
		if version < 0 || uint(version) > upTo {
			continue
		}
		a.Version = uint(version)
		a.Duration = time.Duration(ms * float64(time.Millisecond))
		out[a.Version] = a
	}
	return out, rows.Err()
}
