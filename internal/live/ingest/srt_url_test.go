package ingest_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/ingest"
)

// TestSRTPublishURLAsGiven: the srt_publish_url the REST API gives for a new
// stream works in ffmpeg as given (ffmpeg passes the streamid on undecoded),
// the percent-encoded form older URLs had is accepted too, and a publisher
// that stops cleanly (SRT SHUTDOWN) ends the session as publisher_closed, not
// timeout.
func TestSRTPublishURLAsGiven(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		status, env := s.REST("POST", "/v1/projects/"+r.project.String()+"/livestreams",
			`{"name": "SRT", "reconnect_window_seconds": 0}`)
		if status != 201 && status != 200 {
			t.Fatalf("create: %d %+v", status, env)
		}
		var created struct {
			LiveStream struct {
				ID string `json:"id"`
			} `json:"live_stream"`
			SRTPublishURL string `json:"srt_publish_url"`
			StreamKey     string `json:"stream_key"`
		}
		if err := json.Unmarshal(env.Result, &created); err != nil {
			t.Fatal(err)
		}
		given, err := url.Parse(created.SRTPublishURL)
		if err != nil || given.Scheme != "srt" {
			t.Fatalf("srt_publish_url %q: %v", created.SRTPublishURL, err)
		}
		if want := "streamid=publish:" + created.StreamKey; given.RawQuery != want {
			t.Fatalf("srt_publish_url query %q, want %q", given.RawQuery, want)
		}
		streamID := uuid.MustParse(created.LiveStream.ID)

		// The URL as given, on this test's node: only the address changes.
		asGiven := "srt://" + r.node.Addr(ingest.ProtocolSRT) + "?" + given.RawQuery
		publishAndStopCleanly(t, r, streamID, asGiven, 1)

		// The encoded form of URLs given out before.
		encoded := "srt://" + r.node.Addr(ingest.ProtocolSRT) + "?streamid=" + url.QueryEscape("publish:"+created.StreamKey)
		if !strings.Contains(encoded, "%3A") {
			t.Fatalf("not encoded: %s", encoded)
		}
		publishAndStopCleanly(t, r, streamID, encoded, 2)
	})
}

// publishAndStopCleanly publishes 3 s over SRT to u and checks that the
// stream's session number n went live and ended as publisher_closed.
func publishAndStopCleanly(t *testing.T, r *rig, streamID uuid.UUID, u string, n int) {
	t.Helper()
	pub := publishTo(t, u, 3)
	waitFor(t, 20*time.Second, "the stream to go active", func() bool { return r.get(streamID).Status == livestream.StatusActive })
	if err := pub.wait(t, 40*time.Second); err != nil {
		t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
	}
	waitFor(t, 15*time.Second, "the session to end", func() bool {
		ss := r.sessions(streamID)
		return len(ss) == n && ss[n-1].EndedAt != nil
	})
	sess := r.sessions(streamID)[n-1]
	if sess.Protocol != livesession.ProtocolSrt || sess.EndReason == nil || *sess.EndReason != livesession.EndReasonPublisherClosed {
		t.Fatalf("session %d over %s: protocol %s, end reason %v (a clean SRT stop is publisher_closed)", n, u, sess.Protocol, deref(sess.EndReason))
	}
}

// deref is the end reason or "none".
func deref(r *livesession.EndReason) string {
	if r == nil {
		return "none"
	}
	return string(*r)
}

// TestSessionFiguresAcrossReconnect: a 25 fps publisher that reconnects once
// within the window leaves one session whose frame rate is 25 (not the frames
// of both connections over the last one's time) and whose bitrate is its bytes
// over the time the publisher was sending (not the last heartbeat's window).
func TestSessionFiguresAcrossReconnect(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		st, key := r.stream(3)
		var sending time.Duration
		for i := range 2 {
			began := time.Now()
			pub := publishTo(t, srtURL(r.node, key), 4)
			if err := pub.wait(t, 40*time.Second); err != nil {
				t.Fatalf("publisher %d: %v: %s", i, err, pub.stderr.String())
			}
			sending += time.Since(began)
			waitFor(t, 10*time.Second, "the reconnect window", func() bool { return r.get(st.ID).Status != livestream.StatusActive })
		}
		waitFor(t, 15*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		ss := r.sessions(st.ID)
		if len(ss) != 1 || ss[0].Reconnects != 1 {
			t.Fatalf("sessions %+v", ss)
		}
		sess := ss[0]
		if sess.Fps < 24 || sess.Fps > 26 {
			t.Fatalf("fps %v over two connections of a 25 fps publisher", sess.Fps)
		}
		// ffmpeg's run time holds its start-up too: the publisher sent for a
		// little less than that, so the average is at or a little above it.
		sent := float64(sess.Bytes) * 8 / 1000 / sending.Seconds()
		if kbps := float64(sess.BitrateKbps); kbps < sent*0.9 || kbps > sent*1.5 {
			t.Fatalf("bitrate %v kbps; %d bytes over %s of publishing is %.0f kbps", kbps, sess.Bytes, sending, sent)
		}
		t.Logf("fps %v, bitrate %d kbps (%d bytes, %.0f kbps over ffmpeg's run time)", sess.Fps, sess.BitrateKbps, sess.Bytes, sent)
	})
}
