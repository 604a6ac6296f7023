package main

import (
	"context"
	"io"
	"net/http"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
)

// TestDebugListenerServesProfilesOnlyOnItsAddress starts the server with
// VIDRA_DEBUG_ADDR: the profiles answer there and nowhere on the main listener,
// and the garbage collector's target is the server's default.
func TestDebugListenerServesProfilesOnlyOnItsAddress(t *testing.T) {
	addr, debugAddr := freeAddr(t), freeAddr(t)
	env := map[string]string{"VIDRA_ADDR": addr, "VIDRA_DEBUG_ADDR": debugAddr, "VIDRA_DATA_DIR": t.TempDir(),
		"VIDRA_RTMP_ADDR": "off", "VIDRA_SRT_ADDR": "off"}
	logs := &syncBuffer{}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, func(k string) string { return env[k] }, logs) }()
	t.Cleanup(func() {
		stop()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
		debug.SetGCPercent(100)
	})

	get := func(url string) (int, string) {
		t.Helper()
		var code int
		var body []byte
		var err error
		if !poll.Within(20*time.Second, func() bool {
			var res *http.Response
			if res, err = http.Get(url); err != nil {
				return false
			}
			defer func() { _ = res.Body.Close() }()
			code = res.StatusCode
			body, _ = io.ReadAll(res.Body)
			return true
		}) {
			t.Fatalf("GET %s: %v\n%s", url, err, logs)
		}
		return code, string(body)
	}
	if code, body := get("http://" + debugAddr + "/debug/pprof/cmdline"); code != http.StatusOK || body == "" {
		t.Fatalf("debug listener: %d %q", code, body)
	}
	if code, _ := get("http://" + addr + "/debug/pprof/cmdline"); code != http.StatusNotFound {
		t.Fatalf("main listener serves profiles: %d", code)
	}
	if got := debug.SetGCPercent(serverGCPercent); got != serverGCPercent {
		t.Fatalf("GC percent %d, want the server's default %d", got, serverGCPercent)
	}
	if !strings.Contains(logs.String(), `"gogc":"400"`) {
		t.Fatalf("no garbage collector log:\n%s", logs)
	}
}
