package ingest_test

import (
	"context"
	"net"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/ingest"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// movingDNS answers every name with addresses a test changes: a name that
// resolves to a public address when a target is saved and to loopback when
// the ingest connects.
type movingDNS struct {
	mu    sync.Mutex
	addrs []netip.Addr
}

func (d *movingDNS) set(a ...netip.Addr) {
	d.mu.Lock()
	d.addrs = a
	d.mu.Unlock()
}

func (d *movingDNS) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.addrs, nil
}

// policyRefusal is the history's wording of a connection the policy refused.
const policyRefusal = "connection refused by policy"

// TestSimulcastPolicyAtConnect: with VIDRA_ALLOW_PRIVATE_NETWORKS off, a
// simulcast target saved while its name resolved to a public address, whose
// name resolves to loopback by the time a session starts (where a real RTMP
// server listens), is refused when the ingest connects: the server gets no
// connection, and the session's history and the livestream.simulcast.error
// event say "connection refused by policy" without the address or port. A
// target stored with a loopback address literal (before creation checked it)
// is refused the same way. The publisher's session itself goes on and ends
// cleanly.
func TestSimulcastPolicyAtConnect(t *testing.T) {
	dns := &movingDNS{}
	opts := apptest.Options{Env: map[string]string{"VIDRA_ALLOW_PRIVATE_NETWORKS": "false"}, HostResolver: dns}
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		sink := startRTMPTarget(t, "target-key")
		_, port, _ := net.SplitHostPort(sink.ln.Addr().String())
		node := r.startNodeWith("node-policy", func(c *ingest.Config) { c.Outbound = netguard.Policy{Resolver: dns} })
		st, key := r.stream(0)

		dns.set(netip.MustParseAddr("8.8.8.8"))
		create := `mutation($p: ID!, $s: ID!, $in: CreateLiveSimulcastTargetInput!) { createLiveSimulcastTarget(projectID: $p, liveStreamID: $s, input: $in) { id } }`
		var moved struct{ CreateLiveSimulcastTarget struct{ ID string } }
		s.MustGraphQL(create, map[string]any{"p": r.project.String(), "s": st.ID.String(),
			"in": map[string]any{"name": "moved", "url": "rtmp://sink.example:" + port + "/app", "streamKey": "target-key"}}, &moved)
		literal := s.App.DB.Client.LiveSimulcastTarget.Create().SetLiveStreamID(st.ID).SetProjectID(r.project).
			SetName("literal").SetURL(sink.url()).SetStreamKey("target-key").SaveX(apptest.System())
		dns.set(netip.MustParseAddr("127.0.0.1"))

		pub := publishTo(t, rtmpURL(node, key), 6)
		if err := pub.wait(t, 60*time.Second); err != nil {
			t.Fatalf("publisher: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 20*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		if n := sink.connections(); n != 0 {
			t.Fatalf("the loopback RTMP server got %d connections", n)
		}
		sess := r.sessions(st.ID)[0]
		if sess.EndReason == nil || string(*sess.EndReason) != "publisher_closed" {
			t.Fatalf("session %+v", sess)
		}
		states := map[string]live.SimulcastState{}
		for _, ss := range sess.Simulcast {
			states[ss.TargetID.String()] = ss
		}
		for _, id := range []string{moved.CreateLiveSimulcastTarget.ID, literal.ID.String()} {
			h := states[id]
			if h.State != live.SimulcastFailed || !strings.HasPrefix(h.Error, policyRefusal) || h.Bytes != 0 {
				t.Fatalf("target %s's history %+v", id, h)
			}
			if strings.Contains(h.Error, "127.0.0.1") || strings.Contains(h.Error, port) {
				t.Fatalf("the history's error names the address: %q", h.Error)
			}
		}
		errs := s.App.DB.Client.Event.Query().Where(event.Type(events.LiveStreamSimulcastError)).AllX(apptest.System())
		if len(errs) != 2 {
			t.Fatalf("%d simulcast error events, want 2", len(errs))
		}
		for _, e := range errs {
			if msg, _ := e.Data["error"].(string); !strings.HasPrefix(msg, policyRefusal) || strings.Contains(msg, port) {
				t.Fatalf("event %+v", e.Data)
			}
		}
	}, opts)
}
