package query

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"slices"
	"strings"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"
)

// measure is a measure column of a rollup table and, for a views part, its
// value for one view (as analytics.Rollup computes it).
type measure struct{ name, view string }

// rollupKind is a family of rollup tables and what it answers: the metrics
// (over u, the union of the rollup and views parts) and the dimensions
// (filters and group-bys) it carries.
type rollupKind struct {
	name string
	// daily is the table of whole UTC days; hourly the one of whole hours,
	// "" when the kind has none (the other hours are read from the views).
	daily, hourly string
	dims          map[Dimension]bool
	metrics       map[Metric]string
	measures      []measure
	// by is a column the parts group by besides the group keys (the viewer key
	// of a distinct count), name "" for none.
	by measure
}

// aggregateRollups are analytics_hourly and analytics_daily: sums by the
// rollup dimensions. Averages and ratios divide summed numerators by summed
// denominators; distinct counts cannot be summed and are absent. Minutes are
// finer than any bucket.
var aggregateRollups = &rollupKind{
	name: "aggregate", daily: fromDaily, hourly: fromHourly,
	dims: map[Dimension]bool{MediaID: true, FolderID: true, Country: true, DeviceType: true, OS: true, Browser: true,
		ErrorCode: true, TimeHour: true, TimeDay: true, TimeWeek: true, TimeMonth: true},
	metrics: map[Metric]string{
		Views:                     "SUM(u.views)",
		ViewAttempts:              "COALESCE(SUM(u.attempts), 0)",
		TotalWatchTime:            "COALESCE(SUM(u.watched_ms), 0) / 1000.0",
		AvgWatchTime:              "SUM(u.watched_ms) / 1000.0 / NULLIF(SUM(u.views), 0)",
		CompletionRate:            "1.0 * SUM(u.completed) / NULLIF(SUM(u.views), 0)",
		TotalMediaError:           "COALESCE(SUM(u.errors), 0)",
		PlaybackFailurePercentage: "100.0 * SUM(u.failures) / NULLIF(SUM(u.attempts), 0)",
		VideoStartupTime:          "1.0 * SUM(u.startup_ms_sum) / NULLIF(SUM(u.startup_count), 0)",
		RebufferPercentage:        "100.0 * SUM(u.rebuffer_ms) / NULLIF(SUM(u.watched_ms) + SUM(u.rebuffer_ms), 0)",
		ExitsBeforeVideoStart:     "SUM(u.ebvs)",
	},
	measures: []measure{
		{"views", "CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END"},
		{"attempts", "1"},
		{"watched_ms", "v.watched_ms"},
		{"rebuffer_ms", "v.rebuffer_ms"},
		{"startup_ms_sum", "COALESCE(v.startup_ms, 0)"},
		{"startup_count", "CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END"},
		{"errors", "v.error_count"},
		{"failures", "CASE WHEN v.fatal_error_code <> '' THEN 1 ELSE 0 END"},
		{"ebvs", "CASE WHEN v.startup_ms IS NULL AND v.fatal_error_code = '' THEN 1 ELSE 0 END"},
		{"completed", "CASE WHEN v.completed THEN 1 ELSE 0 END"},
	},
}

// viewerRollup is analytics_viewer_daily: the views summed by day, rollup
// dimensions, user and viewer key. A distinct count over its rows of whole
// days and the views of the other hours is the distinct count over the views;
// it also answers the additive metrics by user. Days only: no hour group-by.
var viewerRollup = &rollupKind{
	name: "viewer", daily: fromViewerDaily,
	dims: map[Dimension]bool{MediaID: true, FolderID: true, Country: true, DeviceType: true, OS: true, Browser: true,
		UserID: true, TimeDay: true, TimeWeek: true, TimeMonth: true},
	metrics: map[Metric]string{
		Views:                 "SUM(u.views)",
		ViewAttempts:          "COALESCE(SUM(u.attempts), 0)",
		UniqueViewers:         "COUNT(DISTINCT u.viewer_key)",
		TotalWatchTime:        "COALESCE(SUM(u.watched_ms), 0) / 1000.0",
		AvgWatchTime:          "SUM(u.watched_ms) / 1000.0 / NULLIF(SUM(u.views), 0)",
		AvgWatchTimePerViewer: "SUM(u.watched_ms) / 1000.0 / NULLIF(COUNT(DISTINCT u.viewer_key), 0)",
	},
	// Each part sums by the group keys and the viewer key (the distinct count
	// then reads one row per viewer and group of each part), or lists its rows
	// (rollupPlan.sumByViewer).
	by: measure{"viewer_key", "v.viewer_key"},
	measures: []measure{
		{"views", "CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END"},
		{"attempts", "1"},
		{"watched_ms", "v.watched_ms"},
	},
}

// rollupKinds are the kinds a metric may read, the first that covers it.
var rollupKinds = []*rollupKind{aggregateRollups, viewerRollup}

// maxRollupParts is the most parts (runs of hours from one table) a
// rollup-backed statement takes; a range cut up by more dirty hours than that
// is read from the views alone.
const maxRollupParts = 48

// The tables a part of a rollup-backed statement reads.
const (
	fromViews  = "analytics_views"
	fromHourly = "analytics_hourly"
	fromDaily  = "analytics_daily"
	// fromViewerDaily is the viewer rollup (viewerRollup).
	fromViewerDaily = "analytics_viewer_daily"
)

// span is a run [lo, hi) of epoch seconds read from one table.
type span struct {
	table  string
	lo, hi int64
}

// rollupPlan says which hours of a query's range the rollups answer: whole
// hours (analytics_hourly) and whole UTC days (analytics_daily) inside the
// range that are not marked dirty, i.e. whose rollup rows are up to date. The
// rest, the ragged edges and the dirty hours, is read from analytics_views.
// A nil plan reads everything from the views.
type rollupPlan struct {
	start, end int64
	// dirty are the range's hours marked in analytics_dirty_hours.
	dirty map[int64]bool
	// hourlyFrom is the first hour analytics_hourly may be read for: its
	// oldest bucket for the project (older ones may have been purged by the
	// hourly retention; views and the daily rollup are kept longer).
	hourlyFrom int64
	// sumByViewer makes each part of a kind with a by column sum by it (and
	// the group keys) before the distinct count; otherwise the parts list their
	// rows. Summed first measured 2x faster on PostgreSQL and about 2x slower on
	// SQLite (sumFirst).
	sumByViewer bool
}

// sumFirst tells whether the viewer-rollup parts sum by viewer key before the
// distinct count (rollupPlan.sumByViewer): on PostgreSQL.
func sumFirst(dialectName string) bool {
	return dialectName == dialect.Postgres
}

type viewsOnlyKey struct{}

// withViewsOnly marks a context whose queries read analytics_views alone (the
// reference plan the rollup-backed one is tested against).
func withViewsOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, viewsOnlyKey{}, true)
}

// planRollups reads the dirty hours of the query's range and the project's
// oldest hourly bucket, when some metric of the query can read the rollups.
func planRollups(ctx context.Context, db Querier, projectID uuid.UUID, q *Query, compiled []Compiled) (*rollupPlan, error) {
	if ctx.Value(viewsOnlyKey{}) != nil {
		return nil, nil
	}
	start, end := q.Start.Unix(), q.End.Unix()
	if ceilHour(start)+3600 > end {
		return nil, nil // no whole hour in the range
	}
	p := &rollupPlan{start: start, end: end, dirty: map[int64]bool{}, hourlyFrom: math.MaxInt64}
	usable := false
	for _, c := range compiled {
		usable = usable || p.totalKind(q, c) != nil
	}
	if !usable {
		return nil, nil
	}
	rows, err := db.QueryContext(ctx, `SELECT hour FROM analytics_dirty_hours WHERE project_id = $1 AND hour >= $2 AND hour < $3`,
		projectID, start/3600*3600, end)
	if err != nil {
		return nil, fmt.Errorf("analytics dirty hours: %w", err)
	}
	defer func() { _ = rows.Close() }()
	for rows.Next() {
		var h int64
		if err := rows.Scan(&h); err != nil {
			return nil, fmt.Errorf("analytics dirty hours: %w", err)
		}
		p.dirty[h] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("analytics dirty hours: %w", err)
	}
	first, err := db.QueryContext(ctx, `SELECT MIN(bucket) FROM analytics_hourly WHERE project_id = $1`, projectID)
	if err != nil {
		return nil, fmt.Errorf("analytics hourly bucket: %w", err)
	}
	defer func() { _ = first.Close() }()
	var from sql.NullInt64
	if first.Next() {
		if err := first.Scan(&from); err != nil {
			return nil, fmt.Errorf("analytics hourly bucket: %w", err)
		}
	}
	if err := first.Err(); err != nil {
		return nil, fmt.Errorf("analytics hourly bucket: %w", err)
	}
	if from.Valid {
		p.hourlyFrom = from.Int64
	}
	return p, nil
}

// totalKind is the first rollup kind a metric's total can read: one that
// answers the metric and carries every dimension it is filtered by; nil when
// none does (the views alone).
func (p *rollupPlan) totalKind(q *Query, c Compiled) *rollupKind {
	if p == nil {
		return nil
	}
	for _, k := range rollupKinds {
		if k.coversTotal(q, c) {
			return k
		}
	}
	return nil
}

// rowsKind is the first rollup kind a metric's rows can read: one that covers
// its total and carries its group-bys too; nil when none does.
func (p *rollupPlan) rowsKind(q *Query, c Compiled) *rollupKind {
	if p == nil {
		return nil
	}
	for _, k := range rollupKinds {
		if k.coversTotal(q, c) && !slices.ContainsFunc(c.Groups, func(g Dimension) bool { return !k.dims[g] }) {
			return k
		}
	}
	return nil
}

// coversTotal tells whether the kind answers the metric with its filters.
func (k *rollupKind) coversTotal(q *Query, c Compiled) bool {
	if _, ok := k.metrics[c.Metric.Name]; !ok {
		return false
	}
	for _, f := range filtersOf(q, c) {
		if !k.dims[f.Field] {
			return false
		}
	}
	return true
}

// kindName names a kind in a batch key ("" for the views alone).
func kindName(k *rollupKind) string {
	if k == nil {
		return ""
	}
	return k.name
}

// spans cuts the range into runs of hours read from one table each: whole
// clean days from the kind's daily table (when daily, i.e. no group-by finer
// than a day), whole clean hours from its hourly one (if it has one), the rest
// from the views.
func (p *rollupPlan) spans(k *rollupKind, daily bool) []span {
	var out []span
	add := func(table string, lo, hi int64) {
		if n := len(out); n > 0 && out[n-1].table == table && out[n-1].hi == lo {
			out[n-1].hi = hi
			return
		}
		out = append(out, span{table, lo, hi})
	}
	for h := p.start / 3600 * 3600; h < p.end; {
		if daily && h%86400 == 0 && h >= p.start && h+86400 <= p.end && p.cleanRun(h, h+86400) {
			add(k.daily, h, h+86400)
			h += 86400
			continue
		}
		if k.hourly != "" && h >= p.start && h+3600 <= p.end && !p.dirty[h] && h >= p.hourlyFrom {
			add(k.hourly, h, h+3600)
		} else {
			add(fromViews, h, min(h+3600, p.end))
		}
		h += 3600
	}
	return out
}

// cleanRun tells whether no hour of [lo, hi) is dirty.
func (p *rollupPlan) cleanRun(lo, hi int64) bool {
	for h := lo; h < hi; h += 3600 {
		if p.dirty[h] {
			return false
		}
	}
	return true
}

// statement is the statement of metrics (values v0, v1, ...) over the same
// filters, grouped by groups or (none) their totals plus the number of
// matching views, as compileOne makes it: read from the rollups where the plan
// covers them (c stands for the batch), from the views alone otherwise.
func (p *rollupPlan) statement(projectID uuid.UUID, q *Query, c Compiled, metrics []Metric, groups []Dimension, filters []Filter) Statement {
	k := p.totalKind(q, c)
	if len(groups) > 0 {
		k = p.rowsKind(q, c)
	}
	if k == nil {
		return compileOne(projectID, q, metrics, groups, filters)
	}
	t := timeDimension(groups)
	spans := p.spans(k, t != TimeHour)
	rollups := 0
	for _, s := range spans {
		if s.table != fromViews {
			rollups++
		}
	}
	if rollups == 0 || len(spans) > maxRollupParts {
		return compileOne(projectID, q, metrics, groups, filters)
	}
	return compileRollup(projectID, q, k, p.sumByViewer, spans, metrics, groups, filters)
}

// compileRollup is compileOne over the spans: each span's part sums the
// kind's measures by the group keys (and, with sumBy, the kind's by column;
// without, a kind with one lists its rows), from its rollup table or from the
// views that started in the span and the range, and the metrics are computed
// from the union of the parts.
func compileRollup(projectID uuid.UUID, q *Query, k *rollupKind, sumBy bool, spans []span, metrics []Metric, groups []Dimension, filters []Filter) Statement {
	b := &builder{}
	project := b.arg(projectID)
	// The range's bounds are arguments only if a views part reads them
	// (PostgreSQL cannot type an unused parameter).
	var start, end string
	// The filters read the same column names in every table (alias v); each
	// condition and its arguments are shared by the parts.
	var conds []string
	for _, f := range filters {
		conds = append(conds, b.filter(projectID, f, false))
	}
	ords := make([]string, len(groups))
	for i := range groups {
		ords[i] = fmt.Sprint(i + 1)
	}
	var parts []string
	for _, s := range spans {
		var timeCol string
		var where []string
		if s.table == fromViews {
			// The hour bound lets the (project_id, hour) indexes narrow the scan.
			if start == "" {
				start, end = b.arg(q.Start.Unix()), b.arg(q.End.Unix())
			}
			timeCol = "v.started_at"
			where = []string{"v.project_id = " + project, "v.hour >= " + b.arg(s.lo), "v.hour < " + b.arg(s.hi),
				"v.started_at >= " + start, "v.started_at < " + end}
		} else {
			timeCol = "v.bucket"
			where = []string{"v.project_id = " + project, "v.bucket >= " + b.arg(s.lo), "v.bucket < " + b.arg(s.hi)}
		}
		var sel []string
		for i, g := range groups {
			sel = append(sel, fmt.Sprintf("%s AS k%d", b.dimension(q, g, timeCol), i))
		}
		by := ords
		summed := k.by.name == "" || sumBy
		if !summed {
			by = nil
		}
		if k.by.name != "" {
			expr := "v." + k.by.name
			if s.table == fromViews {
				expr = k.by.view
			}
			sel = append(sel, expr+" AS "+k.by.name)
			if summed {
				by = append(slices.Clone(ords), fmt.Sprint(len(sel)))
			}
		}
		for _, m := range k.measures {
			expr := "v." + m.name
			if s.table == fromViews {
				expr = m.view
			}
			if summed {
				expr = "SUM(" + expr + ")"
			}
			sel = append(sel, expr+" AS "+m.name)
		}
		part := "SELECT " + strings.Join(sel, ", ") + " FROM " + s.table + " v WHERE " + strings.Join(append(where, conds...), " AND ")
		if len(by) > 0 {
			part += " GROUP BY " + strings.Join(by, ", ")
		}
		parts = append(parts, part)
	}
	var sel []string
	for i := range groups {
		sel = append(sel, fmt.Sprintf("u.k%d AS k%d", i, i))
	}
	for i, m := range metrics {
		sel = append(sel, fmt.Sprintf("%s AS v%d", k.metrics[m], i))
	}
	if len(groups) == 0 {
		sel = append(sel, "COALESCE(SUM(u.attempts), 0) AS matched")
	}
	var sb strings.Builder
	if len(b.ctes) > 0 {
		sb.WriteString("WITH RECURSIVE " + strings.Join(b.ctes, ", ") + " ")
	}
	sb.WriteString("SELECT " + strings.Join(sel, ", ") + " FROM (" + strings.Join(parts, " UNION ALL ") + ") u")
	if len(groups) == 0 {
		return Statement{SQL: sb.String(), Args: b.args}
	}
	sb.WriteString(" GROUP BY " + strings.Join(ords, ", "))
	// Ordered and limited as compileOne does.
	query := b.orderedAndLimited(q, groups, sb.String()) // adds the limit's argument
	return Statement{SQL: query, Args: b.args}
}
