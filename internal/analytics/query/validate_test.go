package query

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
)

func day(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestValidateRefuses(t *testing.T) {
	base := func() *Query {
		return &Query{Start: day("2026-11-01T00:00:00Z"), End: day("2026-11-02T00:00:00Z"), Metrics: []MetricQuery{{Name: Views}}}
	}
	cases := map[string]struct {
		edit  func(q *Query)
		field string
	}{
		"no start":          {func(q *Query) { q.Start = time.Time{} }, "start_time"},
		"end before start":  {func(q *Query) { q.End = q.Start.Add(-time.Hour) }, "end_time"},
		"range too long":    {func(q *Query) { q.End = q.Start.Add(MaxRange + time.Hour) }, "end_time"},
		"no metric":         {func(q *Query) { q.Metrics = nil }, "metrics"},
		"unknown metric":    {func(q *Query) { q.Metrics[0].Name = "likes" }, "metrics[0].name"},
		"too many buckets":  {func(q *Query) { q.GroupBys = []Dimension{TimeMinute}; q.End = q.Start.Add(30 * time.Hour) }, "metrics[0].group_bys"},
		"two intervals":     {func(q *Query) { q.GroupBys = []Dimension{TimeHour, TimeDay} }, "group_bys"},
		"unknown dimension": {func(q *Query) { q.GroupBys = []Dimension{"planet"} }, "group_bys"},
		"time filter":       {func(q *Query) { q.Filters = []Filter{{Field: TimeHour, Operator: Equal, Values: []string{"x"}}} }, "filters[0].field"},
		"unknown operator":  {func(q *Query) { q.Filters = []Filter{{Field: Country, Operator: "like", Values: []string{"x"}}} }, "filters[0].operator"},
		"no values":         {func(q *Query) { q.Filters = []Filter{{Field: Country, Operator: Equal}} }, "filters[0].values"},
		"bad uuid":          {func(q *Query) { q.Filters = []Filter{{Field: MediaID, Operator: Equal, Values: []string{"x"}}} }, "filters[0].values"},
		"bad verified":      {func(q *Query) { q.Filters = []Filter{{Field: Verified, Operator: Equal, Values: []string{"yes"}}} }, "filters[0].values"},
		"verified gt":       {func(q *Query) { q.Filters = []Filter{{Field: Verified, Operator: GT, Values: []string{"true"}}} }, "filters[0].operator"},
		"long value": {func(q *Query) {
			q.Filters = []Filter{{Field: OS, Operator: Equal, Values: []string{strings.Repeat("x", MaxValue+1)}}}
		}, "filters[0].values"},
		"delivery by country": {func(q *Query) {
			q.Metrics = []MetricQuery{{Name: BytesServed, GroupBys: []Dimension{Country}}}
		}, "metrics[0].group_bys"},
		"concurrent by hour": {func(q *Query) {
			q.Metrics = []MetricQuery{{Name: ConcurrentViewers, GroupBys: []Dimension{TimeHour}}}
		}, "metrics[0].group_bys"},
		"delivery by minute": {func(q *Query) {
			q.Metrics = []MetricQuery{{Name: DeliveredMinutes, GroupBys: []Dimension{TimeMinute}}}
		}, "metrics[0].group_bys"},
		"metric filter": {func(q *Query) {
			q.Metrics[0].Filters = []Filter{{Field: Country, Operator: "around", Values: []string{"FR"}}}
		}, "metrics[0].filters[0].operator"},
		"negative limit": {func(q *Query) { q.Limit = -1 }, "limit"},
		"unknown order":  {func(q *Query) { q.Order = "random" }, "order"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			q := base()
			c.edit(q)
			_, err := Compile(uuid.New(), q)
			var qe *Error
			if !errors.As(err, &qe) || qe.Field != c.field {
				t.Fatalf("err = %v, want an *Error on %s", err, c.field)
			}
		})
	}
	if _, err := Compile(uuid.New(), base()); err != nil {
		t.Fatalf("valid query refused: %v", err)
	}
}

func TestBuckets(t *testing.T) {
	q := &Query{Start: day("2026-11-25T10:30:00Z"), End: day("2026-11-25T13:00:00Z")}
	got := q.buckets(TimeHour)
	if len(got) != 3 || formatTime(got[0]) != "2026-11-25T10:00:00Z" || formatTime(got[2]) != "2026-11-25T12:00:00Z" {
		t.Errorf("hours = %v", got)
	}
	// 2026-11-25 is a Wednesday: its week starts on Monday the 23rd.
	if w := bucketOf(TimeWeek, day("2026-11-25T10:30:00Z")); formatTime(w) != "2026-11-23T00:00:00Z" {
		t.Errorf("week = %v", w)
	}
	q = &Query{Start: day("2026-01-15T00:00:00Z"), End: day("2026-03-01T00:00:00Z")}
	if got := q.buckets(TimeMonth); len(got) != 2 || formatTime(got[1]) != "2026-02-01T00:00:00Z" {
		t.Errorf("months = %v", got)
	}
}

// TestCompileParameterises holds every input value out of the SQL text.
func TestCompileParameterises(t *testing.T) {
	evil := `x'); DROP TABLE videos; --`
	q := &Query{Start: day("2026-11-01T00:00:00Z"), End: day("2026-11-02T00:00:00Z"),
		Filters:  []Filter{{Field: Country, Operator: Equal, Values: []string{evil}}, {Field: OS, Operator: Contains, Values: []string{evil}}},
		GroupBys: []Dimension{TimeMonth, Browser},
		Metrics:  []MetricQuery{{Name: Views, Filters: []Filter{{Field: UserID, Operator: GT, Values: []string{evil}}}}}}
	cs, err := Compile(uuid.New(), q)
	if err != nil {
		t.Fatal(err)
	}
	for _, st := range []Statement{cs[0].Rows, cs[0].Total} {
		if strings.Contains(st.SQL, "DROP") || strings.Contains(st.SQL, "2026") {
			t.Errorf("input in SQL text: %s", st.SQL)
		}
		found := false
		for _, a := range st.Args {
			found = found || a == evil
		}
		if !found {
			t.Errorf("value not an argument: %v", st.Args)
		}
	}
}
