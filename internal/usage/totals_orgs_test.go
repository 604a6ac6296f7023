package usage_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/usagehourly"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

// TestTotalsByOrganizationEqualsTotals meters two organizations with every
// kind of usage (hourly rows, facts in milliseconds, stored objects, some
// outside the interval) and checks that the grouped reading of the period
// close gives each organization exactly what PeriodTotals gives it.
func TestTotalsByOrganizationEqualsTotals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newFixture(t, d)
			from := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
			to := from.AddDate(0, 1, 0)
			hourly := func(org, proj uuid.UUID, m usagehourly.Metric, at time.Time, q int64) {
				f.client.UsageHourly.Create().SetOrganizationID(org).SetProjectID(proj).SetMetric(m).SetHour(at).SetQuantity(q).ExecX(f.ctx)
			}
			fact := func(org, proj uuid.UUID, m usagerecord.Metric, at time.Time, q int64) {
				f.client.UsageRecord.Create().SetOrganizationID(org).SetProjectID(proj).SetMetric(m).SetAt(at).
					SetQuantity(q).SetSourceKey(uuid.NewString()).ExecX(f.ctx)
			}
			hourly(f.org, f.proj, usagehourly.MetricDeliveredBytes, from, 1000)
			hourly(f.org, f.alt, usagehourly.MetricDeliveredBytes, from.Add(5*time.Hour), 2345)
			hourly(f.org, f.proj, usagehourly.MetricDeliveredSeconds, from.Add(7*time.Hour), 1500)
			hourly(f.org, f.proj, usagehourly.MetricDeliveredBytes, to, 999_999) // outside
			hourly(f.otherOrg, f.otherProj, usagehourly.MetricDeliveredBytes, from.Add(time.Hour), 77)
			fact(f.org, f.proj, usagerecord.MetricEncodedOutputSeconds, from.Add(time.Minute), 60_499)
			fact(f.org, f.alt, usagerecord.MetricEncodedOutputSeconds, from.Add(2*time.Minute), 1)
			fact(f.otherOrg, f.otherProj, usagerecord.MetricLiveInputSeconds, to.Add(-time.Millisecond), 2500)
			fact(f.otherOrg, f.otherProj, usagerecord.MetricLiveInputSeconds, from.Add(-time.Millisecond), 9000) // outside
			for _, o := range []usage.Object{
				{Organization: f.org, Project: f.proj, Key: "videos/a/source", Bytes: 1_000_000_000, VideoSeconds: 60.5, At: from.Add(-time.Hour)},
				{Organization: f.org, Project: f.alt, Key: "videos/b/source", Bytes: 3, VideoSeconds: 1.25, At: from.Add(40 * time.Hour)},
				{Organization: f.otherOrg, Project: f.otherProj, Key: "videos/c/source", Bytes: 99, VideoSeconds: 9, At: from.Add(10 * 24 * time.Hour)},
			} {
				if err := usage.Store(f.ctx, f.client, o); err != nil {
					t.Fatal(err)
				}
			}
			all, err := usage.TotalsByOrganization(f.ctx, f.client, from, to)
			if err != nil {
				t.Fatal(err)
			}
			if len(all) != 2 {
				t.Fatalf("%d organizations, want 2", len(all))
			}
			for _, org := range []uuid.UUID{f.org, f.otherOrg} {
				one, err := usage.PeriodTotals(f.ctx, f.client, org, from, to)
				if err != nil {
					t.Fatal(err)
				}
				if fmt.Sprint(all[org]) != fmt.Sprint(one) {
					t.Errorf("organization %s: grouped %v, PeriodTotals %v", org, all[org], one)
				}
			}
			if all[f.org][usage.DeliveredBytes] != 3345 || all[f.org][usage.EncodedOutputSeconds] != 61 || all[f.otherOrg][usage.LiveInputSeconds] != 3 {
				t.Errorf("figures: %v %v", all[f.org], all[f.otherOrg])
			}
		})
	}
}
