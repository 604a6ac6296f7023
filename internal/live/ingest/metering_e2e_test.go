package ingest_test

import (
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/usage"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
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

// TestLostNodeInputMetered: a session left active by a node that died (lease
// run out) gets its reconnect window (2 s here); nobody reconnects, so another
// node's sweep ends it as node_lost, and its input from
// its start to the last data the dead node wrote is recorded, since the dead
// node's meter is gone.
func TestLostNodeInputMetered(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, _ := r.stream(2)
		ctx := apptest.System()
		c := s.App.DB.Client
		now := time.Now()
		started, last := now.Add(-90*time.Second), now.Add(-3*time.Second)
		vid := c.Video.Create().SetProjectID(r.project).SetTitle("live").SetStatus(video.StatusLive).SaveX(videolifecycle.ForTest(ctx))
		sess := c.LiveSession.Create().SetLiveStreamID(st.ID).SetProjectID(r.project).SetVideoID(vid.ID).
			SetNodeID("node-dead").SetProtocol(livesession.ProtocolRtmp).SetStartedAt(started).SetLastDataAt(last).SaveX(ctx)
		c.LiveStream.UpdateOneID(st.ID).SetStatus(livestream.StatusActive).SetNodeID("node-dead").
			SetLeaseUntil(now.Add(-time.Second)).SetCurrentSessionID(sess.ID).ExecX(streamlifecycle.ForTest(ctx))

		waitFor(t, 15*time.Second, "the sweep to end the session", func() bool {
			return c.LiveSession.GetX(ctx, sess.ID).EndedAt != nil
		})
		if got := c.LiveSession.GetX(ctx, sess.ID); *got.EndReason != livesession.EndReasonNodeLost {
			t.Fatalf("end reason %v", *got.EndReason)
		}
		recs := c.UsageRecord.Query().Where(usagerecord.SourceKeyHasPrefix(usage.LiveKeyPrefix(sess.ID))).AllX(ctx)
		var ms int64
		for _, rec := range recs {
			ms += rec.Quantity
		}
		want := last.Sub(started).Milliseconds()
		if len(recs) == 0 || len(recs) > 2 || ms < want-1 || ms > want+1 {
			t.Fatalf("%d records, %d ms; want %d ms", len(recs), ms, want)
		}
	})
}
