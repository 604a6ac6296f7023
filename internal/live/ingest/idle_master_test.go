package ingest_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
)

// TestIdleStreamMasterNamesRecording: when a recorded session ends, the
// master playlist names the recording before the stream reads idle: a
// watcher that reads the stream's status and then the master every few
// milliseconds through the end never sees idle with the live playlist named.
func TestIdleStreamMasterNamesRecording(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		r.hls = true
		st, key := r.stream(0) // no reconnect window: the session ends with its publisher
		pub := publishTo(t, rtmpURL(r.node, key), 4)
		waitFor(t, 30*time.Second, "the first segment", func() bool {
			ss := r.sessions(st.ID)
			if len(ss) == 0 || ss[0].VideoID == nil {
				return false
			}
			ok, _ := s.App.Bucket.Exists(context.Background(), livehls.MasterKey(*ss[0].VideoID))
			return ok
		})
		vid := *r.sessions(st.ID)[0].VideoID
		type sight struct {
			status livestream.Status
			master string
		}
		seen := make(chan []sight, 1)
		go func() {
			var out []sight
			deadline := time.Now().Add(60 * time.Second)
			for time.Now().Before(deadline) {
				cur, err := s.App.DB.Client.LiveStream.Get(apptest.System(), st.ID)
				if err != nil {
					continue
				}
				m, _ := s.App.Bucket.ReadAll(context.Background(), livehls.MasterKey(vid))
				out = append(out, sight{cur.Status, string(m)})
				if cur.Status == livestream.StatusIdle {
					break
				}
				time.Sleep(2 * time.Millisecond) // the watcher's pace: a window this long is caught
			}
			seen <- out
		}()
		if err := pub.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		sights := <-seen
		last := sights[len(sights)-1]
		if last.status != livestream.StatusIdle {
			t.Fatalf("the stream did not go idle (%s) after %d reads", last.status, len(sights))
		}
		if !strings.Contains(last.master, "live/recording.m3u8") {
			t.Fatalf("the stream reads idle while the master names:\n%s", last.master)
		}
		t.Logf("%d reads of status and master before idle", len(sights))
	})
}
