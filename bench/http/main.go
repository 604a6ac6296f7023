// Command http is `make bench-http`: Vidra measured from outside, as a user's load
// hits it, against the hand-written anchor and PostGraphile of the anchor kit
// (../shared/bench-anchors) on the same data shape, in one run, interleaved.
//
// It seeds the kit's data shape into Vidra (account, projects, folders and tags
// through the API, the 200,000 videos, their tags and 100,000 captions in bulk SQL),
// starts the real vidra binary, the anchor (bench/anchor) and PostGraphile, checks
// one answer of each, then for each pass and each request runs wrk against the
// anchor and then against Vidra, and prints req/s, p50, p99, the ratios and where
// the CPU went. Knobs (environment): DURATION (15s), WARMUP (5s), THREADS (2),
// CONNS (32), PASSES (2), RESEED=1, VIDRA_BENCH_DB (vidra_bench), BENCH_PG_URL
// (a superuser URL, default postgres://postgres@127.0.0.1:5432/postgres),
// BENCH_ANCHORS (the kit), BENCH_CACHE (bench/.cache), RESULTS_DIR, DB_MAX_CONNS (16),
// PGL_POOL (10), QUIET_MAX_WAIT (30: seconds to wait for a quiet box before a run).
//
// BENCH_MODE=cluster (`make bench-cluster`, cluster.go) measures the REST list
// instead against one API replica directly and through HAProxy over REPLICAS (3)
// replicas of internal/cluster, on the same seeded database.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
)

func main() {
	if err := runUntilSignal(); err != nil {
		os.Exit(1)
	}
}

// runUntilSignal runs the benchmark until it ends or SIGINT/SIGTERM stops it, logging
// what failed; its deferred clean-up runs before main exits.
func runUntilSignal() error {
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, log)
	if err != nil {
		log.Error("bench-http failed", "err", err)
	}
	return err
}

// repoRoot is the nearest directory above the working directory holding go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("run it from the repository (no go.mod above the working directory)")
		}
		dir = parent
	}
}

func run(ctx context.Context, log *slog.Logger) error {
	root, err := repoRoot()
	if err != nil {
		return err
	}
	o, err := readOptions(root)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(o.kitDir, "seed.sql")); err != nil {
		return fmt.Errorf("the anchor kit is not at %s (set BENCH_ANCHORS): %w", o.kitDir, err)
	}
	if o.mode != "login-burst" {
		if err := ensureTool(ctx, log, "wrk", "wrk"); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(o.resultsDir, 0o755); err != nil {
		return err
	}
	binDir, err := os.MkdirTemp("", "vidra-bench-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(binDir) }()
	// VIDRA_BIN measures a binary built elsewhere (an older commit, for an A/B).
	vidraBin := os.Getenv("VIDRA_BIN")
	if vidraBin == "" {
		log.Info("building vidra")
		if vidraBin, err = build(ctx, root, binDir, "vidra", "."); err != nil {
			return err
		}
	}
	if o.mode == "ab" && os.Getenv("VIDRA_BIN") == "" || o.mode == "ab" && os.Getenv("VIDRA_BIN_B") == "" {
		return errors.New("BENCH_MODE=ab: set VIDRA_BIN (A) and VIDRA_BIN_B (B) to two built binaries")
	}
	if o.mode == "cluster" {
		return runCluster(ctx, log, root, o, binDir, vidraBin)
	}
	if o.mode == "login-burst" {
		return runLoginBurst(ctx, log, o, binDir, vidraBin)
	}
	if err := ensureTool(ctx, log, "npm", "nodejs", "npm"); err != nil {
		return err
	}
	log.Info("building the anchor")
	anchorBin, err := build(ctx, root, binDir, "anchor", "./bench/anchor")
	if err != nil {
		return err
	}
	pglBin, err := ensurePostGraphile(ctx, log, o)
	if err != nil {
		return err
	}
	b := &bench{o: o, log: log, root: root, binDir: binDir}
	defer b.stopServers()
	if err := b.prepare(ctx, vidraBin, anchorBin, pglBin); err != nil {
		return err
	}
	if err := b.check(ctx); err != nil {
		return err
	}
	if o.mode == "ab" {
		return b.runAB(ctx, os.Getenv("VIDRA_BIN_B"), max(1, o.passes), abNames())
	}
	results, err := b.measure(ctx)
	if err != nil {
		return err
	}
	return b.report(ctx, results)
}
