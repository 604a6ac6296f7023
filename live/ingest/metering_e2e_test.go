package ingest_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/usage"
)

// TestLiveInputMetered publishes 6 s and finds the session's connected time in
// the organization's live_input_seconds: once, no more than the session
// lasted, whatever the heartbeats flushed meanwhile.
func TestLiveInputMetered(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, key := r.stream(0)
		pub := publishTo(t, rtmpURL(r.node, key), 6)
		if err := pub.wait(t, 40*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 15*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		sess := r.sessions(st.ID)
		if len(sess) != 1 || sess[0].EndedAt == nil {
			t.Fatalf("sessions %+v", sess)
		}
		ctx := apptest.System()
		proj, err := s.App.DB.Client.Project.Get(ctx, r.project)
		if err != nil {
			t.Fatal(err)
		}
		recs, err := s.App.DB.Client.UsageRecord.Query().
			Where(usagerecord.ProjectID(r.project), usagerecord.MetricEQ(usagerecord.Metric(usage.LiveInputSeconds))).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var ms int64
		for _, rec := range recs {
			if rec.SourceKey != usage.LiveKey(sess[0].ID, rec.At) || rec.OrganizationID != proj.OrganizationID {
				t.Errorf("record %+v", rec)
			}
			ms += rec.Quantity
		}
		lasted := sess[0].EndedAt.Sub(sess[0].StartedAt).Milliseconds()
		if len(recs) == 0 || len(recs) > 2 || ms < 5500 || ms > lasted {
			t.Fatalf("%d records, %d ms of input; the session lasted %d ms", len(recs), ms, lasted)
		}
		tot, err := usage.Totals(ctx, s.App.DB.Client, proj.OrganizationID, sess[0].StartedAt.Add(-time.Hour), time.Now().Add(time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if want := (ms + 500) / 1000; tot[usage.LiveInputSeconds] != want {
			t.Fatalf("live_input_seconds %d, want %d", tot[usage.LiveInputSeconds], want)
		}
		t.Logf("6 s published: %d ms metered, session %d ms", ms, lasted)
	})
}
