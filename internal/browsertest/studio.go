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

// StudioOptions describe one run of a Vidra Studio scenario (browser/studio/scenarios).
type StudioOptions struct {
	// Base is the server's address; the console is at Base/studio/.
	Base string
	// Scenario is the scenario's name (browser/studio/scenarios/<name>.mjs).
	Scenario string
	// Shots, when set, is the directory of the scenario's screenshots.
	Shots string
	// Mailbox, when set, answers GET ?to=<email> with the next mail to it.
	Mailbox string
	// Env holds values the scenario reads (t.env).
	Env map[string]any
	// Timeout bounds the scenario (default 3 minutes).
	Timeout time.Duration
}

// StudioResult is what a scenario reported.
type StudioResult struct {
	// Axe holds the serious and critical axe-core violations by screen.
	Axe map[string][]json.RawMessage `json:"axe"`
	// Steps are the durations of the scenario's timed steps in milliseconds.
	Steps map[string]float64 `json:"steps"`
	// Values are what the scenario measured or read, by name.
	Values map[string]json.RawMessage `json:"values"`
}

// RunStudio runs a console scenario in headless Chromium (browser/studio/run.mjs)
// and fails the test when the scenario fails, the page throws or logs an error
// (a Content-Security-Policy violation included), or axe-core finds a serious
// or critical violation on a screen it checked.
func RunStudio(t testing.TB, opts StudioOptions) StudioResult {
	t.Helper()
	chromium := Chromium(t)
	dir := Modules(t)
	if opts.Timeout == 0 {
		opts.Timeout = 3 * time.Minute
	}
	input, _ := json.Marshal(map[string]any{
		"base": opts.Base, "chromium": chromium, "scenario": opts.Scenario, "shots": opts.Shots,
		"mailbox": opts.Mailbox, "env": opts.Env, "timeoutMs": opts.Timeout.Milliseconds(),
	})
	ctx, cancel := context.WithTimeout(context.Background(), opts.Timeout+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(dir, "studio", "run.mjs"))
	cmd.Dir = dir
	cmd.Stdin = bytes.NewReader(input)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	runErr := cmd.Run()
	var res struct {
		StudioResult
		OK            bool     `json:"ok"`
		Error         string   `json:"error"`
		PageErrors    []string `json:"pageErrors"`
		ConsoleErrors []string `json:"consoleErrors"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
		t.Fatalf("studio driver: %v; stdout %q; stderr %s", runErr, stdout.String(), stderr.String())
	}
	if !res.OK || runErr != nil {
		t.Fatalf("studio scenario %s: %s %v\npage errors: %s\nconsole errors: %s\nstderr: %s", opts.Scenario, res.Error, runErr,
			strings.Join(res.PageErrors, "\n"), strings.Join(res.ConsoleErrors, "\n"), stderr.String())
	}
	if len(res.PageErrors) > 0 || len(res.ConsoleErrors) > 0 {
		t.Fatalf("studio scenario %s: page errors:\n%s\nconsole errors:\n%s", opts.Scenario,
			strings.Join(res.PageErrors, "\n"), strings.Join(res.ConsoleErrors, "\n"))
	}
	for screen, violations := range res.Axe {
		for _, v := range violations {
			t.Errorf("axe-core, screen %s: %s", screen, v)
		}
	}
	return res.StudioResult
}
