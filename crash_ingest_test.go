//go:build linux

package main

import (
	"context"
	"fmt"
	"os/exec"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/database"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/live/livekey"
	"github.com/vidra-dev/vidra/tenancy"
)

// TestKilledIngestNodeLosesItsLease runs two `vidra ingest` processes on one
// PostgreSQL: a publisher on node X holds the stream, so the same key on node Y
// is refused; kill -9 of X leaves the stream active until X's lease expires,
// then the session ends as node_lost and Y takes the stream.
func TestKilledIngestNodeLosesItsLease(t *testing.T) {
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg not installed")
	}
	c := newCluster(t, dialect.Postgres)
	if c.env["VIDRA_DATABASE_URL"] == "" {
		t.Skip("PostgreSQL not available")
	}
	ctx := tenancy.SystemContext(context.Background(), "test fixture")
	db, err := database.Open(ctx, c.env["VIDRA_DATABASE_URL"], c.dataDir)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
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
		SetKeyHash(livekey.Hash(key)).SetKeyLast4(livekey.Last4(key)).SetReconnectWindowSeconds(30).Save(ctx)
	if err != nil {
		t.Fatal(err)
	}
	node := func(id string) (*child, string) {
		addr := freeAddr(t)
		ch := c.start("ingest", map[string]string{
			"VIDRA_INGEST_NODE_ID": id, "VIDRA_RTMP_ADDR": addr, "VIDRA_SRT_ADDR": "off",
			"VIDRA_LIVE_LEASE": "8s", "VIDRA_LIVE_HEARTBEAT": "1s",
		})
		c.waitLog(ch, "ingest listening", 60*time.Second)
		return ch, "rtmp://" + addr + "/live/" + key
	}
	x, urlX := node("node-x")
	_, urlY := node("node-y")
	get := func() *ent.LiveStream {
		s, err := db.Client.LiveStream.Get(ctx, st.ID)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	wait := func(what string, timeout time.Duration, cond func(*ent.LiveStream) bool) *ent.LiveStream {
		t.Helper()
		deadline := time.Now().Add(timeout)
		for {
			s := get()
			if cond(s) {
				return s
			}
			if time.Now().After(deadline) {
				t.Fatalf("timed out waiting for %s: %+v", what, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	publish := func(url string, seconds int) *exec.Cmd {
		cmd := exec.Command("nice", "-n", "19", "ffmpeg", "-hide_banner", "-loglevel", "error", "-re",
			"-f", "lavfi", "-i", "testsrc2=size=320x240:rate=25", "-t", fmt.Sprint(seconds),
			"-c:v", "libx264", "-preset", "ultrafast", "-tune", "zerolatency", "-g", "50", "-pix_fmt", "yuv420p", "-an", "-f", "flv", url)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		return cmd
	}
	pubX := publish(urlX, 120)
	wait("node X to hold the stream", 60*time.Second, func(s *ent.LiveStream) bool {
		return s.Status == livestream.StatusActive && s.NodeID == "node-x"
	})
	// Node Y refuses the same key while X holds it.
	if err := publish(urlY, 3).Wait(); err == nil {
		t.Fatal("node Y accepted a second publisher")
	}
	x.kill()
	killed := time.Now()
	_ = pubX.Wait()
	// X's lease runs out; Y's sweeper ends the session as node_lost.
	s := wait("the lease to expire", 40*time.Second, func(s *ent.LiveStream) bool { return s.Status == livestream.StatusIdle })
	t.Logf("stream idle %s after kill -9 (lease 8 s, heartbeat 1 s; loaded box)", time.Since(killed))
	if s.CurrentSessionID != nil || s.NodeID != "" {
		t.Fatalf("stream after the sweep: %+v", s)
	}
	sessions, err := db.Client.LiveSession.Query().Where(livesession.LiveStreamID(st.ID)).All(ctx)
	if err != nil || len(sessions) != 1 || sessions[0].EndReason == nil || *sessions[0].EndReason != livesession.EndReasonNodeLost {
		t.Fatalf("sessions %+v %v", sessions, err)
	}
	// Y takes the stream now.
	publish(urlY, 60)
	wait("node Y to take the stream", 60*time.Second, func(s *ent.LiveStream) bool {
		return s.Status == livestream.StatusActive && s.NodeID == "node-y"
	})
}
