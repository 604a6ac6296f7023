package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"github.com/google/uuid"
)

// rollupBatch is the most dirty hours one Rollup call takes.
const rollupBatch = 1000

// The rollup measures, computed from analytics_views the same way for the
// hourly and the daily table (the column semantics the query side relies on).
const rollupMeasures = `SUM(CASE WHEN startup_ms IS NOT NULL THEN 1 ELSE 0 END), COUNT(*),
 SUM(watched_ms), SUM(rebuffer_ms), COALESCE(SUM(startup_ms), 0), COUNT(startup_ms), SUM(error_count),
 SUM(CASE WHEN fatal_error_code <> '' THEN 1 ELSE 0 END),
 SUM(CASE WHEN startup_ms IS NULL AND fatal_error_code = '' THEN 1 ELSE 0 END),
 SUM(CASE WHEN completed THEN 1 ELSE 0 END)`

const rollupColumns = `(project_id, bucket, video_id, folder_id, country, device_type, os, browser, fatal_error_code,
 views, attempts, watched_ms, rebuffer_ms, startup_ms_sum, startup_count, errors, failures, ebvs, completed)`

// rollupKeys are the rollup dimensions (besides project and bucket), in
// rollupColumns order.
const rollupKeys = `video_id, folder_id, country, device_type, os, browser, fatal_error_code`

const rollupHourSQL = `INSERT INTO analytics_hourly ` + rollupColumns + `
SELECT project_id, hour, ` + rollupKeys + `, ` + rollupMeasures + `
FROM analytics_views WHERE project_id = $1 AND hour = $2
GROUP BY project_id, hour, ` + rollupKeys

const rollupDaySQL = `INSERT INTO analytics_daily ` + rollupColumns + `
SELECT project_id, (hour / 86400) * 86400, ` + rollupKeys + `, ` + rollupMeasures + `
FROM analytics_views WHERE project_id = $1 AND hour >= $2 AND hour < $3
GROUP BY project_id, (hour / 86400) * 86400, ` + rollupKeys

// viewerKeys are the dimensions of analytics_viewer_daily (besides project and
// bucket): the rollup dimensions a viewer's views share, the user and the
// viewer key. Its measures are those of the metrics it answers (the query
// side's viewerMetricSQL).
const viewerKeys = `video_id, folder_id, country, device_type, os, browser, user_id, viewer_key`

const rollupViewerDaySQL = `INSERT INTO analytics_viewer_daily (project_id, bucket, ` + viewerKeys + `, views, attempts, watched_ms)
SELECT project_id, (hour / 86400) * 86400, ` + viewerKeys + `,
 SUM(CASE WHEN startup_ms IS NOT NULL THEN 1 ELSE 0 END), COUNT(*), SUM(watched_ms)
FROM analytics_views WHERE project_id = $1 AND hour >= $2 AND hour < $3
GROUP BY project_id, (hour / 86400) * 86400, ` + viewerKeys

// dayKey is one project's UTC day with dirty hours.
type dayKey struct {
	project uuid.UUID
	day     int64
}

// Rollup recomputes the rollups of the dirty hours: for each project and day,
// in one transaction, it takes the day's dirty-hour marks, and replaces each
// dirty hour's rows of analytics_hourly and the day's rows of analytics_daily
// and analytics_viewer_daily with sums over analytics_views (DELETE + INSERT ... SELECT). Nothing is ever
// incremented, so a rerun, or a run after one that died half-way (its
// transaction rolled back, the marks still there), gives the same totals. A
// view changed while this runs marks its hour again, for the next run. It
// returns the number of hours rolled up.
func Rollup(ctx context.Context, db *sql.DB) (int, error) {
	return rollup(ctx, db, nil)
}

// rollup is Rollup with a hook run inside each transaction after its deletes
// (tests kill a run there).
func rollup(ctx context.Context, db *sql.DB, midway func(context.Context) error) (int, error) {
	rows, err := db.QueryContext(ctx, `SELECT project_id, hour FROM analytics_dirty_hours ORDER BY hour, project_id LIMIT `+fmt.Sprint(rollupBatch))
	if err != nil {
		return 0, err
	}
	// Closed below as soon as it is read, so its connection is free for the rollups;
	// the deferred Close covers the early returns.
	defer rows.Close()
	days := map[dayKey][]int64{}
	var order []dayKey
	for rows.Next() {
		var p uuid.UUID
		var h int64
		if err := rows.Scan(&p, &h); err != nil {
			return 0, err
		}
		k := dayKey{p, h / 86400 * 86400}
		if _, ok := days[k]; !ok {
			order = append(order, k)
		}
		days[k] = append(days[k], h)
	}
	if err := rows.Close(); err != nil {
		return 0, err
	}
	if err := rows.Err(); err != nil {
		return 0, err
	}
	done := 0
	for _, k := range order {
		if err := rollupDay(ctx, db, k, days[k], midway); err != nil {
			return done, fmt.Errorf("roll up project %s day %d: %w", k.project, k.day, err)
		}
		done += len(days[k])
	}
	return done, nil
}

func rollupDay(ctx context.Context, db *sql.DB, k dayKey, hours []int64, midway func(context.Context) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	slices.Sort(hours)
	for _, h := range hours {
		for _, q := range []string{
			`DELETE FROM analytics_dirty_hours WHERE project_id = $1 AND hour = $2`,
			`DELETE FROM analytics_hourly WHERE project_id = $1 AND bucket = $2`,
		} {
			if _, err := tx.ExecContext(ctx, q, k.project, h); err != nil {
				return err
			}
		}
	}
	for _, q := range []string{
		`DELETE FROM analytics_daily WHERE project_id = $1 AND bucket = $2`,
		`DELETE FROM analytics_viewer_daily WHERE project_id = $1 AND bucket = $2`,
	} {
		if _, err := tx.ExecContext(ctx, q, k.project, k.day); err != nil {
			return err
		}
	}
	if midway != nil {
		if err := midway(ctx); err != nil {
			return err
		}
	}
	for _, h := range hours {
		if _, err := tx.ExecContext(ctx, rollupHourSQL, k.project, h); err != nil {
			return err
		}
	}
	for _, q := range []string{rollupDaySQL, rollupViewerDaySQL} {
		if _, err := tx.ExecContext(ctx, q, k.project, k.day, k.day+86400); err != nil {
			return err
		}
	}
	return tx.Commit()
}
