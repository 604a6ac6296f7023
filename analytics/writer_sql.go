package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
)

// maxCachedFolds bounds the folds the writer keeps in memory; beyond it, folds
// of views quiet for 30 minutes are forgotten (rebuilt from events if needed).
const maxCachedFolds = 200_000

// eventsPerInsert is the number of events per INSERT statement.
const eventsPerInsert = 200

type dirtyKey struct {
	project uuid.UUID
	hour    int64
}

type dropKey struct {
	project uuid.UUID
	hour    int64
	reason  string
}

type deliveryKey struct {
	project, video uuid.UUID
	hour           int64
}

type usageKey struct {
	project uuid.UUID
	day     string
}

type deliverySum struct{ bytes, requests, segMs int64 }

// servedKey is a session that segments of a video were served to.
type servedKey struct {
	project, video uuid.UUID
	session        string
}

// maxServed bounds the sessions remembered as served.
const maxServed = 100_000

// writeOnce writes a batch in one transaction; the fold cache changes only
// when it commits.
func (w *Writer) writeOnce(batch []item) error {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	served, err := w.verifyServed(ctx, tx, batch)
	if err != nil {
		return err
	}
	folds, err := w.writeViews(ctx, tx, batch, served)
	if err != nil {
		return err
	}
	if err := writeCounters(ctx, tx, batch); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		for id := range folds {
			delete(w.folds, id)
		}
		return err
	}
	w.keepFolds(folds)
	w.keepServed(served)
	return nil
}

// verifyServed marks verified the stored views of the sessions the batch's
// deliveries served, and returns those sessions (remembered after commit, so a
// view whose first beacon comes later is verified when it is stored).
func (w *Writer) verifyServed(ctx context.Context, tx *sql.Tx, batch []item) (map[servedKey]int64, error) {
	served := map[servedKey]int64{}
	for _, it := range batch {
		if d := it.delivery; d != nil && d.Session != "" && d.SegmentMs > 0 {
			served[servedKey{d.Project, d.Video, d.Session}] = d.At.Unix()
		}
	}
	for k := range served {
		if _, ok := w.served[k]; ok {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE analytics_views SET verified = $1 WHERE project_id = $2 AND video_id = $3
			AND session_id = $4 AND verified = $5`, true, k.project, k.video, k.session, false); err != nil {
			return nil, fmt.Errorf("verify views: %w", err)
		}
	}
	return served, nil
}

// keepServed remembers served sessions, forgetting those older than a day when full.
func (w *Writer) keepServed(served map[servedKey]int64) {
	for k, t := range served {
		w.served[k] = t
	}
	if len(w.served) > maxServed {
		cutoff := w.opts.Now().Add(-24 * time.Hour).Unix()
		for k, t := range w.served {
			if t < cutoff {
				delete(w.served, k)
			}
		}
		if len(w.served) > maxServed {
			clear(w.served)
		}
	}
}

// writeViews appends the batch's events and upserts every view that gained one.
func (w *Writer) writeViews(ctx context.Context, tx *sql.Tx, batch []item, served map[servedKey]int64) (map[uuid.UUID]*viewFold, error) {
	recs := map[uuid.UUID]*viewRecord{}
	var order []uuid.UUID
	seen := map[uuid.UUID]map[int]bool{}
	for _, it := range batch {
		v := it.view
		if v == nil {
			continue
		}
		r, ok := recs[v.View]
		if !ok {
			c := *v
			c.Events = nil
			r = &c
			recs[v.View] = r
			order = append(order, v.View)
			seen[v.View] = map[int]bool{}
		}
		if r.Project != v.Project || r.Video != v.Video {
			continue // the same view id for another video: the first one wins
		}
		for _, e := range v.Events {
			if !seen[v.View][e.Seq] {
				seen[v.View][e.Seq] = true
				r.Events = append(r.Events, e)
			}
		}
	}
	if len(order) == 0 {
		return nil, nil
	}
	inserted, err := insertEvents(ctx, tx, recs, order, w.opts.Dialect != "postgres")
	if err != nil {
		return nil, err
	}
	now := w.opts.Now().Unix()
	folds := map[uuid.UUID]*viewFold{}
	dirty := map[dirtyKey]bool{}
	for _, id := range order {
		r := recs[id]
		seqs := inserted[id]
		if len(seqs) == 0 {
			continue
		}
		slices.Sort(seqs)
		f, prevHour, err := w.foldView(ctx, tx, r, seqs)
		if err != nil {
			return nil, err
		}
		if f.n == 0 {
			continue
		}
		sk := servedKey{r.Project, r.Video, r.SessionID}
		_, verified := w.served[sk]
		if _, ok := served[sk]; ok {
			verified = true
		}
		hour, err := upsertView(ctx, tx, r, f, now, verified && r.SessionID != "")
		if err != nil {
			return nil, err
		}
		dirty[dirtyKey{r.Project, hour}] = true
		if prevHour >= 0 && prevHour != hour {
			dirty[dirtyKey{r.Project, prevHour}] = true
		}
		folds[id] = f
	}
	return folds, markDirty(ctx, tx, dirty)
}

// insertEvents appends events, skipping those already stored, and returns the
// seqs it stored per view.
func insertEvents(ctx context.Context, tx *sql.Tx, recs map[uuid.UUID]*viewRecord, order []uuid.UUID, positional bool) (map[uuid.UUID][]int, error) {
	type row struct {
		r *viewRecord
		e Event
	}
	var rows []row
	for _, id := range order {
		for _, e := range recs[id].Events {
			rows = append(rows, row{recs[id], e})
		}
	}
	inserted := map[uuid.UUID][]int{}
	for start := 0; start < len(rows); start += eventsPerInsert {
		chunk := rows[start:min(start+eventsPerInsert, len(rows))]
		var sb strings.Builder
		sb.WriteString(`INSERT INTO analytics_events (project_id, view_id, seq, ts_ms, type, playhead_ms, video_id, user_id, detail) VALUES `)
		args := make([]any, 0, len(chunk)*9)
		for i, x := range chunk {
			if i > 0 {
				sb.WriteString(", ")
			}
			placeholders(&sb, len(args), 9, positional)
			args = append(args, x.r.Project, x.r.View, x.e.Seq, x.e.TsMs, x.e.Type, x.e.PlayMs, x.r.Video, x.r.UserID, x.e.Detail)
		}
		sb.WriteString(` ON CONFLICT (view_id, seq) DO NOTHING RETURNING view_id, seq`)
		res, err := tx.QueryContext(ctx, sb.String(), args...)
		if err != nil {
			return nil, fmt.Errorf("insert events: %w", err)
		}
		for res.Next() {
			var id uuid.UUID
			var seq int
			if err := res.Scan(&id, &seq); err != nil {
				_ = res.Close()
				return nil, err
			}
			inserted[id] = append(inserted[id], seq)
		}
		if err := res.Close(); err != nil {
			return nil, err
		}
		if err := res.Err(); err != nil {
			return nil, err
		}
	}
	return inserted, nil
}

// foldView brings the view's fold up to date with the newly stored seqs: on
// from the cached fold when they follow it directly, else rebuilt from every
// stored event of the view. prevHour is the stored view's hour when the fold
// was rebuilt (-1 otherwise, or when the view is new).
func (w *Writer) foldView(ctx context.Context, tx *sql.Tx, r *viewRecord, seqs []int) (*viewFold, int64, error) {
	if c, ok := w.folds[r.View]; ok && contiguous(c.LastSeq, seqs) {
		f := *c
		f.DurationMs = r.DurationMs
		byseq := map[int]Event{}
		for _, e := range r.Events {
			byseq[e.Seq] = e
		}
		for _, s := range seqs {
			f.apply(byseq[s])
		}
		return &f, -1, nil
	}
	prevHour := int64(-1)
	err := tx.QueryRowContext(ctx, `SELECT hour FROM analytics_views WHERE id = $1`, r.View).Scan(&prevHour)
	if err != nil && err != sql.ErrNoRows {
		return nil, 0, err
	}
	rows, err := tx.QueryContext(ctx, `SELECT seq, ts_ms, type, playhead_ms, detail FROM analytics_events
		WHERE view_id = $1 AND project_id = $2 AND video_id = $3 ORDER BY seq`, r.View, r.Project, r.Video)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	f := newFold(r.GapCapMs, r.DurationMs)
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.Seq, &e.TsMs, &e.Type, &e.PlayMs, &e.Detail); err != nil {
			return nil, 0, err
		}
		e.decodeDetail()
		f.apply(e)
	}
	return f, prevHour, rows.Err()
}

// contiguous reports whether seqs (sorted) directly follow last.
func contiguous(last int, seqs []int) bool {
	for i, s := range seqs {
		if s != last+1+i {
			return false
		}
	}
	return true
}

const upsertViewSQL = `INSERT INTO analytics_views (id, project_id, video_id, folder_id, player_id, user_id,
 session_id, viewer_key, country, device_type, os, browser, player_software, stream_type, started_at,
 ended_at, hour, startup_ms, watched_ms, rebuffer_ms, rebuffer_count, error_count, fatal_error_code,
 max_playhead_ms, duration_ms, completed, verified, updated_at, closed)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
 $22, $23, $24, $25, $26, $27, $28, $29)
ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, ended_at = excluded.ended_at,
 hour = excluded.hour, startup_ms = excluded.startup_ms, watched_ms = excluded.watched_ms,
 rebuffer_ms = excluded.rebuffer_ms, rebuffer_count = excluded.rebuffer_count,
 error_count = excluded.error_count, fatal_error_code = excluded.fatal_error_code,
 max_playhead_ms = excluded.max_playhead_ms, duration_ms = excluded.duration_ms,
 completed = excluded.completed, updated_at = excluded.updated_at, closed = excluded.closed,
 verified = CASE WHEN excluded.verified THEN excluded.verified ELSE analytics_views.verified END
WHERE analytics_views.project_id = excluded.project_id AND analytics_views.video_id = excluded.video_id`

// upsertView writes the view's figures from its fold and returns its hour; now
// (the writer's clock) is its updated_at, the time concurrent viewers read.
func upsertView(ctx context.Context, tx *sql.Tx, r *viewRecord, f *viewFold, now int64, verified bool) (int64, error) {
	started := f.StartMs / 1000
	hour := hourOf(started)
	var startup any
	if s := f.startupMs(); s != nil {
		startup = *s
	}
	_, err := tx.ExecContext(ctx, upsertViewSQL, r.View, r.Project, r.Video, nullUUID(r.Folder), nullUUID(r.Player),
		r.UserID, r.SessionID, r.ViewerKey, r.Country, r.Device, r.OS, r.Browser, r.PlayerSoftware, r.StreamType,
		started, f.LastMs/1000, hour, startup, f.WatchedMs, f.RebufferMs, f.RebufferCount, f.ErrorCount,
		f.FatalCode, f.MaxPt, r.DurationMs, f.Completed, verified, now, f.State == stEnded)
	if err != nil {
		return 0, fmt.Errorf("upsert view: %w", err)
	}
	return hour, nil
}

func nullUUID(id *uuid.UUID) any {
	if id == nil {
		return nil
	}
	return *id
}

// markDirty records the hours whose rollups must be recomputed.
func markDirty(ctx context.Context, tx *sql.Tx, dirty map[dirtyKey]bool) error {
	for k := range dirty {
		if _, err := tx.ExecContext(ctx, `INSERT INTO analytics_dirty_hours (project_id, hour) VALUES ($1, $2)
			ON CONFLICT (project_id, hour) DO NOTHING`, k.project, k.hour); err != nil {
			return fmt.Errorf("mark dirty hour: %w", err)
		}
	}
	return nil
}

// writeCounters adds the batch's drop counts and delivery figures.
func writeCounters(ctx context.Context, tx *sql.Tx, batch []item) error {
	drops := map[dropKey]int64{}
	deliveries := map[deliveryKey]*deliverySum{}
	usage := map[usageKey]*deliverySum{}
	for _, it := range batch {
		if d := it.drop; d != nil {
			drops[dropKey{d.Project, d.Hour, d.Reason}] += d.N
		}
		if d := it.delivery; d != nil {
			k := deliveryKey{d.Project, d.Video, hourOf(d.At.Unix())}
			s := deliveries[k]
			if s == nil {
				s = &deliverySum{}
				deliveries[k] = s
			}
			s.bytes += d.Bytes
			s.requests++
			s.segMs += d.SegmentMs
			uk := usageKey{d.Project, d.At.UTC().Format(time.DateOnly)}
			u := usage[uk]
			if u == nil {
				u = &deliverySum{}
				usage[uk] = u
			}
			u.bytes += d.Bytes
			u.requests++
		}
	}
	for k, n := range drops {
		if _, err := tx.ExecContext(ctx, `INSERT INTO analytics_drops (project_id, hour, reason, count) VALUES ($1, $2, $3, $4)
			ON CONFLICT (project_id, hour, reason) DO UPDATE SET count = analytics_drops.count + excluded.count`,
			k.project, k.hour, k.reason, n); err != nil {
			return fmt.Errorf("count drops: %w", err)
		}
	}
	for k, s := range deliveries {
		if _, err := tx.ExecContext(ctx, `INSERT INTO analytics_delivery (project_id, video_id, hour, bytes, requests, segment_seconds_ms)
			VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (project_id, video_id, hour) DO UPDATE SET
			bytes = analytics_delivery.bytes + excluded.bytes, requests = analytics_delivery.requests + excluded.requests,
			segment_seconds_ms = analytics_delivery.segment_seconds_ms + excluded.segment_seconds_ms`,
			k.project, k.video, k.hour, s.bytes, s.requests, s.segMs); err != nil {
			return fmt.Errorf("add delivery: %w", err)
		}
	}
	now := time.Now().UTC()
	for k, s := range usage {
		if _, err := tx.ExecContext(ctx, `INSERT INTO playback_usages (id, created_at, updated_at, project_id, day, bytes, requests)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (project_id, day) DO UPDATE SET
			bytes = playback_usages.bytes + excluded.bytes, requests = playback_usages.requests + excluded.requests,
			updated_at = excluded.updated_at`,
			uuid.Must(uuid.NewV7()), now, now, k.project, k.day, s.bytes, s.requests); err != nil {
			return fmt.Errorf("add playback usage: %w", err)
		}
	}
	return nil
}

// keepFolds caches the committed folds, forgetting quiet views when full.
func (w *Writer) keepFolds(folds map[uuid.UUID]*viewFold) {
	for id, f := range folds {
		w.folds[id] = f
	}
	if len(w.folds) <= maxCachedFolds {
		return
	}
	cutoff := w.opts.Now().Add(-30 * time.Minute).UnixMilli()
	for id, f := range w.folds {
		if f.LastMs < cutoff || f.State == stEnded {
			delete(w.folds, id)
		}
	}
	if len(w.folds) > maxCachedFolds {
		clear(w.folds)
	}
}

// placeholders writes ($n+1, ..., $n+k), or (?, ..., ?) when positional:
// SQLite resolves each numbered parameter by a linear search of the
// statement's names, quadratic in a 1,800-parameter insert.
func placeholders(sb *strings.Builder, n, k int, positional bool) {
	sb.WriteByte('(')
	for i := 1; i <= k; i++ {
		if i > 1 {
			sb.WriteString(", ")
		}
		if positional {
			sb.WriteByte('?')
		} else {
			fmt.Fprintf(sb, "$%d", n+i)
		}
	}
	sb.WriteByte(')')
}
