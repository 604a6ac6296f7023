package rest_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/vidra-dev/vidra/internal/apptest"
)

// volatileTables change without any request's doing (the fixtures' transcoding
// jobs run in the background), or on every authenticated request by design (last
// use of a key or session), or hold the job queue: the state fingerprint leaves
// them out; so do analytics_dirty_hours, which the analytics writer fills and
// the rollup job empties, and the rollups that job recomputes, in the
// background. rate_limits counts attempts, refused ones included, by design;
// idempotency_keys holds a key while its request runs (a refused one releases
// it); job_processes is every process's heartbeat. The usage meter flushes
// delivered usage every 10 s (usage_hourlies, usage_flushes) and the media jobs
// record encode facts and stored HLS output (usage_records, stored_objects). Deliveries are counted, events by the types requests record.
// change_log gets an entry in the transaction of every change of a video,
// transcoding job or delivery, background ones included: a refused request's
// change would show in those rows themselves.
var volatileTables = []string{"api_keys", "sessions", "refresh_tokens", "schema_migrations", "webhook_attempts", "transcoding_jobs",
	"analytics_dirty_hours", "analytics_hourly", "analytics_daily", "analytics_viewer_daily", "rate_limits", "idempotency_keys",
	"job_processes", "usage_hourlies", "usage_flushes", "usage_records", "stored_objects", "change_log"}

// requestEventTypes are the events a request records itself; the others come
// from background jobs (processing, imports, transcoding jobs, deliveries).
const requestEventTypes = `('video.created', 'video.deleted', 'caption.ready', 'livestream.created', 'livestream.updated',
	'livestream.deleted', 'livestream.disabled', 'livestream.enabled', 'livestream.key_reset')`

// stateOf is a fingerprint of the database: every table's row count and latest
// update. Two equal fingerprints around a request mean it created, deleted and
// changed no row (an update moves updated_at) and recorded no event, owed work or
// audit record.
//
// Pulled videos (source_url set) are counted but their updates are not: their
// import runs and is retried in the background, stamping updated_at at times no
// request chose.
func stateOf(t testing.TB, s *apptest.Server) string {
	t.Helper()
	ctx := context.Background()
	db := s.App.DB.SQL
	listing := `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`
	if s.App.DB.Dialect == dialect.Postgres {
		listing = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`
	}
	tables := queryStrings(t, db, listing)
	var b strings.Builder
	for _, table := range tables {
		if slices.Contains(volatileTables, table) || strings.HasPrefix(table, "river_") || strings.HasPrefix(table, "sqlite_") {
			continue
		}
		var count int
		var latest sql.NullString
		q := fmt.Sprintf(`SELECT COUNT(*), CAST(MAX(updated_at) AS TEXT) FROM %s`, table)
		if table == "videos" {
			q = `SELECT COUNT(*), CAST(MAX(CASE WHEN source_url = '' THEN updated_at END) AS TEXT) FROM videos`
		}
		if table == "events" {
			q = `SELECT COUNT(*), '' FROM events WHERE type IN ` + requestEventTypes
		}
		if table == "webhook_deliveries" {
			// Delivered in the background: only new ones count.
			q = fmt.Sprintf(`SELECT COUNT(*), '' FROM %s`, table)
		}
		if err := db.QueryRowContext(ctx, q).Scan(&count, &latest); err != nil {
			if strings.Contains(err.Error(), "updated_at") {
				if err := db.QueryRowContext(ctx, fmt.Sprintf(`SELECT COUNT(*) FROM %s`, table)).Scan(&count); err != nil {
					t.Fatalf("%s: %v", table, err)
				}
			} else {
				t.Fatalf("%s: %v", q, err)
			}
		}
		fmt.Fprintf(&b, "%s=%d@%s\n", table, count, latest.String)
	}
	return b.String()
}

func queryStrings(t testing.TB, db *sql.DB, q string) []string {
	t.Helper()
	rows, err := db.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer func() { _ = rows.Close() }()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return out
}

// stateDiff names the lines of two fingerprints that differ.
func stateDiff(before, after string) string {
	a, b := strings.Split(before, "\n"), strings.Split(after, "\n")
	var out []string
	for _, line := range b {
		if !slices.Contains(a, line) {
			out = append(out, line)
		}
	}
	return strings.Join(out, "; ")
}
