//go:build linux

package main

import (
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
)

// TestShutdownCountsTheRequestsItCuts starts the real server with an admin
// listener and a 3 s shutdown timeout, holds a request in flight on the main
// listener (a GraphQL POST whose body never ends), and sends SIGTERM: while
// the main listener drains, the admin listener's /metrics shows the process
// shutting down with that request in flight, and when the timeout cuts it the
// process logs the count before it exits (a proxy logs no such request).
func TestShutdownCountsTheRequestsItCuts(t *testing.T) {
	c := newCluster(t, "")
	adminAddr := freeAddr(t)
	ch := c.start("server", map[string]string{"VIDRA_ADMIN_ADDR": adminAddr, "VIDRA_SHUTDOWN_TIMEOUT": "3s"})
	c.waitHealthy(ch, time.Minute)
	metric := func(series string) float64 { return metricAt(adminAddr, series) }
	if v := metric("vidra_shutting_down"); v != 0 {
		t.Fatalf("vidra_shutting_down = %v before SIGTERM, want 0", v)
	}

	// A request whose body never ends: its handler reads on.
	conn, err := net.Dial("tcp", c.addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	if _, err := io.WriteString(conn, "POST /graphql HTTP/1.1\r\nHost: "+c.addr+
		"\r\nContent-Type: application/json\r\nContent-Length: 1024\r\n\r\n{\"query\":\""); err != nil {
		t.Fatal(err)
	}
	poll.Until(t, "the slow request in flight", 10*time.Second, func() bool { return metric(inFlight) == 1 })

	if err := syscall.Kill(ch.cmd.Process.Pid, syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	poll.Until(t, "the drain on the admin listener's /metrics", 3*time.Second, func() bool {
		return metric("vidra_shutting_down") == 1 && metric(inFlight) == 1
	})
	select {
	case <-ch.done:
	case <-time.After(20 * time.Second):
		t.Fatal("the server did not exit after its shutdown timeout")
	}
	logs := ch.logs.String()
	if !strings.Contains(logs, `"msg":"shutdown cut requests in flight","requests":1,"by_listener":{"main":1}`) {
		t.Fatalf("no record of the cut request in the log:\n%s", tail(logs, 3000))
	}
	// The request was cut: its connection ends without an answer.
	_ = conn.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := conn.Read(make([]byte, 512)); n > 0 || err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the slow request's connection: %d bytes, %v; want it closed unanswered", n, err)
	}
}
