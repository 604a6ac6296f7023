package query

import (
	"fmt"
	"strings"

	"github.com/google/uuid"
)

// metricColumns are the columns of analytics_views the view metrics read.
var metricColumns = []string{"started_at", "startup_ms", "viewer_key", "watched_ms", "completed",
	"error_count", "fatal_error_code", "rebuffer_ms"}

// compileCombined is one statement for view metrics over the same rows: their
// totals and their rows grouped by groups, from one scan of analytics_views.
// The matching views are read once into a materialized common table
// (vidra_base, the columns the metrics and groups need); both aggregates read
// it. Each result row has part (0 the totals, 1 a group), the keys k0, k1, ...
// (null in the totals), the values v0, v1, ..., matched (the totals' number of
// matching views) and rn (a group's place in the order). Totals come first, then
// the groups in order, limited as compileOne limits them.
func compileCombined(projectID uuid.UUID, q *Query, metrics []Metric, groups []Dimension, filters []Filter) Statement {
	b := &builder{}
	start, end := q.Start.Unix(), q.End.Unix()
	where := []string{"v.project_id = " + b.arg(projectID),
		"v.hour >= " + b.arg(start/3600*3600), "v.hour < " + b.arg(end),
		"v.started_at >= " + b.arg(start), "v.started_at < " + b.arg(end)}
	for _, f := range filters {
		where = append(where, b.filter(projectID, f, false))
	}
	cols := append([]string(nil), metricColumns...)
	for _, g := range groups {
		if c, ok := viewColumn[g]; ok {
			c = strings.TrimPrefix(c, "v.")
			if !contains(cols, c) {
				cols = append(cols, c)
			}
		}
	}
	sel := make([]string, len(cols))
	for i, c := range cols {
		sel[i] = "v." + c + " AS " + c
	}
	base := "vidra_base AS MATERIALIZED (SELECT " + strings.Join(sel, ", ") +
		" FROM analytics_views v WHERE " + strings.Join(where, " AND ") + ")"

	var keys, values, nullKeys []string
	for i, g := range groups {
		keys = append(keys, fmt.Sprintf("%s AS k%d", b.dimension(q, g, "v.started_at"), i))
		nullKeys = append(nullKeys, fmt.Sprintf("NULL AS k%d", i))
	}
	for i, m := range metrics {
		values = append(values, fmt.Sprintf("%s AS v%d", metricSQL[m].expr, i))
	}
	ords := make([]string, len(groups))
	for i := range groups {
		ords[i] = fmt.Sprint(i + 1)
	}
	grouped := "vidra_groups AS MATERIALIZED (SELECT " + strings.Join(append(keys, values...), ", ") +
		" FROM vidra_base v GROUP BY " + strings.Join(ords, ", ") + ")"
	limit := MaxRows + 1
	if limitInSQL(q, groups) && q.Limit > 0 {
		limit = q.Limit
	}
	gcols := make([]string, 0, len(groups)+len(metrics))
	for i := range groups {
		gcols = append(gcols, fmt.Sprintf("r.k%d", i))
	}
	for i := range metrics {
		gcols = append(gcols, fmt.Sprintf("r.v%d", i))
	}
	// One part per ranking: by value, each metric ranks the groups by its own
	// value (part 1 + its index); by key, one part holds every metric's values.
	parts := []string{"SELECT 0 AS part, " + strings.Join(append(nullKeys, values...), ", ") +
		", COUNT(*) AS matched, 0 AS rn FROM vidra_base v"}
	byValue := q.Order == ValueDesc || q.Order == ValueAsc
	ranks := 1
	if byValue {
		ranks = len(metrics)
	}
	lim := b.arg(limit)
	for p := range ranks {
		order := make([]string, 0, 2*len(groups)+2)
		if byValue {
			dir := "DESC"
			if q.Order == ValueAsc {
				dir = "ASC"
			}
			order = append(order, fmt.Sprintf("CASE WHEN g.v%d IS NULL THEN 1 ELSE 0 END", p), fmt.Sprintf("g.v%d %s", p, dir))
		}
		for i := range groups {
			order = append(order, fmt.Sprintf("CASE WHEN g.k%d IS NULL THEN 0 ELSE 1 END", i), fmt.Sprintf("g.k%d", i))
		}
		parts = append(parts, fmt.Sprintf("SELECT %d AS part, ", p+1)+strings.Join(gcols, ", ")+", 0 AS matched, r.rn FROM (SELECT g.*, ROW_NUMBER() OVER (ORDER BY "+
			strings.Join(order, ", ")+") AS rn FROM vidra_groups g) r WHERE r.rn <= "+lim)
	}
	ctes := append(append([]string(nil), b.ctes...), base, grouped)
	with := "WITH "
	if len(b.ctes) > 0 {
		with = "WITH RECURSIVE "
	}
	return Statement{SQL: with + strings.Join(ctes, ", ") + " " + strings.Join(parts, " UNION ALL ") + " ORDER BY part, rn", Args: b.args}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
