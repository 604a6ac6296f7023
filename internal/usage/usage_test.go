package usage_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

// fixture is an organization with two projects on a fresh database.
type fixture struct {
	client    *ent.Client
	ctx       context.Context
	org       uuid.UUID
	proj, alt uuid.UUID
	otherOrg  uuid.UUID
	otherProj uuid.UUID
}

func newFixture(t *testing.T, dialect string) *fixture {
	t.Helper()
	db := testdb.Open(t, dialect)
	ctx := tenancy.SystemContext(context.Background(), "test fixture: usage")
	c := db.Client
	org := c.Organization.Create().SetName("Acme").SaveX(ctx)
	other := c.Organization.Create().SetName("Other").SaveX(ctx)
	return &fixture{client: c, ctx: ctx, org: org.ID, otherOrg: other.ID,
		proj:      c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx).ID,
		alt:       c.Project.Create().SetOrganization(org).SetName("q").SaveX(ctx).ID,
		otherProj: c.Project.Create().SetOrganization(other).SetName("r").SaveX(ctx).ID}
}

// sumHourly reads usage_hourly's total of a metric for a project.
func (f *fixture) sumHourly(t *testing.T, project uuid.UUID, metric string) int64 {
	t.Helper()
	rows, err := f.client.QueryContext(f.ctx, `SELECT COALESCE(SUM(quantity), 0) FROM usage_hourlies WHERE project_id = $1 AND metric = $2`, project, metric)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = rows.Close() }()
	var n int64
	rows.Next()
	if err := rows.Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestMeterCountsOnceAcrossFlushes adds from many goroutines across two hours
// and three projects (one of another organization), flushes between adds and
// at close, and finds every byte and millisecond once, in the right hour and
// organization, with nothing left unflushed.
func TestMeterCountsOnceAcrossFlushes(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			m := usage.NewMeter(f.client, nil)
			h0 := time.Date(2026, 11, 3, 10, 59, 59, 0, time.UTC)
			h1 := h0.Add(time.Second)
			var wg sync.WaitGroup
			for g := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for i := range 500 {
						at := h0
						if i%2 == 1 {
							at = h1
						}
						m.Add(f.proj, at, int64(g+1), 10)
						m.Add(f.otherProj, at, 3, 0)
						if i == 250 && g == 0 {
							if err := m.Flush(f.ctx); err != nil {
								t.Error(err)
							}
						}
					}
				}()
			}
			wg.Wait()
			if err := m.Close(f.ctx); err != nil {
				t.Fatal(err)
			}
			if got := m.UnflushedBytes(); got != 0 {
				t.Errorf("unflushed after close = %d", got)
			}
			wantBytes := int64(500 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8))
			if got := f.sumHourly(t, f.proj, usage.DeliveredBytes); got != wantBytes {
				t.Errorf("project bytes = %d, want %d", got, wantBytes)
			}
			if got := f.sumHourly(t, f.proj, usage.DeliveredSeconds); got != 8*500*10 {
				t.Errorf("project ms = %d, want %d", got, 8*500*10)
			}
			if got := f.sumHourly(t, f.otherProj, usage.DeliveredBytes); got != 8*500*3 {
				t.Errorf("other project bytes = %d", got)
			}
			// Hour boundaries: each hour holds half.
			tot, err := usage.Totals(f.ctx, f.client, f.org, h1, h1.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if tot[usage.DeliveredBytes] != wantBytes/2 || tot[usage.DeliveredSeconds] != 8*250*10/1000 {
				t.Errorf("second hour totals %v", tot)
			}
			tot, err = usage.Totals(f.ctx, f.client, f.otherOrg, h0.Add(-time.Hour), h1.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if tot[usage.DeliveredBytes] != 8*500*3 || tot[usage.DeliveredSeconds] != 0 {
				t.Errorf("other organization totals %v", tot)
			}
		})
	}
}

// TestFlushRetryAfterLostCommit: a flush whose commit happened but whose
// acknowledgement was lost is retried with the same id (the Meter keeps the
// batch and its id until an attempt succeeds); the retries add nothing, and a
// new flush id adds again.
func TestFlushRetryAfterLostCommit(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			at := time.Date(2026, 11, 3, 10, 0, 0, 0, time.UTC)
			id := uuid.Must(uuid.NewV7())
			cells := usage.CellsForTest(f.proj, at, 1000, 40)
			for range 3 {
				if err := usage.WriteFlushForTest(f.ctx, f.client, id, cells); err != nil {
					t.Fatal(err)
				}
			}
			if got := f.sumHourly(t, f.proj, usage.DeliveredBytes); got != 1000 {
				t.Errorf("bytes after three attempts of one flush = %d, want 1000", got)
			}
			if err := usage.WriteFlushForTest(f.ctx, f.client, uuid.Must(uuid.NewV7()), cells); err != nil {
				t.Fatal(err)
			}
			if got := f.sumHourly(t, f.proj, usage.DeliveredBytes); got != 2000 {
				t.Errorf("bytes after a second flush = %d, want 2000", got)
			}
		})
	}
}

// TestStorageIsExact records stored objects over a period (one before it,
// one removed inside it, one created inside it and still held, one of another
// organization) and finds the byte-seconds and video-seconds to the unit.
func TestStorageIsExact(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			from := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			to := from.Add(30 * 24 * time.Hour)
			store := func(project uuid.UUID, org uuid.UUID, key string, bytes int64, secs float64, at time.Time) {
				t.Helper()
				if err := usage.Store(f.ctx, f.client, usage.Object{Organization: org, Project: project, Key: key, Bytes: bytes, VideoSeconds: secs, At: at}); err != nil {
					t.Fatal(err)
				}
			}
			// Held all period: 1 GB, 60.5 s of video.
			store(f.proj, f.org, "videos/a/source", 1_000_000_000, 60.5, from.Add(-time.Hour))
			// Removed after 10 days and 1.5 s.
			store(f.alt, f.org, "videos/b/hls/", 3_000, 10, from.Add(-time.Hour))
			if err := usage.Unstore(f.ctx, f.client, f.alt, "videos/b/", true, from.Add(10*24*time.Hour+1500*time.Millisecond)); err != nil {
				t.Fatal(err)
			}
			// Created 29 days in.
			store(f.proj, f.org, "videos/c/source", 7, 0, from.Add(29*24*time.Hour))
			// Another organization's.
			store(f.otherProj, f.otherOrg, "videos/d/source", 99, 9, from)
			tot, err := usage.Totals(f.ctx, f.client, f.org, from, to)
			if err != nil {
				t.Fatal(err)
			}
			period := int64(30 * 24 * 3600)
			wantBytes := 1_000_000_000*period + (3_000*(10*24*3600*1000+1500))/1000 + 7*24*3600
			wantVideo := (60_500*period*1000 + 10_000*(10*24*3600*1000+1500) + 500_000) / 1_000_000
			if tot[usage.StoredByteSeconds] != wantBytes {
				t.Errorf("byte-seconds = %d, want %d", tot[usage.StoredByteSeconds], wantBytes)
			}
			if tot[usage.StoredVideoSeconds] != wantVideo {
				t.Errorf("video-seconds = %d, want %d", tot[usage.StoredVideoSeconds], wantVideo)
			}
			st, err := usage.StorageOf(f.ctx, f.client, usage.Scope{Organization: f.org, Project: f.proj}, from, to, to)
			if err != nil {
				t.Fatal(err)
			}
			if st.Bytes != 1_000_000_007 || st.VideoSeconds != 60.5 {
				t.Errorf("held at the end: %+v", st)
			}
		})
	}
}

// TestFactsRecordedOnce writes the same encode and live facts twice and finds
// each once in the totals, in seconds rounded once.
func TestFactsRecordedOnce(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			at := time.Date(2026, 11, 3, 10, 20, 0, 0, time.UTC)
			rend, session := uuid.New(), uuid.New()
			for range 2 {
				tx, err := f.client.Tx(f.ctx)
				if err != nil {
					t.Fatal(err)
				}
				if err := usage.Record(f.ctx, tx.Client(), usage.Fact{Organization: f.org, Project: f.proj,
					Metric: usage.EncodedOutputSeconds, At: at, Quantity: 12_345, SourceKey: usage.EncodeKey(rend)}); err != nil {
					t.Fatal(err)
				}
				if err := usage.RecordLive(f.ctx, tx.Client(), f.org, f.proj, session, at, 1799.6); err != nil {
					t.Fatal(err)
				}
				if err := tx.Commit(); err != nil {
					t.Fatal(err)
				}
			}
			tot, err := usage.Totals(f.ctx, f.client, f.org, at.Truncate(time.Hour), at.Add(time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if tot[usage.EncodedOutputSeconds] != 12 || tot[usage.LiveInputSeconds] != 1800 {
				t.Errorf("totals %v", tot)
			}
		})
	}
}

// BenchmarkMeterAdd is the meter's cost on the request path: one Add from
// parallel goroutines over a few projects (a mutex and a map update).
func BenchmarkMeterAdd(b *testing.B) {
	m := usage.NewMeter(nil, nil)
	projects := []uuid.UUID{uuid.New(), uuid.New(), uuid.New(), uuid.New()}
	at := time.Now()
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			m.Add(projects[i%len(projects)], at, 188*500, 4000)
			i++
		}
	})
}
