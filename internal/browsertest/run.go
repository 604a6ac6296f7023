package browsertest

import (
	"bytes"
	"context"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// RunOptions describe one page visit.
type RunOptions struct {
	// URL is the page to open.
	URL string
	// UserAgent replaces Chromium's own (which says HeadlessChrome, a bot to
	// analytics filters) when set.
	UserAgent string
	// Timeout bounds the wait for the page's result (default 60 s).
	Timeout time.Duration
	// Settle is how long the browser stays up after the page is closed, for the
	// requests it sends on pagehide (default 1.5 s).
	Settle time.Duration
	// Args are extra Chromium flags.
	Args []string
	// Actions are steps with real input run after the page loaded, before its
	// result is awaited (browser/drive.mjs: press, tabTo, wait, waitFor, eval,
	// screenshot); the values of eval steps come back in Result.Steps.
	Actions []map[string]any
	// Screenshot, when set, is the path of a PNG taken once the page reported.
	Screenshot string
}

// Result is what a page visit gave besides the page's own result.
type Result struct {
	// Console holds the page's console lines ("type: text").
	Console []string `json:"console"`
	// PageErrors holds uncaught exceptions of the page.
	PageErrors []string `json:"pageErrors"`
	// Steps are the values of the eval actions, in order.
	Steps []json.RawMessage `json:"steps"`
}

// Run opens a page in headless Chromium and waits until the page's promise
// window.vidraTestResult settles; its value is decoded into out. Then the page is
// closed as a viewer closes it (pagehide fires) and the browser stays up for
// Settle. A page that throws, rejects or reports nothing in time fails the test.
func Run(t testing.TB, opts RunOptions, out any) Result {
	t.Helper()
	chromium := Chromium(t)
	dir := Modules(t)
	if opts.Timeout == 0 {
		opts.Timeout = 60 * time.Second
	}
	if opts.Settle == 0 {
		opts.Settle = 1500 * time.Millisecond
	}
	input, _ := json.Marshal(map[string]any{
		"url": opts.URL, "chromium": chromium, "userAgent": opts.UserAgent,
		"timeoutMs": opts.Timeout.Milliseconds(), "settleMs": opts.Settle.Milliseconds(), "args": opts.Args,
		"actions": opts.Actions, "screenshot": opts.Screenshot,
	})
	// Start-up and shut-down of Chromium come on top of the page's own time.
	ctx, cancel := context.WithTimeout(context.Background(), opts.Timeout+opts.Settle+60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(dir, "drive.mjs"))
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res struct {
		Result
		Value json.RawMessage `json:"result"`
		Error string          `json:"error"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("browser driver: %v; stdout %q; stderr %s", runErr, stdout.String(), stderr.String())
	}
	for _, line := range res.Console {
		t.Logf("page console: %s", line)
	}
	if res.Error != "" || runErr != nil {
		t.Fatalf("browser: %s %v\npage errors: %s\nstderr: %s", res.Error, runErr, strings.Join(res.PageErrors, "\n"), stderr.String())
	}
	if len(res.PageErrors) > 0 {
		t.Fatalf("page errors:\n%s", strings.Join(res.PageErrors, "\n"))
	}
	if out != nil {
		if err := json.Unmarshal(res.Value, out); err != nil {
			t.Fatalf("page result %s: %v", res.Value, err)
		}
	}
	return res.Result
}
