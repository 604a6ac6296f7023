//go:build linux

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/live/livehls"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// ingestCluster is `vidra ingest` processes on one database and one data
// folder (blob storage), with one live stream.
type ingestCluster struct {
	t   *testing.T
	c   *cluster
	ctx context.Context
	db  *database.DB
	st  *ent.LiveStream
	key string
}

// newIngestCluster prepares the database of dialect d with a stream whose
// reconnect window is window seconds.
func newIngestCluster(t *testing.T, d string, window int) *ingestCluster {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	c := newCluster(t, d)
	if d == dialect.Postgres && c.env["VIDRA_DATABASE_URL"] == "" {
		t.Skip("PostgreSQL not available")
	}
	ctx := tenancy.SystemContext(context.Background(), "test fixture")
	db, err := database.Open(ctx, c.env["VIDRA_DATABASE_URL"], c.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	org, err := db.Client.Organization.Create().SetName("Live").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	project, err := db.Client.Project.Create().SetOrganizationID(org.ID).SetName("Live").Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	key := livekey.New()
	st, err := db.Client.LiveStream.Create().SetProjectID(project.ID).SetName("Lease").
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).SetReconnectWindowSeconds(window).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return &ingestCluster{t: t, c: c, ctx: ctx, db: db, st: st, key: key}
}

// node starts `vidra ingest` as id (the given lease, heartbeat 1 s) and returns it
// with its RTMP publish URL.
func (ic *ingestCluster) node(id string, lease string) (*child, string) {
	ic.t.Helper()
	addr := freeAddr(ic.t)
	ch := ic.c.start("ingest", map[string]string{
		"VIDRA_INGEST_NODE_ID": id, "VIDRA_RTMP_ADDR": addr, "VIDRA_SRT_ADDR": "off",
		"VIDRA_LIVE_LEASE": lease, "VIDRA_LIVE_HEARTBEAT": "1s",
	})
	ic.c.waitLog(ch, "ingest listening", 60*time.Second)
	return ch, "rtmp://" + addr + "/live/" + ic.key
}

// get reads the stream.
func (ic *ingestCluster) get() *ent.LiveStream {
	s, err := ic.db.Client.LiveStream.Get(ic.ctx, ic.st.ID)
	if err != nil {
		ic.t.Fatal(err)
	}
	return s
}

// wait polls the stream until cond holds.
func (ic *ingestCluster) wait(what string, timeout time.Duration, cond func(*ent.LiveStream) bool) *ent.LiveStream {
	ic.t.Helper()
	var s *ent.LiveStream
	if !poll.Within(timeout, func() bool { s = ic.get(); return cond(s) }) {
		ic.t.Fatalf("timed out waiting for %s: %+v", what, s)
	}
	return s
}

// sessions lists the stream's sessions.
func (ic *ingestCluster) sessions() []*ent.LiveSession {
	ic.t.Helper()
	ss, err := ic.db.Client.LiveSession.Query().Where(livesession.LiveStreamID(ic.st.ID)).All(ic.ctx)
	if err != nil {
		ic.t.Fatal(err)
	}
	return ss
}

// publish starts ffmpeg sending a test picture to url for seconds.
func (ic *ingestCluster) publish(url string, seconds int) *exec.Cmd {
	ic.t.Helper()
	cmd := exec.Command("nice", "-n", "19", "ffmpeg", "-hide_banner", "-loglevel", "error", "-re",
		"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", fmt.Sprint(seconds),
		"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "50", "-pix_fmt", "yuv420p", "-an", "-f", "flv", url)
	if err := cmd.Start(); err != nil {
		ic.t.Fatal(err)
	}
	ic.t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd
}

// liveFile is the path of a session video's live blob in the data folder.
func (ic *ingestCluster) liveFile(video uuid.UUID, name string) string {
	return filepath.Join(ic.c.dataDir, "blobs", livehls.Prefix(video)+name)
}

// TestKilledIngestNodeLosesItsLease runs two `vidra ingest` processes on one
// PostgreSQL: a publisher on node X holds the stream, so the same key on node Y
// is refused; kill -9 of X leaves the stream active until X's lease expires,
// then its reconnect window opens (3 s here); nobody reconnects, so the
// session ends as node_lost and Y takes the stream with a new session.
func TestKilledIngestNodeLosesItsLease(t *testing.T) {
	ic := newIngestCluster(t, dialect.Postgres, 3)
	x, urlX := ic.node("node-x", "8s")
	_, urlY := ic.node("node-y", "8s")
	pubX := ic.publish(urlX, 120)
	ic.wait("node X to hold the stream", 60*time.Second, func(s *ent.LiveStream) bool {
		return s.Status == livestream.StatusActive && s.NodeID == "node-x"
	})
	// Node Y refuses the same key while X holds it.
	if err := ic.publish(urlY, 3).Wait(); err == nil {
		t.Fatal("node Y accepted a second publisher")
	}
	x.kill()
	killed := time.Now()
	_ = pubX.Wait()
	// X's lease runs out, then the window; Y's sweeper ends the session as node_lost.
	s := ic.wait("the lease and window to expire", 40*time.Second, func(s *ent.LiveStream) bool { return s.Status == livestream.StatusIdle })
	t.Logf("stream idle %s after kill -9 (lease 8 s, window 3 s, heartbeat 1 s; loaded box)", time.Since(killed))
	if s.CurrentSessionID != nil || s.NodeID != "" {
		t.Fatalf("stream after the sweep: %+v", s)
	}
	sessions := ic.sessions()
	if len(sessions) != 1 || sessions[0].EndReason == nil || *sessions[0].EndReason != livesession.EndReasonNodeLost {
		t.Fatalf("sessions %+v", sessions)
	}
	// Y takes the stream now.
	ic.publish(urlY, 60)
	ic.wait("node Y to take the stream", 60*time.Second, func(s *ent.LiveStream) bool {
		return s.Status == livestream.StatusActive && s.NodeID == "node-y" && *s.CurrentSessionID != sessions[0].ID
	})
}

// TestKilledIngestNodeSessionContinues: kill -9 of the ingest node holding a
// publisher; the publisher republishes to another node inside the window
// (refused while the dead node's lease runs, then accepted): the same session
// continues there (reconnects 1), and its one recording lists the segments of
// both nodes after one discontinuity and plays. Both databases.
func TestKilledIngestNodeSessionContinues(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			ic := newIngestCluster(t, d, 15)
			x, urlX := ic.node("node-x", "4s")
			_, urlY := ic.node("node-y", "4s")
			pubX := ic.publish(urlX, 120)
			s := ic.wait("node X to hold the stream", 60*time.Second, func(s *ent.LiveStream) bool {
				return s.Status == livestream.StatusActive && s.NodeID == "node-x"
			})
			session := *s.CurrentSessionID
			sess, err := ic.db.Client.LiveSession.Get(ic.ctx, session)
			if err != nil || sess.VideoID == nil {
				t.Fatalf("session %+v %v", sess, err)
			}
			video := *sess.VideoID
			// Let X publish a few segments.
			if !poll.Every(100*time.Millisecond, 60*time.Second, func() bool {
				_, err := os.Stat(ic.liveFile(video, "seg_00002.ts"))
				return err == nil
			}) {
				t.Fatal("node X published no third segment in 60 s")
			}
			x.kill()
			killed := time.Now()
			_ = pubX.Wait()
			// The publisher retries on Y until Y takes the session (X's lease
			// has to run out first).
			var pubY *exec.Cmd
			for {
				if time.Since(killed) > 30*time.Second {
					t.Fatal("node Y did not take the session within 30 s of the kill")
				}
				pubY = ic.publish(urlY, 6)
				exited := make(chan error, 1)
				go func() { exited <- pubY.Wait() }()
				taken := false
				poll.Every(100*time.Millisecond, 4*time.Second, func() bool {
					cur := ic.get()
					taken = cur.Status == livestream.StatusActive && cur.NodeID == "node-y"
					return taken || len(exited) > 0
				})
				if taken {
					if err := <-exited; err != nil {
						t.Fatalf("publisher on Y: %v", err)
					}
					break
				}
				_ = pubY.Process.Kill()
				if err := <-exited; err != nil {
					t.Logf("publisher on Y, killed to retry: %v", err)
				}
				// The publisher's own delay before it retries, as an encoder
				// reconnecting has nothing to wait on but time.
				time.Sleep(300 * time.Millisecond)
			}
			t.Logf("node Y continued the session %s after kill -9 of X", time.Since(killed))
			if cur := ic.get(); cur.CurrentSessionID == nil || *cur.CurrentSessionID != session {
				t.Fatalf("stream after the reconnect to Y: %+v", cur)
			}
			ic.wait("the window to close", 40*time.Second, func(s *ent.LiveStream) bool { return s.Status == livestream.StatusIdle })
			ss := ic.sessions()
			if len(ss) != 1 || ss[0].ID != session || ss[0].Reconnects != 1 || ss[0].NodeID != "node-y" ||
				ss[0].EndReason == nil || *ss[0].EndReason != livesession.EndReasonPublisherClosed {
				t.Fatalf("sessions after the kill and the reconnect: %+v", ss)
			}
			var rec []byte
			poll.Every(100*time.Millisecond, 20*time.Second, func() bool {
				rec, err = os.ReadFile(ic.liveFile(video, "recording.m3u8"))
				return err == nil
			})
			if err != nil {
				t.Fatalf("recording playlist: %v", err)
			}
			segs := 0
			for _, l := range strings.Split(string(rec), "\n") {
				if strings.HasPrefix(l, "seg_") {
					if want := fmt.Sprintf("seg_%05d.ts", segs); l != want {
						t.Fatalf("recording names %s where %s was due:\n%s", l, want, rec)
					}
					segs++
				}
			}
			if segs < 5 || strings.Count(string(rec), "#EXT-X-DISCONTINUITY\n") != 1 {
				t.Fatalf("recording of both nodes (want X's 3+ segments, Y's 3, one discontinuity):\n%s", rec)
			}
			out, err := exec.Command("nice", "-n", "19", "ffprobe", "-v", "error", "-show_entries", "format=duration",
				"-of", "csv=p=0", ic.liveFile(video, "recording.m3u8")).CombinedOutput()
			if err != nil {
				t.Fatalf("ffprobe of the recording: %v: %s", err, out)
			}
			t.Logf("recording: %d segments, ffprobe %s s", segs, strings.TrimSpace(string(out)))
		})
	}
}
