package ingest_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/live/liveevents"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// TestTranscodeBudgetFullFallsBack: a node whose live transcode budget is
// full takes a publisher of a transcode stream all the same, transmuxed into
// the app's real live HLS; the session's history carries the
// transcode_unavailable warning, sent as livestream.warning.
func TestTranscodeBudgetFullFallsBack(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		full := liveslots.New(0)
		node, err := ingest.Start(context.Background(), ingest.Config{
			RTMPAddr: "127.0.0.1:0", NodeID: "node-full",
			StallTimeout: 2 * time.Second, Lease: 3 * time.Second, Heartbeat: time.Second,
		}, ingest.Deps{
			Client: s.App.DB.Client, Changes: s.App.Changes,
			Emit: func(ctx context.Context, tx *ent.Tx, kind string, st *ent.LiveStream, data map[string]any) error {
				return liveevents.Emit(ctx, &webhooks.Recorder{}, tx, kind, st, data)
			},
			Media: func(ctx context.Context, o ingest.MediaOptions) (ingest.Media, error) {
				ho := s.App.LiveHLSOptions()
				ho.ProjectID, ho.StreamID, ho.SessionID, ho.VideoID = o.ProjectID, o.StreamID, o.SessionID, o.VideoID
				ho.LatencyMode, ho.Transcode, ho.Record = o.LatencyMode, o.Transcode, o.Record
				ho.Ladder.Slots, ho.Ladder.Warn = full, o.Warn
				return livehls.Open(ctx, ho)
			},
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(node.Close)
		st, key := r.stream(0)
		s.App.DB.Client.LiveStream.UpdateOneID(st.ID).SetTranscode(true).ExecX(apptest.System())
		pub := publishTo(t, rtmpURL(node, key), 5)
		if err := pub.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 20*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		sess := r.sessions(st.ID)[0]
		if !slices.Contains(sess.Warnings, live.WarningTranscodeUnavailable) || sess.EndReason == nil || string(*sess.EndReason) != "publisher_closed" {
			t.Fatalf("session %+v", sess)
		}
		evs := s.App.DB.Client.Event.Query().Where(event.Type(events.LiveStreamWarning)).AllX(apptest.System())
		var found bool
		for _, e := range evs {
			found = found || (e.Data["warning"] == live.WarningTranscodeUnavailable && e.Data["session_id"] == sess.ID.String())
		}
		if !found {
			t.Fatalf("warning events %+v", evs)
		}
		// Transmuxed all the same: the recording is there. The node writes it
		// when it closes the media, after the session's end is committed (the
		// idle status waited for above), so it is waited for too.
		waitFor(t, 20*time.Second, "the recording of the transmuxed session", func() bool {
			ok, err := s.App.Bucket.Exists(apptest.System(), livehls.RecordingKey(*sess.VideoID))
			return err == nil && ok
		})
	})
}
