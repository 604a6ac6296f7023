package ingest_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"

	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/ingest"
)

// TestSimulcastRestreamsAsIs publishes with ffmpeg to a stream with two
// simulcast targets on a real RTMP server: the one with the right key receives
// the publisher's own coded pictures, byte for byte (no re-encoding), from a
// keyframe on; the one the server refuses shows its error in the history and
// in one livestream.simulcast.error event.
func TestSimulcastRestreamsAsIs(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		tg := startRTMPTarget(t, "target-key")
		st, key := r.stream(0)
		ctx := apptest.System()
		good := s.App.DB.Client.LiveSimulcastTarget.Create().SetLiveStreamID(st.ID).SetProjectID(r.project).
			SetName("good").SetURL(tg.url()).SetStreamKey("target-key").SaveX(ctx)
		bad := s.App.DB.Client.LiveSimulcastTarget.Create().SetLiveStreamID(st.ID).SetProjectID(r.project).
			SetName("refused").SetURL(tg.url()).SetStreamKey("not-the-key").SaveX(ctx)

		pub := publishTo(t, rtmpURL(r.node, key), 8)
		if err := pub.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 20*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		sess := r.sessions(st.ID)[0]
		if sess.EndReason == nil || *sess.EndReason != livesession.EndReasonPublisherClosed {
			t.Fatalf("session %+v", sess)
		}
		states := map[string]live.SimulcastState{}
		for _, ss := range sess.Simulcast {
			states[ss.TargetID.String()] = ss
		}
		if g := states[good.ID.String()]; g.State != live.SimulcastStopped || g.Error != "" || g.Bytes <= 0 || g.URL != tg.url() {
			t.Fatalf("good target's history %+v", g)
		}
		// (Its bytes may not be 0: what was written before the server's reset
		// counts as sent.)
		if b := states[bad.ID.String()]; b.Error == "" || (b.State != live.SimulcastFailed && b.State != live.SimulcastStopped) {
			t.Fatalf("refused target's history %+v", b)
		}
		// The history tells the kind of failure in fixed words, never what
		// the target's server answered.
		if b := states[bad.ID.String()].Error; b != "the connection to the target was lost" && !strings.HasPrefix(b, "could not connect to the target") {
			t.Fatalf("refused target's error %q", b)
		}

		// livestream.simulcast.error: the refused target's failure, once
		// (its retries while it stays refused are the same failure); none for
		// the good one.
		errs := s.App.DB.Client.Event.Query().Where(event.Type(events.LiveStreamSimulcastError)).AllX(ctx)
		if len(errs) != 1 || errs[0].Data["target_id"] != bad.ID.String() || errs[0].Data["session_id"] != sess.ID.String() ||
			errs[0].Data["error"] == "" || errs[0].Data["url"] != tg.url() {
			t.Fatalf("simulcast error events %+v", errs)
		}
		got, audio, vc, ac, refused := tg.received()
		if vc != "h264" || ac != "aac" || audio == 0 || refused == 0 {
			t.Fatalf("target got video %q audio %q (%d frames), refused %d", vc, ac, audio, refused)
		}
		src := tsSlices(t, filepath.Join(r.mediaOf(sess.ID).dir, "run-1.ts"))
		at := slices.Index(src, got[0])
		if at < 0 || len(got) > len(src)-at || !slices.Equal(got, src[at:at+len(got)]) {
			t.Fatalf("the target's %d pictures are not a run of the publisher's %d (first at %d)", len(got), len(src), at)
		}
		// It may start a keyframe late (2 s GOP at 25 fps) and lose the tail
		// in flight when the session ends.
		if len(got) < len(src)-75 {
			t.Fatalf("the target got %d of %d pictures", len(got), len(src))
		}
		t.Logf("target: %d of %d pictures identical, %d audio frames; refused target: %q", len(got), len(src), audio, states[bad.ID.String()].Error)
	})
}

// TestMaxDurationAndKeyframeWarning: a node whose sessions may last 6 s ends a
// publisher sending 6 s keyframe intervals with max_duration, even with a
// reconnect window open; the keyframe-interval warning is in the history and
// was sent as livestream.warning.
func TestMaxDurationAndKeyframeWarning(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		node := r.startNodeWith("node-short", func(c *ingest.Config) { c.MaxDuration = 6 * time.Second })
		st, key := r.stream(60)
		pub := publishWithGOP(t, rtmpURL(node, key), 20, 150)
		waitFor(t, 40*time.Second, "the session to end", func() bool {
			ss := r.sessions(st.ID)
			return len(ss) == 1 && ss[0].EndedAt != nil
		})
		if r.get(st.ID).Status != livestream.StatusIdle {
			t.Fatalf("stream %+v after the end", r.get(st.ID))
		}
		_ = pub.wait(t, 20*time.Second) // kicked: ffmpeg's exit status varies
		sess := r.sessions(st.ID)[0]
		if sess.EndReason == nil || *sess.EndReason != livesession.EndReasonMaxDuration {
			t.Fatalf("session %+v", sess)
		}
		if d := sess.EndedAt.Sub(sess.StartedAt); d < 6*time.Second || d > 9*time.Second {
			t.Fatalf("the session lasted %s with a 6 s cap", d)
		}
		if !slices.Contains(sess.Warnings, live.WarningKeyframeInterval) {
			t.Fatalf("warnings %v", sess.Warnings)
		}
		evs := s.App.DB.Client.Event.Query().Where(event.Type(events.LiveStreamWarning)).AllX(apptest.System())
		if len(evs) != 1 || evs[0].Data["warning"] != live.WarningKeyframeInterval || evs[0].Data["session_id"] != sess.ID.String() {
			t.Fatalf("warning events %+v", evs)
		}
		idle := s.App.DB.Client.Event.Query().Where(event.Type(events.LiveStreamIdle)).AllX(apptest.System())
		if len(idle) != 1 || idle[0].Data["end_reason"] != "max_duration" {
			t.Fatalf("idle events %+v", idle)
		}
	})
}

// tsSlices reads an MPEG-TS file's H.264 access units as slice hashes.
func tsSlices(t *testing.T, path string) [][32]byte {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	rd := &mpegts.Reader{R: f}
	if err := rd.Initialize(); err != nil {
		t.Fatal(err)
	}
	var out [][32]byte
	for _, tr := range rd.Tracks() {
		if _, ok := tr.Codec.(*tscodecs.H264); ok {
			rd.OnDataH264(tr, func(_, _ int64, au [][]byte) error {
				if sum, ok := sliceHash(au); ok {
					out = append(out, sum)
				}
				return nil
			})
		}
	}
	for rd.Read() == nil {
	}
	return out
}
