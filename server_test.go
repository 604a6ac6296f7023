package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
)

// inFlight is the series of /metrics that counts the main listener's requests
// being served.
const inFlight = `vidra_http_requests_in_flight{listener="main"}`

// metricAt reads a series' value from the /metrics of the admin listener at
// addr; -1 when it cannot be read.
func metricAt(addr, series string) float64 {
	res, err := http.Get("http://" + addr + "/metrics")
	if err != nil {
		return -1
	}
	defer func() { _ = res.Body.Close() }()
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err == nil {
				return f
			}
		}
	}
	return -1
}

// syncBuffer is a log sink safe for the server's goroutines and the test.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func freeAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	return l.Addr().String()
}

// TestShutdownFinishesRequestsInFlight starts the real server on the embedded
// database, begins a GraphQL request whose body is still arriving, stops the server
// (as SIGTERM does) and checks that the request still completes and run returns.
func TestShutdownFinishesRequestsInFlight(t *testing.T) {
	addr, adminAddr := freeAddr(t), freeAddr(t)
	env := map[string]string{"VIDRA_ADDR": addr, "VIDRA_ADMIN_ADDR": adminAddr, "VIDRA_DATA_DIR": t.TempDir(), "VIDRA_SHUTDOWN_TIMEOUT": "10s",
		"VIDRA_RTMP_ADDR": "off", "VIDRA_SRT_ADDR": "off"}
	logs := &syncBuffer{}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, func(k string) string { return env[k] }, logs) }()

	base := "http://" + addr
	var err error
	if !poll.Within(20*time.Second, func() bool {
		var res *http.Response
		if res, err = http.Get(base + "/health"); err == nil {
			_ = res.Body.Close()
		}
		return err == nil
	}) {
		t.Fatalf("server did not start: %v\n%s", err, logs)
	}

	body, writer := io.Pipe()
	result := make(chan string, 1)
	go func() {
		res, err := http.Post(base+"/graphql", "application/json", body)
		if err != nil {
			result <- "error: " + err.Error()
			return
		}
		defer func() { _ = res.Body.Close() }()
		out, _ := io.ReadAll(res.Body)
		result <- fmt.Sprintf("%d %s", res.StatusCode, out)
	}()
	if _, err := writer.Write([]byte(`{"query": "{ service `)); err != nil {
		t.Fatal(err)
	}
	// The admin listener's /metrics tells when the request is being served,
	// and then when the shutdown has begun and waits for it.
	poll.Until(t, "the request in flight", 10*time.Second, func() bool { return metricAt(adminAddr, inFlight) == 1 })
	stop()
	poll.Until(t, "the shutdown to begin", 10*time.Second, func() bool { return metricAt(adminAddr, "vidra_shutting_down") == 1 })
	if _, err := writer.Write([]byte(`{ name } }"}`)); err != nil {
		t.Fatal(err)
	}
	writer.Close()

	select {
	case got := <-result:
		if !strings.HasPrefix(got, "200 ") || !strings.Contains(got, `"name":"vidra"`) {
			t.Fatalf("request in flight got %s", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("request in flight never completed")
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("run did not return after shutdown")
	}
	if !strings.Contains(logs.String(), `"msg":"stopped"`) {
		t.Fatalf("no stop log:\n%s", logs)
	}
	if res, err := http.Get(base + "/health"); err == nil {
		_ = res.Body.Close()
		t.Fatal("server still accepts connections after shutdown")
	}
}

func TestWorkerRunsJobsUntilStopped(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	env := map[string]string{"VIDRA_DATA_DIR": t.TempDir(), "VIDRA_ADDR": "127.0.0.1:0"}
	done := make(chan error, 1)
	logs := &syncBuffer{}
	go func() { done <- runWorker(ctx, func(k string) string { return env[k] }, logs) }()
	// Stop it once it runs (start-up migrates the database first, which under
	// load can take longer than any fixed wait).
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(logs.String(), `"msg":"worker running"`); {
		select {
		case err := <-done:
			t.Fatalf("worker returned before running: %v\nlogs: %s", err, logs.String())
		case <-time.After(20 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("worker not running after 30s; logs: %s", logs.String())
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("worker did not stop")
	}
}
