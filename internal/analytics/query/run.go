package query

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"
)

// Key is one group key of a row: the dimension and its value (null for a view
// without one, e.g. outside every folder).
type Key struct {
	Dimension Dimension
	Value     *string
}

// Row is one group of a metric: its keys in group-by order and its value (null
// for an average or ratio over nothing).
type Row struct {
	Keys  []Key
	Value *float64
}

// MetricResult is one metric's rows and its total over every matching view.
type MetricResult struct {
	Name     Metric
	GroupBys []Dimension
	Total    *float64
	Rows     []Row
}

// Result is a query's answer (design section 5).
type Result struct {
	Start, End time.Time
	// Granularity is the query's time interval, "" when it groups by none.
	Granularity Dimension
	Metrics     []MetricResult
}

// Querier runs SQL: a *sql.DB or *sql.Tx.
type Querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Run compiles q for the project and runs it. The result is nil when no view
// (and no delivery row) matched any metric (docs/spec.md 2.1). Metrics over
// the same rows share one statement (one scan): their totals when their
// filters are the same, their rows too when also their group-bys are and the
// rows are ordered by key.
//
// dialectName is the database's ent dialect (dialect.SQLite or
// dialect.Postgres): it picks the faster plan for some queries (sharedScan).
func Run(ctx context.Context, db Querier, dialectName string, projectID uuid.UUID, q *Query) (*Result, error) {
	compiled, err := Compile(projectID, q)
	if err != nil {
		return nil, err
	}
	res := &Result{Start: q.Start.UTC(), End: q.End.UTC(), Granularity: timeDimension(q.GroupBys)}
	res.Metrics = make([]MetricResult, len(compiled))
	for i, c := range compiled {
		res.Metrics[i] = MetricResult{Name: c.Metric.Name, GroupBys: c.Groups}
	}
	matched := false
	byValue := q.Order == ValueDesc || q.Order == ValueAsc
	hasTotal := make([]bool, len(compiled))
	shared := sharedScan(dialectName)
	plan, err := planRollups(ctx, db, projectID, q, compiled)
	if err != nil {
		return nil, err
	}
	if plan != nil {
		plan.sumByViewer = sumFirst(dialectName)
	}
	// The rollup kind (if any) each metric's total and rows read.
	totalKind := func(c Compiled) string { return kindName(plan.totalKind(q, c)) }
	rowsKind := func(c Compiled) string { return kindName(plan.rowsKind(q, c)) }
	// View metrics with group-bys: their totals and rows from one scan, where
	// that is the faster way (sharedScan).
	// Those the rollups cover read them instead (two small statements).
	for _, batch := range batches(compiled, true, rowsKind) {
		c := compiled[batch[0]]
		if len(c.Groups) == 0 || source(c.Metric.Name) != "views" || rowsKind(c) != "" || !(shared || byValue && len(batch) > 1) {
			continue
		}
		n, err := runCombined(ctx, db, projectID, q, compiled, batch, res)
		if err != nil {
			return nil, err
		}
		matched = matched || n > 0
		for _, i := range batch {
			hasTotal[i] = true
		}
	}
	for _, batch := range batches(compiled, false, totalKind) {
		batch = slices.DeleteFunc(batch, func(i int) bool { return hasTotal[i] })
		if len(batch) == 0 {
			continue
		}
		c := compiled[batch[0]]
		st := plan.statement(projectID, q, c, names(compiled, batch), nil, filtersOf(q, c))
		n, totals, err := runTotal(ctx, db, st, len(batch))
		if err != nil {
			return nil, err
		}
		matched = matched || n > 0
		for j, i := range batch {
			res.Metrics[i].Total = totals[j]
		}
	}
	// The other metrics with group-bys: their rows apart.
	for _, batch := range batches(compiled, true, rowsKind) {
		c := compiled[batch[0]]
		if len(c.Groups) == 0 || hasTotal[batch[0]] {
			continue
		}
		if byValue && len(batch) > 1 {
			for _, i := range batch { // each metric ranks its own rows
				if err := runMetricRows(ctx, db, plan, projectID, q, compiled, []int{i}, res); err != nil {
					return nil, err
				}
			}
			continue
		}
		if err := runMetricRows(ctx, db, plan, projectID, q, compiled, batch, res); err != nil {
			return nil, err
		}
	}
	if !matched {
		return nil, nil
	}
	return res, nil
}

// sharedScan tells whether view metrics with group-bys read the matching views
// once for their totals and rows (compileCombined): on PostgreSQL, where it
// measured 2-6 times faster. On SQLite the materialized read measured slower
// than two index scans (one for the totals, one for the rows), so there only
// several metrics ranked by value (one scan each otherwise) share it.
func sharedScan(dialectName string) bool {
	return dialectName == dialect.Postgres
}

// runCombined runs the combined statement (compileCombined) of view metrics
// with the same filters and group-bys and fills their totals and rows. It
// returns the number of matching views.
func runCombined(ctx context.Context, db Querier, projectID uuid.UUID, q *Query, compiled []Compiled, batch []int, res *Result) (int64, error) {
	c := compiled[batch[0]]
	n := len(batch)
	st := compileCombined(projectID, q, names(compiled, batch), c.Groups, filtersOf(q, c))
	rows, err := db.QueryContext(ctx, st.SQL, st.Args...)
	if err != nil {
		return 0, fmt.Errorf("analytics: %w", err)
	}
	defer func() { _ = rows.Close() }()
	byValue := q.Order == ValueDesc || q.Order == ValueAsc
	out := make([][]Row, n)
	counts := make([]int, n)
	var matched int64
	for rows.Next() {
		var part, rn, m int64
		keys := make([]any, len(c.Groups))
		values := make([]sql.NullFloat64, n)
		dest := []any{&part}
		for i := range keys {
			dest = append(dest, &keys[i])
		}
		for i := range values {
			dest = append(dest, &values[i])
		}
		dest = append(dest, &m, &rn)
		if err := rows.Scan(dest...); err != nil {
			return 0, fmt.Errorf("analytics: %w", err)
		}
		if part == 0 {
			matched = m
			for j, i := range batch {
				res.Metrics[i].Total = floatOrNil(values[j])
			}
			continue
		}
		ks := make([]Key, len(keys))
		for i, k := range keys {
			ks[i] = Key{Dimension: c.Groups[i], Value: keyString(c.Groups[i], k)}
		}
		for j := range values {
			if byValue && int64(j) != part-1 {
				continue
			}
			out[j] = append(out[j], Row{Keys: ks, Value: floatOrNil(values[j])})
			counts[j]++
		}
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("analytics: %w", err)
	}
	for j, i := range batch {
		if counts[j] > MaxRows {
			return 0, refuse("group_bys", "metric %s has more than %d rows: narrow the range or the filters, or set a limit", compiled[i].Metric.Name, MaxRows)
		}
		if res.Metrics[i].Rows, err = fill(q, compiled[i], out[j]); err != nil {
			return 0, err
		}
	}
	return matched, nil
}

// runMetricRows runs the grouped statement of metrics with the same filters and
// group-bys and fills their rows.
func runMetricRows(ctx context.Context, db Querier, plan *rollupPlan, projectID uuid.UUID, q *Query, compiled []Compiled, batch []int, res *Result) error {
	c := compiled[batch[0]]
	st := plan.statement(projectID, q, c, names(compiled, batch), c.Groups, filtersOf(q, c))
	rows, err := runRows(ctx, db, c, st, len(batch))
	if err != nil {
		return err
	}
	for j, i := range batch {
		if res.Metrics[i].Rows, err = fill(q, compiled[i], rows[j]); err != nil {
			return err
		}
	}
	return nil
}

// source names the rows a metric reads: the views that started in the range,
// the delivery figures, or the views playing now (realtime).
func source(m Metric) string {
	switch {
	case deliveryMetrics[m]:
		return "delivery"
	case realtimeMetrics[m]:
		return "realtime"
	}
	return "views"
}

// batches groups the metrics that can share a statement: same rows (source,
// and for view metrics the rollup kind that covers them, "" for none: rollups
// tells) and filters, and with grouped, the same group-bys.
func batches(compiled []Compiled, grouped bool, rollups func(Compiled) string) [][]int {
	var out [][]int
	at := map[string]int{}
	for i, c := range compiled {
		key, _ := json.Marshal([]any{source(c.Metric.Name), rollups(c), c.Metric.Filters})
		if grouped {
			key, _ = json.Marshal([]any{source(c.Metric.Name), rollups(c), c.Metric.Filters, c.Groups})
		}
		if j, ok := at[string(key)]; ok {
			out[j] = append(out[j], i)
			continue
		}
		at[string(key)] = len(out)
		out = append(out, []int{i})
	}
	return out
}

func names(compiled []Compiled, batch []int) []Metric {
	out := make([]Metric, len(batch))
	for j, i := range batch {
		out[j] = compiled[i].Metric.Name
	}
	return out
}

// filtersOf are a metric's filters: the query's, then its own.
func filtersOf(q *Query, c Compiled) []Filter {
	return append(append([]Filter(nil), q.Filters...), c.Metric.Filters...)
}

func runTotal(ctx context.Context, db Querier, st Statement, n int) (int64, []*float64, error) {
	rows, err := db.QueryContext(ctx, st.SQL, st.Args...)
	if err != nil {
		return 0, nil, fmt.Errorf("analytics total: %w", err)
	}
	defer func() { _ = rows.Close() }()
	values := make([]sql.NullFloat64, n)
	dest := make([]any, n+1)
	for i := range values {
		dest[i] = &values[i]
	}
	var matched int64
	dest[n] = &matched
	if rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return 0, nil, fmt.Errorf("analytics total: %w", err)
		}
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("analytics total: %w", err)
	}
	out := make([]*float64, n)
	for i, v := range values {
		out[i] = floatOrNil(v)
	}
	return matched, out, nil
}

// runRows runs a grouped statement of n metrics: the rows of each.
func runRows(ctx context.Context, db Querier, c Compiled, st Statement, n int) ([][]Row, error) {
	rows, err := db.QueryContext(ctx, st.SQL, st.Args...)
	if err != nil {
		return nil, fmt.Errorf("analytics rows: %w", err)
	}
	defer func() { _ = rows.Close() }()
	out := make([][]Row, n)
	count := 0
	for rows.Next() {
		keys := make([]any, len(c.Groups))
		values := make([]sql.NullFloat64, n)
		dest := make([]any, 0, len(keys)+n)
		for i := range keys {
			dest = append(dest, &keys[i])
		}
		for i := range values {
			dest = append(dest, &values[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("analytics rows: %w", err)
		}
		ks := make([]Key, len(keys))
		for i, k := range keys {
			ks[i] = Key{Dimension: c.Groups[i], Value: keyString(c.Groups[i], k)}
		}
		for j := range values {
			out[j] = append(out[j], Row{Keys: ks, Value: floatOrNil(values[j])})
		}
		count++
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("analytics rows: %w", err)
	}
	if count > MaxRows {
		return nil, refuse("group_bys", "metric %s has more than %d rows: narrow the range or the filters, or set a limit", c.Metric.Name, MaxRows)
	}
	return out, nil
}

func floatOrNil(v sql.NullFloat64) *float64 {
	if !v.Valid {
		return nil
	}
	return &v.Float64
}

// keyString is a scanned group key as the result shows it: times in RFC 3339
// UTC, booleans true/false, ids and names as text.
func keyString(d Dimension, v any) *string {
	var s string
	switch x := v.(type) {
	case nil:
		return nil
	case []byte:
		s = string(x)
	case string:
		s = x
	case bool:
		s = fmt.Sprint(x)
	case int64:
		switch {
		case d.IsTime():
			s = formatTime(time.Unix(x, 0))
		case d == Verified:
			s = fmt.Sprint(x != 0)
		default:
			s = fmt.Sprint(x)
		}
	default:
		s = fmt.Sprint(x)
	}
	if d.IsTime() && !strings.Contains(s, "T") {
		var sec int64
		if _, err := fmt.Sscan(s, &sec); err == nil {
			s = formatTime(time.Unix(sec, 0))
		}
	}
	return &s
}

// fill adds the missing time buckets of each group (counts 0, ratios null),
// orders the rows and applies the limit. Without a time dimension the database
// has ordered and limited them.
func fill(q *Query, c Compiled, rows []Row) ([]Row, error) {
	t := timeDimension(c.Groups)
	if t == "" {
		return rows, nil
	}
	{
		at := slices.Index(c.Groups, t)
		zero := func() *float64 {
			if metricSQL[c.Metric.Name].kind == count {
				z := 0.0
				return &z
			}
			return nil
		}
		have := map[string]bool{}
		var others [][]Key // each combination of the other keys, once
		seen := map[string]bool{}
		for _, r := range rows {
			have[rowID(r.Keys)] = true
			o := slices.Delete(slices.Clone(r.Keys), at, at+1)
			if id := rowID(o); !seen[id] {
				seen[id] = true
				others = append(others, o)
			}
		}
		if len(others) == 0 && len(c.Groups) == 1 {
			others = [][]Key{{}}
		}
		for _, o := range others {
			for _, b := range q.buckets(t) {
				s := formatTime(b)
				keys := slices.Insert(slices.Clone(o), at, Key{Dimension: t, Value: &s})
				if !have[rowID(keys)] {
					rows = append(rows, Row{Keys: keys, Value: zero()})
				}
			}
		}
		if len(rows) > MaxRows {
			return nil, refuse("group_bys", "metric %s has more than %d rows with its empty buckets: narrow the range or the group-bys", c.Metric.Name, MaxRows)
		}
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		if q.Order == ValueDesc || q.Order == ValueAsc {
			if c := compareValues(a.Value, b.Value, q.Order == ValueDesc); c != 0 {
				return c
			}
		}
		return compareKeys(a.Keys, b.Keys)
	})
	if q.Limit > 0 && len(rows) > q.Limit {
		rows = rows[:q.Limit]
	}
	return rows, nil
}

// compareValues orders values, nulls last.
func compareValues(a, b *float64, desc bool) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	case desc:
		return cmp.Compare(*b, *a)
	}
	return cmp.Compare(*a, *b)
}

// compareKeys orders keys as text, nulls first (times in RFC 3339 order as text).
func compareKeys(a, b []Key) int {
	for i := range a {
		x, y := a[i].Value, b[i].Value
		switch {
		case x == nil && y == nil:
			continue
		case x == nil:
			return -1
		case y == nil:
			return 1
		}
		if c := strings.Compare(*x, *y); c != 0 {
			return c
		}
	}
	return 0
}

func rowID(keys []Key) string {
	var sb strings.Builder
	for _, k := range keys {
		if k.Value == nil {
			sb.WriteString("\x00null")
		} else {
			sb.WriteString("\x00" + *k.Value)
		}
		sb.WriteString("\x01")
	}
	return sb.String()
}
