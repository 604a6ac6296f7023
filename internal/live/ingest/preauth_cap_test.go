package ingest_test

import (
	"net"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/ingest"
)

// TestUnauthenticatedCap: a node that takes at most 5 unauthenticated RTMP
// connections closes a 6th at once, before its handshake, while the 5 hold on
// without a key; an ffmpeg publisher admitted with its key does not count
// against the cap, publishes to its end through the flood and ends its
// session cleanly; once an attacker leaves, a new connection is served again.
func TestUnauthenticatedCap(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		r := newRig(t, s)
		node := r.startNodeWith("node-cap", func(c *ingest.Config) {
			c.MaxUnauthenticated = 5
			c.AuthTimeout = time.Minute
		})
		addr := node.Addr(ingest.ProtocolRTMP)
		st, key := r.stream(0)
		pub := publishTo(t, rtmpURL(node, key), 6)
		waitFor(t, 20*time.Second, "the stream to go active", func() bool { return r.get(st.ID).Status == livestream.StatusActive })
		if n := node.Unauthenticated(); n != 0 {
			t.Fatalf("an admitted publisher counts as unauthenticated: %d", n)
		}

		var held []net.Conn
		for range 5 {
			c, err := dialAttacker(addr, true, partialConnect())
			if err != nil {
				t.Fatal(err)
			}
			held = append(held, c)
		}
		defer func() {
			for _, c := range held {
				_ = c.Close()
			}
		}()
		waitUnauthenticated(t, node, 5)

		extra, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = extra.Close() }()
		if !closedByServer(extra, 20*time.Second) {
			t.Fatal("a 6th unauthenticated connection was kept past the cap of 5")
		}
		if n := node.Unauthenticated(); n != 5 {
			t.Fatalf("the refused connection left the count at %d", n)
		}

		if err := pub.wait(t, 40*time.Second); err != nil {
			t.Fatalf("the publisher failed while the cap was full: %v: %s", err, pub.stderr.String())
		}
		waitFor(t, 20*time.Second, "the session to end", func() bool { return r.get(st.ID).Status == livestream.StatusIdle })
		sess := r.sessions(st.ID)
		if len(sess) != 1 || sess[0].EndReason == nil || *sess[0].EndReason != livesession.EndReasonPublisherClosed || sess[0].Bytes <= 0 {
			t.Fatalf("sessions %+v", sess)
		}

		_ = held[0].Close()
		held = held[1:]
		waitUnauthenticated(t, node, 4)
		again, err := dialAttacker(addr, true, nil)
		if err != nil {
			t.Fatalf("a connection below the cap again: %v", err)
		}
		_ = again.Close()
	})
}

// TestUnauthenticatedDeadline: RTMP connections that present no key within
// the node's AuthTimeout are closed by the node: one that sends nothing, one
// that stops after its handshake and the start of a connect command, and one
// that stops in the middle of its handshake; the count of unauthenticated
// connections goes back to 0.
func TestUnauthenticatedDeadline(t *testing.T) {
	node := bareNode(t, func(c *ingest.Config) { c.AuthTimeout = 500 * time.Millisecond })
	addr := node.Addr(ingest.ProtocolRTMP)
	silent, err := dialAttacker(addr, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = silent.Close() }()
	patient, err := dialAttacker(addr, true, partialConnect())
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = patient.Close() }()
	halfway, err := dialAttacker(addr, false, append([]byte{3}, make([]byte, 700)...))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = halfway.Close() }()
	for name, c := range map[string]net.Conn{"silent": silent, "after a partial connect": patient, "in its handshake": halfway} {
		if !closedByServer(c, 20*time.Second) {
			t.Fatalf("the connection %s was not closed after the 500 ms deadline", name)
		}
	}
	waitUnauthenticated(t, node, 0)
}
