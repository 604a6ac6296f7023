package analytics

import (
	"context"
	"database/sql"
	"time"
)

// Retention is how long each analytics table keeps its rows; zero keeps them.
type Retention struct {
	// Events are raw events (the player log): 30 days by default.
	Events time.Duration
	// Views are the views, and the viewer rollup (analytics_viewer_daily, which
	// holds their viewer keys and users): 13 months by default.
	Views time.Duration
	// Hourly is the hourly rollup: 90 days by default (the daily one is kept).
	Hourly time.Duration
}

// deleteChunk is the most rows one retention DELETE removes, so a large purge
// never holds the database for long.
const deleteChunk = 5000

// Purge deletes what is older than the retention, in chunks, and the viewer-key
// salts older than SaltKeep. It returns the rows deleted.
func Purge(ctx context.Context, db *sql.DB, r Retention, now time.Time) (int64, error) {
	var total int64
	steps := []struct {
		keep time.Duration
		// query deletes one chunk of rows older than $1.
		query string
		unit  func(time.Time) int64
	}{
		// Event ids follow their views' numbers, given in order of arrival, so the
		// old events are found first in id order.
		{r.Events, `DELETE FROM analytics_events WHERE id IN (SELECT id FROM analytics_events WHERE ts_ms < $1 ORDER BY id LIMIT 5000)`,
			func(t time.Time) int64 { return t.UnixMilli() }},
		{r.Views, `DELETE FROM analytics_views WHERE id IN (SELECT id FROM analytics_views WHERE started_at < $1 LIMIT 5000)`,
			func(t time.Time) int64 { return t.Unix() }},
		// A viewer-rollup day goes once all of it is older than the views kept.
		{r.Views, `DELETE FROM analytics_viewer_daily WHERE id IN (SELECT id FROM analytics_viewer_daily WHERE bucket + 86400 <= $1 LIMIT 5000)`,
			func(t time.Time) int64 { return t.Unix() }},
		{r.Hourly, `DELETE FROM analytics_hourly WHERE id IN (SELECT id FROM analytics_hourly WHERE bucket < $1 LIMIT 5000)`,
			func(t time.Time) int64 { return t.Unix() }},
		{SaltKeep, `DELETE FROM analytics_salts WHERE day < $1`,
			func(t time.Time) int64 { return t.Unix() }},
	}
	for _, s := range steps {
		if s.keep <= 0 {
			continue
		}
		cutoff := s.unit(now.Add(-s.keep))
		for {
			res, err := db.ExecContext(ctx, s.query, cutoff)
			if err != nil {
				return total, err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return total, err
			}
			total += n
			if n < deleteChunk/2 || ctx.Err() != nil {
				break
			}
		}
	}
	return total, nil
}
