package ingest_test

import (
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/usage"
)

// TestReconnectToAnotherNode: two ingest nodes on one database and bucket. A
// publisher on node A stops and republishes to node B inside the window: B
// continues the session (one session row, reconnects 1, node B), A's own
// window timer passes without ending it, and the one recording lists every
// segment of both connections after one discontinuity and plays.
func TestReconnectToAnotherNode(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		r.hls = true
		nodeB := r.startNode("node-b")
		st, key := r.stream(6)
		// Each publisher's wall time bounds what it can be metered for (a
		// loaded machine stretches -re publishing past the media's length).
		startA := time.Now()
		first := publishTo(t, rtmpURL(r.node, key), 5)
		if err := first.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher on A: %v: %s", err, first.stderr.String())
		}
		wallA := time.Since(startA)
		waitFor(t, 10*time.Second, "the window on node A", func() bool { return r.get(st.ID).Status == livestream.StatusDisconnected })
		deadline := *r.get(st.ID).ReconnectDeadline
		startB := time.Now()
		second := publishTo(t, rtmpURL(nodeB, key), 10)
		waitFor(t, 20*time.Second, "node B to continue the session", func() bool {
			cur := r.get(st.ID)
			return cur.Status == livestream.StatusActive && cur.NodeID == "node-b"
		})
		// Past A's deadline the session goes on on B: the deadline is on the
		// wall clock, so the test lets it pass.
		time.Sleep(time.Until(deadline.Add(1500 * time.Millisecond)))
		if cur := r.get(st.ID); cur.Status != livestream.StatusActive || cur.NodeID != "node-b" {
			t.Fatalf("after node A's deadline the stream is %s on %q", cur.Status, cur.NodeID)
		}
		// Node A let go without ending the output: no ENDLIST, no recording.
		vid := *r.sessions(st.ID)[0].VideoID
		if pl, err := s.App.Bucket.ReadAll(apptest.System(), livehls.PlaylistKey(vid)); err != nil || strings.Contains(string(pl), "ENDLIST") {
			t.Fatalf("live playlist while node B publishes (%v):\n%s", err, pl)
		}
		if ok, _ := s.App.Bucket.Exists(apptest.System(), livehls.RecordingKey(vid)); ok {
			t.Fatal("node A wrote the recording playlist of a session node B continues")
		}
		if err := second.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher on B: %v: %s", err, second.stderr.String())
		}
		wallB := time.Since(startB)
		waitFor(t, 20*time.Second, "the window to close", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		ss := r.sessions(st.ID)
		if len(ss) != 1 || ss[0].Reconnects != 1 || ss[0].NodeID != "node-b" || ss[0].EndReason == nil ||
			*ss[0].EndReason != livesession.EndReasonPublisherClosed || ss[0].VideoID == nil {
			t.Fatalf("sessions after a reconnect to another node: %+v", ss)
		}
		if ss[0].Bytes < 20000 {
			t.Fatalf("session bytes %d: the second node's count lost the first's", ss[0].Bytes)
		}
		// The live input of both nodes is metered once: about 5 s on A and
		// 10 s on B (the hour in progress moved with the session).
		recs, err := s.App.DB.Client.UsageRecord.Query().
			Where(usagerecord.ProjectID(r.project), usagerecord.MetricEQ(usagerecord.Metric(usage.LiveInputSeconds))).All(apptest.System())
		if err != nil {
			t.Fatal(err)
		}
		var ms int64
		for _, rec := range recs {
			if rec.SourceKey != usage.LiveKey(ss[0].ID, rec.At) {
				t.Errorf("record %+v", rec)
			}
			ms += rec.Quantity
		}
		if most := (wallA + wallB).Milliseconds(); len(recs) == 0 || len(recs) > 2 || ms < 13000 || ms > most {
			t.Fatalf("%d records, %d ms of input for 5 s on node A and 10 s on node B (publishers ran %d ms in all)", len(recs), ms, most)
		}
		t.Logf("live input metered across both nodes: %d ms", ms)
		checkRecording(t, s, *ss[0].VideoID, 15)
	})
}

// checkRecording checks a session's recording playlist: contiguous segments
// from 0, one discontinuity, about seconds long, playable by ffprobe.
func checkRecording(t *testing.T, s *apptest.Server, video uuid.UUID, seconds float64) {
	t.Helper()
	// The node writes it once the session's end is committed.
	waitFor(t, 20*time.Second, "the recording playlist", func() bool {
		ok, _ := s.App.Bucket.Exists(apptest.System(), livehls.RecordingKey(video))
		return ok
	})
	data, err := s.App.Bucket.ReadAll(apptest.System(), livehls.RecordingKey(video))
	if err != nil {
		t.Fatalf("recording playlist: %v", err)
	}
	rec := string(data)
	var total float64
	n := 0
	for _, l := range strings.Split(rec, "\n") {
		if v, ok := strings.CutPrefix(l, "#EXTINF:"); ok {
			d, _ := strconv.ParseFloat(strings.TrimSuffix(v, ","), 64)
			total += d
		}
		if strings.HasPrefix(l, "seg_") {
			if want := "seg_" + pad5(n) + ".ts"; l != want {
				t.Fatalf("recording names %s where %s was due:\n%s", l, want, rec)
			}
			n++
		}
	}
	if strings.Count(rec, "#EXT-X-DISCONTINUITY\n") != 1 || total < seconds-1.5 || total > seconds+1.5 {
		t.Fatalf("recording of %d segments, %.2f s (want %.0f s, one discontinuity):\n%s", n, total, seconds, rec)
	}
	out, err := exec.Command("nice", "-n", "19", "ffprobe", "-v", "error", "-show_entries", "format=duration",
		"-of", "csv=p=0", s.URL+"/v1/play/"+video.String()+"/live/recording.m3u8").CombinedOutput()
	if err != nil {
		t.Fatalf("ffprobe of the recording: %v: %s", err, out)
	}
	if d, _ := strconv.ParseFloat(strings.TrimSpace(string(out)), 64); d < seconds-2 {
		t.Fatalf("ffprobe plays %.2f s of the recording, want about %.0f", d, seconds)
	}
}

func pad5(n int) string {
	s := strconv.Itoa(n)
	return strings.Repeat("0", max(0, 5-len(s))) + s
}
