package reports_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/analytics/reports"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// recorder is an analytics store that records what the service asks of it
// and finds nothing.
type recorder struct {
	analytics.AnalyticsStore
	q              *query.Query
	from, to       time.Time
	limit          int
	session        *analytics.SessionCursor
	event          *analytics.EventCursor
	fromHour, toTo int64
}

func (r *recorder) Query(_ context.Context, _ uuid.UUID, q *query.Query) (*query.Result, error) {
	r.q = q
	return nil, nil
}

func (r *recorder) Sessions(_ context.Context, _ uuid.UUID, _ string, from, to time.Time, after *analytics.SessionCursor, limit int) ([]analytics.Session, error) {
	r.from, r.to, r.session, r.limit = from, to, after, limit
	return nil, nil
}

func (r *recorder) PlayerLog(_ context.Context, _ uuid.UUID, _ string, from, to time.Time, after *analytics.EventCursor, limit int) ([]analytics.PlayerEvent, error) {
	r.from, r.to, r.event, r.limit = from, to, after, limit
	return nil, nil
}

func (r *recorder) Drops(_ context.Context, _ uuid.UUID, fromHour, toUnix int64, _ bool) ([]analytics.DropCount, error) {
	r.fromHour, r.toTo = fromHour, toUnix
	return nil, nil
}

func TestRangesPagesAndCursors(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := domaintest.NewWorld(t, d)
			rec := &recorder{}
			svc := reports.New(reports.Deps{Client: w.Client, Store: rec})
			ctx, p := w.Owner, w.Project

			// Range: the last 30 days by default, 30 days before a given end.
			before := time.Now().UTC()
			if _, err := svc.Query(ctx, p, &query.Query{}, nil, nil, reports.Scope{}); err != nil {
				t.Fatal(err)
			}
			after := time.Now().UTC()
			if rec.q.End.Before(before) || rec.q.End.After(after) || rec.q.End.Sub(rec.q.Start) != reports.DefaultRange {
				t.Fatalf("default range [%s, %s), want the 30 days to now", rec.q.Start, rec.q.End)
			}
			end := time.Date(2026, 3, 1, 10, 30, 0, 0, time.UTC)
			start := end.Add(-time.Hour)
			if _, err := svc.Users(ctx, p, nil, &end, nil, nil); err != nil {
				t.Fatal(err)
			}
			if !rec.q.End.Equal(end) || !rec.q.Start.Equal(end.Add(-reports.DefaultRange)) {
				t.Fatalf("range of an end alone [%s, %s)", rec.q.Start, rec.q.End)
			}
			if _, err := svc.Sessions(ctx, p, "u", &start, &end, nil, nil); err != nil {
				t.Fatal(err)
			}
			if !rec.from.Equal(start) || !rec.to.Equal(end) {
				t.Fatalf("given range [%s, %s)", rec.from, rec.to)
			}

			// Page: 50 by default (one more asked, to know of a next page), 1 to 500.
			if _, err := svc.Users(ctx, p, nil, nil, nil, nil); err != nil || rec.q.Limit != reports.DefaultPage+1 {
				t.Fatalf("default page: limit %d, %v", rec.q.Limit, err)
			}
			if _, err := svc.PlayerLog(ctx, p, "u", nil, nil, ptr(500), nil); err != nil || rec.limit != 501 {
				t.Fatalf("page of 500: limit %d, %v", rec.limit, err)
			}
			for _, n := range []int{0, -1, 501} {
				_, err := svc.Users(ctx, p, nil, nil, &n, nil)
				domaintest.WantFault(t, err, fault.KindBadRequest, "first", "first (limit) must be between 1 and 500")
				_, err = svc.Videos(ctx, p, nil, nil, nil, &n, nil)
				domaintest.WantFault(t, err, fault.KindBadRequest, "first", "first (limit) must be between 1 and 500")
				// The page size is checked before the cursor.
				_, err = svc.Sessions(ctx, p, "u", nil, nil, &n, ptr("nope"))
				domaintest.WantFault(t, err, fault.KindBadRequest, "first", "first (limit) must be between 1 and 500")
				_, err = svc.PlayerLog(ctx, p, "u", nil, nil, &n, ptr("nope"))
				domaintest.WantFault(t, err, fault.KindBadRequest, "first", "first (limit) must be between 1 and 500")
			}

			// Cursors.
			const badCursor = "the cursor is not one this list gave"
			_, err := svc.Videos(ctx, p, nil, nil, nil, nil, ptr("nope"))
			domaintest.WantFault(t, err, fault.KindBadRequest, "after", badCursor)
			id := uuid.New()
			if _, err := svc.Videos(ctx, p, nil, nil, nil, nil, ptr(id.String())); err != nil {
				t.Fatal(err)
			}
			if got := rec.q.Filters[len(rec.q.Filters)-1]; got.Field != query.MediaID || got.Operator != query.GT || got.Values[0] != id.String() {
				t.Fatalf("videos after %s: filter %+v", id, got)
			}
			if _, err := svc.Users(ctx, p, nil, nil, nil, ptr("u-7")); err != nil {
				t.Fatal(err)
			}
			if got := rec.q.Filters[0]; got.Field != query.UserID || got.Operator != query.GT || got.Values[0] != "u-7" {
				t.Fatalf("users after u-7: filter %+v", got)
			}
			for _, c := range []string{"nope", "12", "x_" + id.String(), "12_", "12_" + string(make([]byte, 41)), "12_notauuid"} {
				_, err := svc.Sessions(ctx, p, "u", nil, nil, nil, &c)
				domaintest.WantFault(t, err, fault.KindBadRequest, "after", badCursor)
			}
			for _, c := range []string{"nope", "12_", "12_x", "x_12"} {
				_, err := svc.PlayerLog(ctx, p, "u", nil, nil, nil, &c)
				domaintest.WantFault(t, err, fault.KindBadRequest, "after", badCursor)
			}
			if _, err := svc.Sessions(ctx, p, "u", nil, nil, nil, ptr("1700000000_"+id.String())); err != nil {
				t.Fatal(err)
			}
			if rec.session == nil || rec.session.Started != 1700000000 || rec.session.ViewID != id {
				t.Fatalf("session cursor %+v", rec.session)
			}
			if _, err := svc.PlayerLog(ctx, p, "u", nil, nil, nil, ptr("1700000000123_42")); err != nil {
				t.Fatal(err)
			}
			if rec.event == nil || rec.event.TimeMs != 1700000000123 || rec.event.ID != 42 {
				t.Fatalf("event cursor %+v", rec.event)
			}

			// Filtered: a range that is one, at most 400 days; whole hours from its start.
			_, err = svc.Filtered(ctx, p, &end, &end, false)
			domaintest.WantFault(t, err, fault.KindBadRequest, "endTime", "endTime must be after startTime")
			_, err = svc.Filtered(ctx, p, ptr(end.Add(-401*24*time.Hour)), &end, false)
			domaintest.WantFault(t, err, fault.KindBadRequest, "startTime", "the range is longer than 400 days")
			counts, err := svc.Filtered(ctx, p, &start, &end, true)
			if err != nil || counts == nil || len(counts) != 0 {
				t.Fatalf("filtered: %v, %v; want an empty list", counts, err)
			}
			if rec.fromHour != end.Truncate(time.Hour).Unix() || rec.toTo != end.Unix() {
				t.Fatalf("filtered hours [%d, %d), want [%d, %d)", rec.fromHour, rec.toTo, end.Truncate(time.Hour).Unix(), end.Unix())
			}
		})
	}
}
