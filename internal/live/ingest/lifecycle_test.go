package ingest_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
)

// probeStreams returns the codec names of a media file's streams.
func probeStreams(t *testing.T, path string) []string {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_streams", "-of", "json", path).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", path, err)
	}
	var doc struct {
		Streams []struct {
			CodecName string `json:"codec_name"`
		} `json:"streams"`
	}
	if err := json.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range doc.Streams {
		names = append(names, s.CodecName)
	}
	return names
}

// TestPublishAndRefusals: the right key publishes (session, video in status
// live, statistics), a wrong key, a second publisher and a disabled stream are
// refused, and the end of the publisher closes the session after the window.
func TestPublishAndRefusals(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, key := r.stream(1)
		pub := publishTo(t, rtmpURL(r.node, key), 6)
		waitFor(t, 20*time.Second, "the stream to go active", func() bool { return r.get(st.ID).Status == livestream.StatusActive })
		cur := r.get(st.ID)
		if cur.NodeID != "node-a" || cur.LeaseUntil == nil || cur.CurrentSessionID == nil {
			t.Fatalf("stream %+v", cur)
		}
		sessions := r.sessions(st.ID)
		if len(sessions) != 1 || sessions[0].Protocol != livesession.ProtocolRtmp || sessions[0].VideoID == nil || sessions[0].NodeID != "node-a" {
			t.Fatalf("sessions %+v", sessions)
		}
		v, err := s.App.DB.Client.Video.Get(apptest.System(), *sessions[0].VideoID)
		if err != nil || v.Status != video.StatusLive || v.ProjectID != r.project {
			t.Fatalf("video %+v %v", v, err)
		}

		// A wrong key and a second publisher on the right one are refused.
		// (gortmplib answers publish before the key is checked, so the refusal
		// is a closed socket; ffmpeg's exit code does not always show it: the
		// database does.)
		wrong := publishTo(t, rtmpURL(r.node, livekey.New()), 3)
		t.Logf("wrong key: ffmpeg %v", wrong.wait(t, 30*time.Second))
		second := publishTo(t, rtmpURL(r.node, key), 3)
		t.Logf("second publisher: ffmpeg %v", second.wait(t, 30*time.Second))
		if ss := r.sessions(st.ID); len(ss) != 1 || *r.get(st.ID).CurrentSessionID != ss[0].ID {
			t.Fatalf("sessions after the refusals: %+v", ss)
		}

		if err := pub.wait(t, 40*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 15*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		sess := r.sessions(st.ID)[0]
		if sess.EndedAt == nil || sess.EndReason == nil || *sess.EndReason != livesession.EndReasonPublisherClosed {
			t.Fatalf("ended session %+v", sess)
		}
		if sess.VideoCodec != "h264" || sess.AudioCodec != "aac" || sess.Width != 320 || sess.Height != 240 {
			t.Fatalf("codecs %+v", sess)
		}
		if sess.Fps < 24 || sess.Fps > 26 || sess.KeyframeIntervalSeconds < 1.9 || sess.KeyframeIntervalSeconds > 2.1 || sess.Bytes < 10000 || sess.BitrateKbps <= 0 {
			t.Fatalf("figures fps=%v gop=%v bytes=%d kbps=%d", sess.Fps, sess.KeyframeIntervalSeconds, sess.Bytes, sess.BitrateKbps)
		}
		if len(sess.Warnings) != 0 {
			t.Fatalf("warnings %v", sess.Warnings)
		}
		m := r.mediaOf(sess.ID)
		select {
		case reason := <-m.closed:
			if reason != "publisher_closed" {
				t.Fatalf("media closed with %q", reason)
			}
		case <-time.After(5 * time.Second):
			t.Fatal("media not closed")
		}
		if got := probeStreams(t, filepath.Join(m.dir, "run-1.ts")); len(got) != 2 || got[0] != "h264" || got[1] != "aac" {
			t.Fatalf("output streams %v", got)
		}

		// A disabled stream is refused.
		if err := s.App.DB.Client.LiveStream.UpdateOneID(st.ID).SetEnabled(false).SetStatus(livestream.StatusDisabled).Exec(streamlifecycle.ForTest(apptest.System())); err != nil {
			t.Fatal(err)
		}
		disabled := publishTo(t, rtmpURL(r.node, key), 3)
		t.Logf("disabled: ffmpeg %v", disabled.wait(t, 30*time.Second))
		if n := len(r.sessions(st.ID)); n != 1 {
			t.Fatalf("%d sessions after the disabled attempt", n)
		}
	})
}

// TestReconnectWindow: a reconnect inside the window continues the session
// (one session, one video, reconnects = 1); after the window a new one starts.
func TestReconnectWindow(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, key := r.stream(4)
		first := publishTo(t, srtURL(r.node, key), 3)
		if err := first.wait(t, 40*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, first.stderr.String())
		}
		// ffmpeg ends SRT with SHUTDOWN: the window opens (publisher_closed).
		waitFor(t, 10*time.Second, "the stream to disconnect", func() bool { return r.get(st.ID).Status == livestream.StatusDisconnected })
		again := publishTo(t, rtmpURL(r.node, key), 3)
		waitFor(t, 20*time.Second, "the reconnect", func() bool { return r.get(st.ID).Status == livestream.StatusActive })
		if err := again.wait(t, 40*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, again.stderr.String())
		}
		waitFor(t, 15*time.Second, "the window to close", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		ss := r.sessions(st.ID)
		if len(ss) != 1 || ss[0].Reconnects != 1 || ss[0].Protocol != livesession.ProtocolRtmp || *ss[0].EndReason != livesession.EndReasonPublisherClosed {
			t.Fatalf("sessions after a reconnect in the window: %+v", ss)
		}
		m := r.mediaOf(ss[0].ID)
		for _, run := range []string{"run-1.ts", "run-2.ts"} {
			if got := probeStreams(t, filepath.Join(m.dir, run)); len(got) != 2 {
				t.Fatalf("%s streams %v", run, got)
			}
		}
		// After the window: a second session.
		third := publishTo(t, rtmpURL(r.node, key), 2)
		if err := third.wait(t, 40*time.Second); err != nil {
			t.Fatalf("publisher: %v", err)
		}
		waitFor(t, 15*time.Second, "the second session to end", func() bool {
			ss := r.sessions(st.ID)
			return len(ss) == 2 && ss[1].EndedAt != nil
		})
		ss = r.sessions(st.ID)
		if *ss[0].VideoID == *ss[1].VideoID || ss[1].Reconnects != 0 {
			t.Fatalf("sessions %+v", ss)
		}
	})
}

// TestKickWithoutChangeNotice: a node that sees no change notice (lost, or a
// recheck that failed) still kicks the publisher of a disabled stream within
// a heartbeat or two, with the disabled end reason.
func TestKickWithoutChangeNotice(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		r.deaf = true
		deaf := r.startNode("node-deaf")
		st, key := r.stream(30)
		pub := publishTo(t, rtmpURL(deaf, key), 60)
		waitFor(t, 20*time.Second, "active", func() bool { return r.get(st.ID).Status == livestream.StatusActive })
		if err := s.App.DB.Client.LiveStream.UpdateOneID(st.ID).SetEnabled(false).SetStatus(livestream.StatusDisabled).Exec(streamlifecycle.ForTest(apptest.System())); err != nil {
			t.Fatal(err)
		}
		_ = pub.wait(t, 10*time.Second)
		waitFor(t, 5*time.Second, "the session to end", func() bool {
			ss := r.sessions(st.ID)
			return len(ss) == 1 && ss[0].EndReason != nil
		})
		if ss := r.sessions(st.ID); *ss[0].EndReason != livesession.EndReasonDisabled {
			t.Fatalf("end reason %v", *ss[0].EndReason)
		}
	})
}

// TestKicks: disabling a stream or resetting its key kicks the publisher at
// once, with that end reason; a stall counts as a disconnect.
func TestKicks(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, key := r.stream(30)
		pub := publishTo(t, rtmpURL(r.node, key), 60)
		waitFor(t, 20*time.Second, "active", func() bool { return r.get(st.ID).Status == livestream.StatusActive })
		start := time.Now()
		if err := s.App.DB.Client.LiveStream.UpdateOneID(st.ID).SetEnabled(false).SetStatus(livestream.StatusDisabled).Exec(streamlifecycle.ForTest(apptest.System())); err != nil {
			t.Fatal(err)
		}
		_ = pub.wait(t, 10*time.Second)
		t.Logf("publisher gone %s after the disable (loaded box)", time.Since(start))
		waitFor(t, 5*time.Second, "the session to end", func() bool {
			ss := r.sessions(st.ID)
			return len(ss) == 1 && ss[0].EndReason != nil
		})
		if ss := r.sessions(st.ID); *ss[0].EndReason != livesession.EndReasonDisabled {
			t.Fatalf("end reason %v", *ss[0].EndReason)
		}
		if got := r.get(st.ID); got.Status != livestream.StatusDisabled || got.CurrentSessionID != nil {
			t.Fatalf("stream %+v", got)
		}

		// Key reset.
		st2, key2 := r.stream(30)
		pub2 := publishTo(t, rtmpURL(r.node, key2), 60)
		waitFor(t, 20*time.Second, "active", func() bool { return r.get(st2.ID).Status == livestream.StatusActive })
		if err := s.App.DB.Client.LiveStream.UpdateOneID(st2.ID).SetKeyHash(livekey.Hash(livekey.New())).Exec(apptest.System()); err != nil {
			t.Fatal(err)
		}
		_ = pub2.wait(t, 10*time.Second)
		waitFor(t, 5*time.Second, "the session to end", func() bool {
			ss := r.sessions(st2.ID)
			return len(ss) == 1 && ss[0].EndReason != nil
		})
		if ss := r.sessions(st2.ID); *ss[0].EndReason != livesession.EndReasonKeyReset {
			t.Fatalf("end reason %v", *ss[0].EndReason)
		}
		if got := r.get(st2.ID); got.Status != livestream.StatusIdle {
			t.Fatalf("stream status %v", got.Status)
		}

		// COMPLETE (the API sets complete_requested_at): the session ends now,
		// without a reconnect window.
		stc, keyc := r.stream(30)
		pubc := publishTo(t, rtmpURL(r.node, keyc), 60)
		waitFor(t, 20*time.Second, "active", func() bool { return r.get(stc.ID).Status == livestream.StatusActive })
		if err := s.App.DB.Client.LiveStream.UpdateOneID(stc.ID).SetCompleteRequestedAt(time.Now()).Exec(apptest.System()); err != nil {
			t.Fatal(err)
		}
		_ = pubc.wait(t, 10*time.Second)
		waitFor(t, 5*time.Second, "the session to end", func() bool {
			ss := r.sessions(stc.ID)
			return len(ss) == 1 && ss[0].EndReason != nil
		})
		if ss := r.sessions(stc.ID); *ss[0].EndReason != livesession.EndReasonCompleted {
			t.Fatalf("end reason %v", *ss[0].EndReason)
		}
		if got := r.get(stc.ID); got.Status != livestream.StatusIdle {
			t.Fatalf("stream status %v", got.Status)
		}

		// Stall: SIGSTOP the publisher.
		st3, key3 := r.stream(1)
		pub3 := publishTo(t, rtmpURL(r.node, key3), 60)
		waitFor(t, 20*time.Second, "active", func() bool { return r.get(st3.ID).Status == livestream.StatusActive })
		_ = pub3.cmd.Process.Signal(syscall.SIGSTOP)
		stopped := time.Now()
		waitFor(t, 10*time.Second, "the stall", func() bool { return r.get(st3.ID).Status != livestream.StatusActive })
		t.Logf("stall seen %s after SIGSTOP (timeout 2 s, loaded box)", time.Since(stopped))
		waitFor(t, 10*time.Second, "the end", func() bool { return r.get(st3.ID).Status == livestream.StatusIdle })
		if ss := r.sessions(st3.ID); *ss[0].EndReason != livesession.EndReasonTimeout {
			t.Fatalf("end reason %v", *ss[0].EndReason)
		}
		_ = pub3.cmd.Process.Kill()
	})
}
