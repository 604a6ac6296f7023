package query

import (
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Statement is one compiled SQL statement with its arguments. The SQL text is
// built from the model's constants only; every value from the input is an
// argument ($1, $2, ... on both SQLite and PostgreSQL).
type Statement struct {
	SQL  string
	Args []any
}

// Compiled is a metric's two statements: Rows selects its group keys (k0, k1,
// ...) and value per group, Total its value over every matching row and the
// number of rows that matched.
type Compiled struct {
	Metric MetricQuery
	Groups []Dimension
	Rows   Statement
	Total  Statement
}

// kind says how a metric fills an empty bucket: counts with 0, ratios with null.
type kind int

const (
	count kind = iota
	ratio
)

// metricSQL is a metric's aggregate over the views (v) or the delivery rows (d).
var metricSQL = map[Metric]struct {
	expr string
	kind kind
}{
	Views:                     {"SUM(CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END)", count},
	ViewAttempts:              {"COUNT(*)", count},
	UniqueViewers:             {"COUNT(DISTINCT v.viewer_key)", count},
	TotalWatchTime:            {"COALESCE(SUM(v.watched_ms), 0) / 1000.0", count},
	AvgWatchTime:              {"SUM(v.watched_ms) / 1000.0 / NULLIF(SUM(CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END), 0)", ratio},
	AvgWatchTimePerViewer:     {"SUM(v.watched_ms) / 1000.0 / NULLIF(COUNT(DISTINCT v.viewer_key), 0)", ratio},
	CompletionRate:            {"1.0 * SUM(CASE WHEN v.completed THEN 1 ELSE 0 END) / NULLIF(SUM(CASE WHEN v.startup_ms IS NOT NULL THEN 1 ELSE 0 END), 0)", ratio},
	TotalMediaError:           {"COALESCE(SUM(v.error_count), 0)", count},
	PlaybackFailurePercentage: {"100.0 * SUM(CASE WHEN v.fatal_error_code <> '' THEN 1 ELSE 0 END) / NULLIF(COUNT(*), 0)", ratio},
	VideoStartupTime:          {"AVG(1.0 * v.startup_ms)", ratio},
	RebufferPercentage:        {"100.0 * SUM(v.rebuffer_ms) / NULLIF(SUM(v.watched_ms) + SUM(v.rebuffer_ms), 0)", ratio},
	ExitsBeforeVideoStart:     {"SUM(CASE WHEN v.startup_ms IS NULL AND v.fatal_error_code = '' THEN 1 ELSE 0 END)", count},
	DeliveredMinutes:          {"COALESCE(SUM(d.segment_seconds_ms), 0) / 60000.0", count},
	BytesServed:               {"COALESCE(SUM(d.bytes), 0)", count},
	ConcurrentViewers:         {"COUNT(*)", count},
}

// viewColumn is the column of analytics_views (alias v) a dimension reads.
var viewColumn = map[Dimension]string{
	MediaID: "v.video_id", FolderID: "v.folder_id", PlayerID: "v.player_id", UserID: "v.user_id",
	ViewID: "v.id", Country: "v.country", DeviceType: "v.device_type", OS: "v.os", Browser: "v.browser",
	PlayerSoftware: "v.player_software", StreamType: "v.stream_type", ErrorCode: "v.fatal_error_code",
	Verified: "v.verified",
}

// nullable dimensions may have no value (a view outside every folder).
var nullable = map[Dimension]bool{FolderID: true, PlayerID: true}

// builder collects a statement's arguments and common table expressions.
type builder struct {
	args []any
	ctes []string
}

func (b *builder) arg(v any) string {
	b.args = append(b.args, v)
	return fmt.Sprintf("$%d", len(b.args))
}

// Compile validates q and compiles each of its metrics for the project. It
// sets q.Now to the current time when zero, so every statement of the query
// reads the same now.
func Compile(projectID uuid.UUID, q *Query) ([]Compiled, error) {
	if err := q.Validate(); err != nil {
		return nil, err
	}
	if q.Now.IsZero() {
		q.Now = time.Now()
	}
	out := make([]Compiled, 0, len(q.Metrics))
	for _, m := range q.Metrics {
		groups := q.groupsOf(m)
		filters := append(append([]Filter(nil), q.Filters...), m.Filters...)
		c := Compiled{Metric: m, Groups: groups}
		c.Rows = compileOne(projectID, q, []Metric{m.Name}, groups, filters)
		c.Total = compileOne(projectID, q, []Metric{m.Name}, nil, filters)
		out = append(out, c)
	}
	return out, nil
}

// compileOne is the statement of metrics over the same rows (all of the views
// or all of the delivery figures), values v0, v1, ...: grouped by groups, or
// (no groups) their totals plus the number of matching rows. Ordering by value
// takes one metric.
func compileOne(projectID uuid.UUID, q *Query, metrics []Metric, groups []Dimension, filters []Filter) Statement {
	b := &builder{}
	delivery := deliveryMetrics[metrics[0]]
	var from, timeCol string
	var where []string
	start, end := q.Start.Unix(), q.End.Unix()
	switch {
	case realtimeMetrics[metrics[0]]:
		// The open views whose latest beacon was stored within the window; the
		// (project_id, updated_at) index narrows the scan.
		from, timeCol = "analytics_views v", "v.started_at"
		where = append(where, "v.project_id = "+b.arg(projectID),
			"v.updated_at >= "+b.arg(q.now().Add(-ConcurrentWindow).Unix()), "v.closed = "+b.arg(false))
	case delivery:
		// Delivery is kept by hour: the hours that start in the range.
		from, timeCol = "analytics_delivery d", "d.hour"
		where = append(where, "d.project_id = "+b.arg(projectID),
			"d.hour >= "+b.arg(ceilHour(start)), "d.hour < "+b.arg(end))
	default:
		// The hour bound lets the (project_id, hour) indexes narrow the scan.
		from, timeCol = "analytics_views v", "v.started_at"
		where = append(where, "v.project_id = "+b.arg(projectID),
			"v.hour >= "+b.arg(start/3600*3600), "v.hour < "+b.arg(end),
			"v.started_at >= "+b.arg(start), "v.started_at < "+b.arg(end))
	}
	for _, f := range filters {
		where = append(where, b.filter(projectID, f, delivery))
	}
	var selects []string
	for i, g := range groups {
		selects = append(selects, fmt.Sprintf("%s AS k%d", b.dimension(q, g, timeCol), i))
	}
	for i, m := range metrics {
		selects = append(selects, fmt.Sprintf("%s AS v%d", metricSQL[m].expr, i))
	}
	if len(groups) == 0 {
		selects = append(selects, "COUNT(*) AS matched")
	}
	var sb strings.Builder
	if len(b.ctes) > 0 {
		sb.WriteString("WITH RECURSIVE " + strings.Join(b.ctes, ", ") + " ")
	}
	sb.WriteString("SELECT " + strings.Join(selects, ", ") + " FROM " + from + " WHERE " + strings.Join(where, " AND "))
	if len(groups) > 0 {
		ords := make([]string, len(groups))
		for i := range groups {
			ords[i] = fmt.Sprint(i + 1)
		}
		sb.WriteString(" GROUP BY " + strings.Join(ords, ", "))
		grouped := sb.String()
		sb.Reset()
		sb.WriteString(b.orderedAndLimited(q, groups, grouped))
	}
	return Statement{SQL: sb.String(), Args: b.args}
}

// limitInSQL tells when the database orders the rows and applies the limit:
// when there are no time buckets to fill (a ranking, a list page). Its order
// is then the result's, so a page's last key continues in the database's own
// collation.
func limitInSQL(_ *Query, groups []Dimension) bool {
	return timeDimension(groups) == ""
}

func ceilHour(s int64) int64 { return (s + 3599) / 3600 * 3600 }

// dimension is the SQL expression of a group key.
// orderedAndLimited wraps a grouped statement (keys k0.., values v0..) in its
// order and limit: nulls first for keys and last for values, alike on both
// databases.
func (b *builder) orderedAndLimited(q *Query, groups []Dimension, grouped string) string {
	order := make([]string, 0, 2*len(groups)+2)
	if q.Order == ValueDesc || q.Order == ValueAsc {
		dir := "DESC"
		if q.Order == ValueAsc {
			dir = "ASC"
		}
		order = append(order, "CASE WHEN g.v0 IS NULL THEN 1 ELSE 0 END", "g.v0 "+dir)
	}
	for i := range groups {
		order = append(order, fmt.Sprintf("CASE WHEN g.k%d IS NULL THEN 0 ELSE 1 END", i), fmt.Sprintf("g.k%d", i))
	}
	limit := MaxRows + 1
	if limitInSQL(q, groups) && q.Limit > 0 {
		limit = q.Limit
	}
	return "SELECT * FROM (" + grouped + ") g ORDER BY " + strings.Join(order, ", ") + " LIMIT " + b.arg(limit)
}

func (b *builder) dimension(q *Query, d Dimension, timeCol string) string {
	switch d {
	case TimeMinute:
		return "(" + timeCol + " / 60) * 60"
	case TimeHour:
		return "(" + timeCol + " / 3600) * 3600"
	case TimeDay:
		return "(" + timeCol + " / 86400) * 86400"
	case TimeWeek:
		// 1970-01-05 (epoch second 345600) was a Monday.
		return "((" + timeCol + " - 345600) / 604800) * 604800 + 345600"
	case TimeMonth:
		// Months differ in length: one branch per month boundary in the range.
		var sb strings.Builder
		bs := q.buckets(TimeMonth)
		if len(bs) == 1 { // one month: a CASE needs a WHEN
			return "CAST(" + b.arg(bs[0].Unix()) + " AS BIGINT)"
		}
		sb.WriteString("CASE")
		for i := 1; i < len(bs); i++ {
			sb.WriteString(" WHEN " + timeCol + " < " + b.arg(bs[i].Unix()) + " THEN CAST(" + b.arg(bs[i-1].Unix()) + " AS BIGINT)")
		}
		sb.WriteString(" ELSE CAST(" + b.arg(bs[len(bs)-1].Unix()) + " AS BIGINT) END")
		return sb.String()
	}
	if timeCol == "d.hour" { // media_id, the one other delivery dimension
		return "d.video_id"
	}
	return viewColumn[d]
}

// filter is the SQL condition of a filter: any of its values matches.
func (b *builder) filter(projectID uuid.UUID, f Filter, delivery bool) string {
	col := viewColumn[f.Field]
	if delivery {
		col = "d.video_id"
	}
	if f.Field == Verified {
		vals := make([]string, len(f.Values))
		for i, v := range f.Values {
			vals[i] = b.arg(v == "true")
		}
		return wrapIn(col, f.Operator, vals, false)
	}
	if uuidDimensions[f.Field] && (f.Operator == Equal || f.Operator == NotEqual) {
		vals := make([]string, len(f.Values))
		for i, v := range f.Values {
			vals[i] = b.arg(uuid.MustParse(v))
		}
		if f.Field == FolderID {
			// A folder holds its subfolders' videos: match the folder's subtree.
			name := fmt.Sprintf("vidra_fold%d", len(b.ctes))
			b.ctes = append(b.ctes, name+"(id) AS (SELECT id FROM folders WHERE project_id = "+b.arg(projectID)+
				" AND id IN ("+strings.Join(vals, ", ")+") UNION ALL SELECT f.id FROM folders f JOIN "+name+" ON f.parent_id = "+name+".id)")
			sub := "SELECT id FROM " + name
			if delivery {
				sub = "SELECT id FROM videos WHERE folder_id IN (" + sub + ")"
			}
			if f.Operator == NotEqual {
				return "(" + col + " IS NULL OR " + col + " NOT IN (" + sub + "))"
			}
			return col + " IN (" + sub + ")"
		}
		if delivery && f.Field != MediaID {
			return "1 = 0" // unreachable: Validate refuses other delivery filters
		}
		return wrapIn(col, f.Operator, vals, nullable[f.Field])
	}
	text := col
	if uuidDimensions[f.Field] {
		text = "CAST(" + col + " AS TEXT)"
	}
	if delivery && f.Field == FolderID {
		text = "CAST((SELECT folder_id FROM videos WHERE videos.id = d.video_id) AS TEXT)"
	}
	var ors []string
	for _, v := range f.Values {
		switch f.Operator {
		case Equal, NotEqual:
			ors = append(ors, text+" = "+b.arg(v))
		case Contains:
			ors = append(ors, "LOWER("+text+") LIKE "+b.arg("%"+escapeLike(strings.ToLower(v))+"%")+` ESCAPE '\'`)
		default:
			ors = append(ors, text+" "+map[Operator]string{GT: ">", GTE: ">=", LT: "<", LTE: "<="}[f.Operator]+" "+b.arg(v))
		}
	}
	cond := "(" + strings.Join(ors, " OR ") + ")"
	if f.Operator == NotEqual {
		return "(" + text + " IS NULL OR NOT " + cond + ")"
	}
	return cond
}

// wrapIn is col IN (vals), or for not_equal none of them (a null column is none).
func wrapIn(col string, op Operator, vals []string, canBeNull bool) string {
	list := col + " IN (" + strings.Join(vals, ", ") + ")"
	if op == NotEqual {
		if canBeNull {
			return "(" + col + " IS NULL OR " + col + " NOT IN (" + strings.Join(vals, ", ") + "))"
		}
		return col + " NOT IN (" + strings.Join(vals, ", ") + ")"
	}
	return list
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// formatTime is how a time key and the range appear in a result.
func formatTime(t time.Time) string { return t.UTC().Format(time.RFC3339) }
