package query

import (
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
)

// uuidDimensions hold ids: their equal and not_equal values must be UUIDs.
var uuidDimensions = map[Dimension]bool{MediaID: true, FolderID: true, PlayerID: true, ViewID: true}

// deliveryMetrics are read from the server-side delivery figures, which know
// only the video and the hour.
var deliveryMetrics = map[Metric]bool{DeliveredMinutes: true, BytesServed: true}

// realtimeMetrics are read from the views seen lately (ConcurrentWindow), not
// from the views that started in the range.
var realtimeMetrics = map[Metric]bool{ConcurrentViewers: true}

// deliveryDimensions are the dimensions the delivery figures have.
var deliveryDimensions = map[Dimension]bool{TimeHour: true, TimeDay: true, TimeWeek: true, TimeMonth: true, MediaID: true}

// Validate checks a query against the model and its bounds; the error is an
// *Error naming the offending input field (snake_case, as in docs/spec.md 2.6).
func (q *Query) Validate() error {
	if q.Start.IsZero() || q.End.IsZero() {
		return refuse("start_time", "start_time and end_time are required")
	}
	if !q.End.After(q.Start) {
		return refuse("end_time", "end_time must be after start_time")
	}
	if q.End.Sub(q.Start) > MaxRange {
		return refuse("end_time", "the time range is at most %d days", int(MaxRange/(24*time.Hour)))
	}
	if len(q.Metrics) == 0 {
		return refuse("metrics", "name at least one metric")
	}
	if len(q.Metrics) > MaxMetrics {
		return refuse("metrics", "at most %d metrics", MaxMetrics)
	}
	switch q.Order {
	case "", ByKeys, ValueDesc, ValueAsc:
	default:
		return refuse("order", "unknown order %q", q.Order)
	}
	if q.Limit < 0 || q.Limit > MaxRows {
		return refuse("limit", "limit must be between 0 and %d", MaxRows)
	}
	if err := checkFilters("filters", q.Filters); err != nil {
		return err
	}
	if err := checkGroups("group_bys", q.GroupBys); err != nil {
		return err
	}
	for i, m := range q.Metrics {
		field := fmt.Sprintf("metrics[%d]", i)
		if !slices.Contains(Metrics, m.Name) {
			return refuse(field+".name", "unknown metric %q", m.Name)
		}
		if err := checkFilters(field+".filters", m.Filters); err != nil {
			return err
		}
		groups := q.groupsOf(m)
		if err := checkGroups(field+".group_bys", groups); err != nil {
			return err
		}
		if n := len(q.Filters) + len(m.Filters); n > MaxFilters {
			return refuse(field+".filters", "at most %d filters in all", MaxFilters)
		}
		if t := timeDimension(groups); t != "" {
			if n := len(q.buckets(t)); n > MaxBuckets {
				return refuse(field+".group_bys", "%s over this range makes %d buckets, at most %d: use a coarser interval or a shorter range", t, n, MaxBuckets)
			}
		}
		if realtimeMetrics[m.Name] {
			if t := timeDimension(groups); t != "" {
				return refuse(field+".group_bys", "metric %s is realtime (now): it cannot be grouped by %s", m.Name, t)
			}
		}
		if deliveryMetrics[m.Name] {
			for _, g := range groups {
				if !deliveryDimensions[g] {
					return refuse(field+".group_bys", "metric %s cannot be grouped by %s (delivery figures have the video and the hour)", m.Name, g)
				}
			}
			for _, f := range append(slices.Clone(q.Filters), m.Filters...) {
				if f.Field != MediaID && f.Field != FolderID {
					return refuse(field+".filters", "metric %s cannot be filtered by %s (delivery figures have the video and the hour)", m.Name, f.Field)
				}
			}
		}
	}
	return nil
}

// groupsOf are the group-bys of a metric: the query's, then its own, once each.
func (q *Query) groupsOf(m MetricQuery) []Dimension {
	out := slices.Clone(q.GroupBys)
	for _, g := range m.GroupBys {
		if !slices.Contains(out, g) {
			out = append(out, g)
		}
	}
	return out
}

func checkGroups(field string, groups []Dimension) error {
	if len(groups) > MaxGroups {
		return refuse(field, "at most %d group-bys", MaxGroups)
	}
	times := 0
	for i, g := range groups {
		if !slices.Contains(Dimensions, g) {
			return refuse(field, "unknown dimension %q", g)
		}
		if slices.Contains(groups[:i], g) {
			return refuse(field, "dimension %s is named twice", g)
		}
		if g.IsTime() {
			times++
		}
	}
	if times > 1 {
		return refuse(field, "group by at most one time interval")
	}
	return nil
}

func checkFilters(field string, filters []Filter) error {
	if len(filters) > MaxFilters {
		return refuse(field, "at most %d filters", MaxFilters)
	}
	for i, f := range filters {
		at := fmt.Sprintf("%s[%d]", field, i)
		if !slices.Contains(Dimensions, f.Field) {
			return refuse(at+".field", "unknown field %q", f.Field)
		}
		if f.Field.IsTime() {
			return refuse(at+".field", "%s groups only; start_time and end_time bound the time", f.Field)
		}
		if !slices.Contains(Operators, f.Operator) {
			return refuse(at+".operator", "unknown operator %q", f.Operator)
		}
		if len(f.Values) == 0 || len(f.Values) > MaxValues {
			return refuse(at+".values", "give 1 to %d values", MaxValues)
		}
		for _, v := range f.Values {
			if len(v) > MaxValue {
				return refuse(at+".values", "a value is at most %d bytes", MaxValue)
			}
			switch {
			case f.Field == Verified && f.Operator != Equal && f.Operator != NotEqual:
				return refuse(at+".operator", "verified takes equal or not_equal")
			case f.Field == Verified && v != "true" && v != "false":
				return refuse(at+".values", "verified is true or false, got %q", v)
			case uuidDimensions[f.Field] && (f.Operator == Equal || f.Operator == NotEqual) && uuid.Validate(v) != nil:
				return refuse(at+".values", "%s values must be UUIDs, got %q", f.Field, v)
			}
		}
	}
	return nil
}

// timeDimension is the time interval among groups, "" when none.
func timeDimension(groups []Dimension) Dimension {
	for _, g := range groups {
		if g.IsTime() {
			return g
		}
	}
	return ""
}

// bucketOf is the start of the bucket of interval d holding t (UTC; weeks start on Monday).
func bucketOf(d Dimension, t time.Time) time.Time {
	t = t.UTC()
	switch d {
	case TimeMinute:
		return t.Truncate(time.Minute)
	case TimeHour:
		return t.Truncate(time.Hour)
	case TimeDay:
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	case TimeWeek:
		day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
		return day.AddDate(0, 0, -((int(day.Weekday()) + 6) % 7))
	default:
		return time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, time.UTC)
	}
}

// next is the start of the bucket after b.
func next(d Dimension, b time.Time) time.Time {
	switch d {
	case TimeMinute:
		return b.Add(time.Minute)
	case TimeHour:
		return b.Add(time.Hour)
	case TimeDay:
		return b.AddDate(0, 0, 1)
	case TimeWeek:
		return b.AddDate(0, 0, 7)
	default:
		return b.AddDate(0, 1, 0)
	}
}

// buckets are the starts of the buckets of interval d that the range touches,
// stopping one past MaxBuckets.
func (q *Query) buckets(d Dimension) []time.Time {
	var out []time.Time
	for b := bucketOf(d, q.Start); b.Before(q.End) && len(out) <= MaxBuckets; b = next(d, b) {
		out = append(out, b)
	}
	return out
}
