//go:build unix

// Command smoke follows the README's "A first query" walk-through against a
// running Vidra over real HTTP: it runs the section's GraphQL operations and sh
// blocks in the order written, filling each <placeholder> with what an earlier
// step returned (and the README's http://localhost:8080 with the server under
// test), repeats the video query until the upload is ready, and finally reads
// the master playlist with ffprobe. The steps are read from the README itself,
// so a README change that breaks the walk-through fails here.
//
// scripts/smoke.sh (make smoke) starts the server from a fresh clone and runs
// this; by hand: go run ./scripts/smoke -base http://localhost:8080.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// section is the README heading whose steps are walked.
const section = "A first query"

func main() {
	base := flag.String("base", "", "address of the running server, e.g. http://127.0.0.1:8080 (required)")
	readme := flag.String("readme", "README.md", "the README to follow")
	dir := flag.String("dir", "", "directory the shell steps run in (a new temporary one when empty)")
	stepTimeout := flag.Duration("step-timeout", 2*time.Minute, "limit of one shell step and of ffprobe")
	readyTimeout := flag.Duration("ready-timeout", 3*time.Minute, "how long the video query is repeated until the video is ready")
	planOnly := flag.Bool("plan", false, "only check that the README's walk-through is complete, without a server")
	flag.Parse()
	if err := run(*base, *readme, *dir, *stepTimeout, *readyTimeout, *planOnly); err != nil {
		fmt.Fprintf(os.Stderr, "smoke: %v\n", err)
		os.Exit(1)
	}
}

func run(base, readme, dir string, stepTimeout, readyTimeout time.Duration, planOnly bool) error {
	text, err := os.ReadFile(readme)
	if err != nil {
		return err
	}
	steps, err := walkThrough(string(text), section)
	if err != nil {
		return err
	}
	if err := plan(steps); err != nil {
		return err
	}
	if planOnly {
		fmt.Printf("%s: %d steps of %q, every placeholder given by an earlier step\n", readme, len(steps), section)
		return nil
	}
	if base == "" {
		return fmt.Errorf("-base is required")
	}
	if dir, err = mkdirWork(dir); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := &walker{
		base: base, dir: dir, stepTimeout: stepTimeout, readyTimeout: readyTimeout,
		client: httpClient(), out: os.Stdout, values: map[string]string{},
	}
	if err := w.run(ctx, steps); err != nil {
		return err
	}
	return w.checkPlayback(ctx, w.values["playbackURL"])
}
