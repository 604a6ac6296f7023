package analytics

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/lib/pq"
)

// maxCachedFolds bounds the folds the writer keeps in memory; beyond it, folds
// of views quiet for 30 minutes are forgotten (rebuilt from events if needed).
const maxCachedFolds = 200_000

// eventsPerInsert is the number of events of the prepared INSERT statement (5
// parameters each); the rest of a batch goes in one unprepared statement.
const eventsPerInsert = 100

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

type deliverySum struct{ bytes, requests, segMs int64 }

// servedKey is a session that segments of a video were served to.
type servedKey struct {
	project, video uuid.UUID
	session        string
}

// maxServed bounds the sessions remembered as served.
const maxServed = 100_000

// Write writes a batch in one transaction; the store's caches (views' folds,
// served sessions) change only when it commits.
func (s *SQLStore) Write(ctx context.Context, batch WriteBatch) error {
	// Prepared before the transaction: preparing takes a pooled connection, and
	// with the transaction holding one a busy pool (SQLite has 4) could leave
	// the writer waiting on itself.
	if _, err := s.insertStmt(ctx, s.positional()); err != nil { //nolint:sqlclosecheck // the store's own, closed by SQLStore.Close
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer func() { _ = tx.Rollback() }()
	served, err := s.verifyServed(ctx, tx, batch)
	if err != nil {
		return err
	}
	folds, err := s.writeViews(ctx, tx, batch, served)
	if err != nil {
		return err
	}
	if err := writeCounters(ctx, tx, batch); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		for id := range folds {
			delete(s.folds, id)
		}
		return err
	}
	s.keepFolds(folds)
	s.keepServed(served)
	return nil
}

// verifyServed marks verified the stored views of the sessions the batch's
// deliveries served, and returns those sessions (remembered after commit, so a
// view whose first beacon comes later is verified when it is stored).
func (s *SQLStore) verifyServed(ctx context.Context, tx *sql.Tx, batch WriteBatch) (map[servedKey]int64, error) {
	served := map[servedKey]int64{}
	for _, d := range batch.Deliveries {
		if d.Session != "" && d.SegmentMs > 0 {
			served[servedKey{d.Project, d.Video, d.Session}] = d.At.Unix()
		}
	}
	for k := range served {
		if _, ok := s.served[k]; ok {
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
func (s *SQLStore) keepServed(served map[servedKey]int64) {
	for k, t := range served {
		s.served[k] = t
	}
	if len(s.served) > maxServed {
		cutoff := s.now().Add(-24 * time.Hour).Unix()
		for k, t := range s.served {
			if t < cutoff {
				delete(s.served, k)
			}
		}
		if len(s.served) > maxServed {
			clear(s.served)
		}
	}
}

// storedView is what the database holds of a view the writer has not cached.
type storedView struct {
	project, video uuid.UUID
	ref            int64 // 0 when the view has no number yet
	hour           int64
	// watched and updated are its credited watch time (ms) and last write
	// (epoch s): firstSeenMs.
	watched, updated int64
}

// viewsPerStatement is the most views one lookup or upsert statement carries.
const viewsPerStatement = 100

// writeViews appends the batch's events and upserts every view that gained one.
func (s *SQLStore) writeViews(ctx context.Context, tx *sql.Tx, batch WriteBatch, served map[servedKey]int64) (map[uuid.UUID]*viewFold, error) {
	recs, order := mergeViews(batch.Views)
	if len(order) == 0 {
		return nil, nil
	}
	positional := s.positional()
	stored, err := s.storedViews(ctx, tx, order, positional)
	if err != nil {
		return nil, err
	}
	refs, fresh, err := s.numberViews(ctx, tx, recs, order, stored)
	if err != nil {
		return nil, err
	}
	inserted, err := s.insertEvents(ctx, tx, recs, order, refs, positional)
	if err != nil {
		return nil, err
	}
	nowMs := s.now().UnixMilli()
	now := nowMs / 1000
	folds := map[uuid.UUID]*viewFold{}
	dirty := map[dirtyKey]bool{}
	var rows []viewRow
	for _, id := range order {
		r, ref := recs[id], refs[id]
		if ref == 0 {
			continue // the view id is another video's
		}
		seqs := inserted[id]
		if fresh[id] && len(seqs) != len(r.Events) {
			// Another writer took this number meanwhile: the transaction is retried
			// with a new one.
			return nil, fmt.Errorf("view number %d is taken", ref)
		}
		if len(seqs) == 0 {
			continue
		}
		slices.Sort(seqs)
		prevHour := int64(-1)
		if c, ok := s.folds[id]; ok {
			prevHour = hourOf(c.StartMs / 1000)
		} else if sv, ok := stored[id]; ok {
			prevHour = sv.hour
		}
		f, err := s.foldView(ctx, tx, r, ref, seqs, fresh[id])
		if err != nil {
			return nil, err
		}
		if f.n == 0 {
			continue
		}
		if f.FirstSeenMs == 0 {
			f.FirstSeenMs = s.firstSeenMs(id, stored, nowMs)
		}
		sk := servedKey{r.Project, r.Video, r.SessionID}
		_, verified := s.served[sk]
		if _, ok := served[sk]; ok {
			verified = true
		}
		hour := hourOf(f.StartMs / 1000)
		rows = append(rows, viewRow{r: r, f: f, hour: hour, watched: f.creditedMs(nowMs), verified: verified && r.SessionID != ""})
		dirty[dirtyKey{r.Project, hour}] = true
		if prevHour >= 0 && prevHour != hour {
			dirty[dirtyKey{r.Project, prevHour}] = true
		}
		folds[id] = f
	}
	if err := upsertViews(ctx, tx, rows, now, positional); err != nil {
		return nil, err
	}
	return folds, markDirty(ctx, tx, dirty, positional)
}

// mergeViews gathers the batch's beacons by view, in order of arrival, each
// event once (the first one sent of a seq), sorted by seq.
func mergeViews(views []*ViewRecord) (map[uuid.UUID]*ViewRecord, []uuid.UUID) {
	recs := map[uuid.UUID]*ViewRecord{}
	var order []uuid.UUID
	for _, v := range views {
		r, ok := recs[v.View]
		if !ok {
			c := *v
			c.Events = slices.Clip(v.Events)
			recs[v.View] = &c
			order = append(order, v.View)
			continue
		}
		if r.Project != v.Project || r.Video != v.Video {
			continue // the same view id for another video: the first one wins
		}
		r.Events = append(r.Events, v.Events...)
	}
	for _, id := range order {
		recs[id].Events = uniqueBySeq(recs[id].Events)
	}
	return recs, order
}

// uniqueBySeq sorts events by seq (stable: of equal seqs the first sent comes
// first) and keeps one event per seq. It works on a copy when it must change
// anything: the beacons' slices stay as queued (a failed transaction is
// retried from them).
func uniqueBySeq(events []Event) []Event {
	bySeq := func(a, b Event) int { return a.Seq - b.Seq }
	copied := false
	if !slices.IsSortedFunc(events, bySeq) {
		events, copied = slices.Clone(events), true
		slices.SortStableFunc(events, bySeq)
	}
	for i := 1; i < len(events); i++ {
		if events[i].Seq == events[i-1].Seq {
			if !copied {
				events = slices.Clone(events)
			}
			return slices.CompactFunc(events, func(a, b Event) bool { return a.Seq == b.Seq })
		}
	}
	return events
}

// readStoredViews runs query (a SELECT of analytics_views by id) in tx and adds each
// row to out by id.
func readStoredViews(ctx context.Context, tx *sql.Tx, query string, args []any, out map[uuid.UUID]storedView) error {
	rows, err := tx.QueryContext(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var sv storedView
		var ref sql.NullInt64
		if err := rows.Scan(&id, &sv.project, &sv.video, &ref, &sv.hour, &sv.watched, &sv.updated); err != nil {
			return err
		}
		sv.ref = ref.Int64
		out[id] = sv
	}
	if err := rows.Err(); err != nil {
		return err
	}
	return rows.Close()
}

// storedViews reads the stored views among those of the batch the writer has
// not cached.
func (s *SQLStore) storedViews(ctx context.Context, tx *sql.Tx, order []uuid.UUID, positional bool) (map[uuid.UUID]storedView, error) {
	var ask []uuid.UUID
	for _, id := range order {
		if _, ok := s.folds[id]; !ok {
			ask = append(ask, id)
		}
	}
	out := map[uuid.UUID]storedView{}
	for start := 0; start < len(ask); start += viewsPerStatement {
		chunk := ask[start:min(start+viewsPerStatement, len(ask))]
		var sb strings.Builder
		sb.WriteString(`SELECT id, project_id, video_id, ref, hour, watched_ms, updated_at FROM analytics_views WHERE id IN `)
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		placeholders(&sb, 0, len(chunk), positional)
		if err := readStoredViews(ctx, tx, sb.String(), args, out); err != nil {
			return nil, fmt.Errorf("read views: %w", err)
		}
	}
	return out, nil
}

// numberViews gives each view of the batch its number: the cached or stored
// one, else the next free one (fresh). A view id stored for another video gets
// none (0): its events are not written.
func (s *SQLStore) numberViews(ctx context.Context, tx *sql.Tx, recs map[uuid.UUID]*ViewRecord, order []uuid.UUID, stored map[uuid.UUID]storedView) (map[uuid.UUID]int64, map[uuid.UUID]bool, error) {
	refs := map[uuid.UUID]int64{}
	fresh := map[uuid.UUID]bool{}
	next := int64(-1)
	for _, id := range order {
		r := recs[id]
		if c, ok := s.folds[id]; ok {
			if c.Project == r.Project && c.Video == r.Video {
				refs[id] = c.Ref
			}
			continue
		}
		sv, ok := stored[id]
		if ok && (sv.project != r.Project || sv.video != r.Video) {
			continue
		}
		if ok && sv.ref > 0 {
			refs[id] = sv.ref
			continue
		}
		if next < 0 {
			if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(ref), 0) FROM analytics_views`).Scan(&next); err != nil {
				return nil, nil, fmt.Errorf("number views: %w", err)
			}
			next++
		}
		refs[id], fresh[id] = next, true
		next++
	}
	return refs, fresh, nil
}

// insertEvents appends events, skipping those already stored, and returns the
// seqs it stored per view.
func (s *SQLStore) insertEvents(ctx context.Context, tx *sql.Tx, recs map[uuid.UUID]*ViewRecord, order []uuid.UUID, refs map[uuid.UUID]int64, positional bool) (map[uuid.UUID][]int, error) {
	type row struct {
		ref int64
		e   *Event
	}
	var rows []row
	views := map[int64]uuid.UUID{}
	for _, id := range order {
		ref := refs[id]
		if ref == 0 {
			continue
		}
		views[ref] = id
		r := recs[id]
		for i := range r.Events {
			rows = append(rows, row{ref, &r.Events[i]})
		}
	}
	inserted := map[uuid.UUID][]int{}
	scan := func(res *sql.Rows) error {
		defer func() { _ = res.Close() }()
		for res.Next() {
			var id int64
			if err := res.Scan(&id); err != nil {
				return err
			}
			v := views[id>>seqBits]
			inserted[v] = append(inserted[v], EventSeq(id))
		}
		if err := res.Close(); err != nil {
			return err
		}
		return res.Err()
	}
	if !positional {
		// PostgreSQL: every event in one prepared statement, as five arrays.
		ids, ts, pts, types := make([]int64, len(rows)), make([]int64, len(rows)), make([]int64, len(rows)), make([]int64, len(rows))
		details := make([]sql.NullString, len(rows))
		for i, x := range rows {
			ids[i], ts[i], pts[i], types[i] = EventID(x.ref, x.e.Seq), x.e.TsMs, x.e.PlayMs, int64(typeCode(x.e.Type))
			details[i] = sql.NullString{String: x.e.Detail, Valid: x.e.Detail != ""}
		}
		st, err := s.insertStmt(ctx, positional)
		if err != nil {
			return nil, err
		}
		res, err := tx.StmtContext(ctx, st).QueryContext(ctx, pq.Array(ids), pq.Array(ts), pq.Array(pts), pq.Array(types), pq.Array(details)) //nolint:rowserrcheck,sqlclosecheck // scan closes res and returns its Err; tx closes its StmtContext at its end
		if err != nil {
			return nil, fmt.Errorf("insert events: %w", err)
		}
		if err := scan(res); err != nil {
			return nil, fmt.Errorf("insert events: %w", err)
		}
		return inserted, nil
	}
	for start := 0; start < len(rows); start += eventsPerInsert {
		chunk := rows[start:min(start+eventsPerInsert, len(rows))]
		args := make([]any, 0, len(chunk)*5)
		for _, x := range chunk {
			var d any
			if x.e.Detail != "" {
				d = x.e.Detail
			}
			args = append(args, EventID(x.ref, x.e.Seq), x.e.TsMs, x.e.PlayMs, typeCode(x.e.Type), d)
		}
		var res *sql.Rows
		var err error
		if len(chunk) == eventsPerInsert {
			var st *sql.Stmt
			if st, err = s.insertStmt(ctx, positional); err == nil {
				res, err = tx.StmtContext(ctx, st).QueryContext(ctx, args...) //nolint:rowserrcheck,sqlclosecheck // scan closes res and returns its Err; tx closes its StmtContext at its end
			}
		} else {
			res, err = tx.QueryContext(ctx, insertEventsSQL(len(chunk), positional), args...) //nolint:rowserrcheck // scan closes res and returns its Err
		}
		if err != nil {
			return nil, fmt.Errorf("insert events: %w", err)
		}
		if err := scan(res); err != nil {
			return nil, fmt.Errorf("insert events: %w", err)
		}
	}
	return inserted, nil
}

// insertEventsSQL is the INSERT of n events, skipping those stored already.
func insertEventsSQL(n int, positional bool) string {
	var sb strings.Builder
	sb.Grow(100 + n*40)
	sb.WriteString(`INSERT INTO analytics_events (id, ts_ms, playhead_ms, type, detail) VALUES `)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(", ")
		}
		placeholders(&sb, i*5, 5, positional)
	}
	sb.WriteString(` ON CONFLICT (id) DO NOTHING RETURNING id`)
	return sb.String()
}

// insertEventsArraysSQL is PostgreSQL's INSERT of any number of events, given
// as arrays: one statement text, prepared once.
const insertEventsArraysSQL = `INSERT INTO analytics_events (id, ts_ms, playhead_ms, type, detail)
SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::smallint[], $5::text[])
ON CONFLICT (id) DO NOTHING RETURNING id`

// positional tells whether the writer's database takes ?-style placeholders
// (SQLite) rather than PostgreSQL's numbered ones.
func (s *SQLStore) positional() bool { return s.dialect != "postgres" }

// insertStmt is the prepared events INSERT: on SQLite the one of
// eventsPerInsert events (SQLite would otherwise spend more time parsing the
// statement than running it), on PostgreSQL the arrays one (lib/pq runs an
// unprepared statement in two round trips).
func (s *SQLStore) insertStmt(ctx context.Context, positional bool) (*sql.Stmt, error) {
	if s.insert != nil {
		return s.insert, nil
	}
	query := insertEventsArraysSQL
	if positional {
		query = insertEventsSQL(eventsPerInsert, positional)
	}
	st, err := s.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, fmt.Errorf("prepare the events insert: %w", err)
	}
	s.insert = st
	return st, nil
}

// foldView brings the view's fold up to date with the newly stored seqs: on
// from the cached fold when they follow it directly, from the batch's events
// alone for a view numbered now (fresh: they are all its stored events), else
// rebuilt from every stored event of the view (one id range).
func (s *SQLStore) foldView(ctx context.Context, tx *sql.Tx, r *ViewRecord, ref int64, seqs []int, fresh bool) (*viewFold, error) {
	// r.Events are sorted by seq, one per seq (mergeViews); seqs are sorted.
	if c, ok := s.folds[r.View]; ok && contiguous(c.LastSeq, seqs) {
		f := *c
		f.DurationMs = r.DurationMs
		i := 0
		for _, seq := range seqs {
			for r.Events[i].Seq != seq {
				i++
			}
			f.apply(r.Events[i])
		}
		return &f, nil
	}
	if fresh {
		f := newFold(r.GapCapMs, r.DurationMs)
		f.Ref, f.Project, f.Video = ref, r.Project, r.Video
		for _, e := range r.Events {
			f.apply(e)
		}
		return f, nil
	}
	lo, hi := EventRange(ref)
	rows, err := tx.QueryContext(ctx, `SELECT id, ts_ms, type, playhead_ms, detail FROM analytics_events
		WHERE id >= $1 AND id < $2 ORDER BY id`, lo, hi)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	f := newFold(r.GapCapMs, r.DurationMs)
	f.Ref, f.Project, f.Video = ref, r.Project, r.Video
	for rows.Next() {
		var e Event
		var id int64
		var code int16
		var d sql.NullString
		if err := rows.Scan(&id, &e.TsMs, &code, &e.PlayMs, &d); err != nil {
			return nil, err
		}
		e.Seq, e.Type, e.Detail = EventSeq(id), EventTypeName(code), d.String
		e.decodeDetail()
		f.apply(e)
	}
	return f, rows.Err()
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

// viewRow is a view to upsert: its beacon, its fold and its hour.
type viewRow struct {
	r        *ViewRecord
	f        *viewFold
	hour     int64
	watched  int64 // creditedMs
	verified bool
}

// viewColumns are the columns of an upserted view.
const viewColumns = 30

const upsertViewsHead = `INSERT INTO analytics_views (id, project_id, ref, video_id, folder_id, player_id, user_id,
 session_id, viewer_key, country, device_type, os, browser, player_software, stream_type, started_at,
 ended_at, hour, startup_ms, watched_ms, rebuffer_ms, rebuffer_count, error_count, fatal_error_code,
 max_playhead_ms, duration_ms, completed, verified, updated_at, closed) VALUES `

const upsertViewsTail = `
ON CONFLICT (id) DO UPDATE SET started_at = excluded.started_at, ended_at = excluded.ended_at,
 hour = excluded.hour, startup_ms = excluded.startup_ms, watched_ms = excluded.watched_ms,
 rebuffer_ms = excluded.rebuffer_ms, rebuffer_count = excluded.rebuffer_count,
 error_count = excluded.error_count, fatal_error_code = excluded.fatal_error_code,
 max_playhead_ms = excluded.max_playhead_ms, duration_ms = excluded.duration_ms,
 completed = excluded.completed, updated_at = excluded.updated_at, closed = excluded.closed,
 ref = COALESCE(analytics_views.ref, excluded.ref),
 verified = CASE WHEN excluded.verified THEN excluded.verified ELSE analytics_views.verified END
WHERE analytics_views.project_id = excluded.project_id AND analytics_views.video_id = excluded.video_id`

// upsertViews writes the views' figures from their folds, a hundred a statement.
func upsertViews(ctx context.Context, tx *sql.Tx, rows []viewRow, now int64, positional bool) error {
	for start := 0; start < len(rows); start += viewsPerStatement {
		chunk := rows[start:min(start+viewsPerStatement, len(rows))]
		var sb strings.Builder
		sb.WriteString(upsertViewsHead)
		args := make([]any, 0, len(chunk)*viewColumns)
		for i, v := range chunk {
			if i > 0 {
				sb.WriteString(", ")
			}
			placeholders(&sb, len(args), viewColumns, positional)
			r, f := v.r, v.f
			var startup any
			if s := f.startupMs(); s != nil {
				startup = *s
			}
			args = append(args, r.View, r.Project, f.Ref, r.Video, nullUUID(r.Folder), nullUUID(r.Player),
				r.UserID, r.SessionID, r.ViewerKey, r.Country, r.Device, r.OS, r.Browser, r.PlayerSoftware, r.StreamType,
				f.StartMs/1000, f.LastMs/1000, v.hour, startup, v.watched, f.RebufferMs, f.RebufferCount, f.ErrorCount,
				f.FatalCode, f.MaxPt, r.DurationMs, f.Completed, v.verified, now, f.State == stEnded)
		}
		sb.WriteString(upsertViewsTail)
		if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("upsert views: %w", err)
		}
	}
	return nil
}

func nullUUID(id *uuid.UUID) any {
	if id == nil {
		return nil
	}
	return *id
}

// markDirty records the hours whose rollups must be recomputed, in one statement.
func markDirty(ctx context.Context, tx *sql.Tx, dirty map[dirtyKey]bool, positional bool) error {
	if len(dirty) == 0 {
		return nil
	}
	var sb strings.Builder
	sb.WriteString(`INSERT INTO analytics_dirty_hours (project_id, hour) VALUES `)
	args := make([]any, 0, 2*len(dirty))
	for k := range dirty {
		if len(args) > 0 {
			sb.WriteString(", ")
		}
		placeholders(&sb, len(args), 2, positional)
		args = append(args, k.project, k.hour)
	}
	sb.WriteString(` ON CONFLICT (project_id, hour) DO NOTHING`)
	if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
		return fmt.Errorf("mark dirty hours: %w", err)
	}
	return nil
}

// writeCounters adds the batch's drop counts and delivery figures.
func writeCounters(ctx context.Context, tx *sql.Tx, batch WriteBatch) error {
	drops := map[dropKey]int64{}
	deliveries := map[deliveryKey]*deliverySum{}
	for _, d := range batch.Drops {
		drops[dropKey{d.Project, d.Hour, d.Reason}] += d.N
	}
	for _, d := range batch.Deliveries {
		k := deliveryKey{d.Project, d.Video, hourOf(d.At.Unix())}
		s := deliveries[k]
		if s == nil {
			s = &deliverySum{}
			deliveries[k] = s
		}
		s.bytes += d.Bytes
		s.requests++
		s.segMs += d.SegmentMs
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
	return nil
}

// keepFolds caches the committed folds, forgetting quiet views when full.
func (s *SQLStore) keepFolds(folds map[uuid.UUID]*viewFold) {
	for id, f := range folds {
		s.folds[id] = f
	}
	if len(s.folds) <= maxCachedFolds {
		return
	}
	cutoff := s.now().Add(-30 * time.Minute).UnixMilli()
	for id, f := range s.folds {
		if f.LastMs < cutoff || f.State == stEnded {
			delete(s.folds, id)
		}
	}
	if len(s.folds) > maxCachedFolds {
		clear(s.folds)
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
