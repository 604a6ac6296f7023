package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// options are the benchmark's knobs, read from the environment so `make bench-http`
// takes them as `make bench-http DURATION=3s` or `DURATION=3s make bench-http`.
type options struct {
	// mode is BENCH_MODE: "anchors" (make bench-http), "cluster" (make bench-cluster),
	// "login-burst" (make bench-login-burst) or "ab" (two binaries, ab.go).
	mode             string
	replicas         int // cluster mode: API replicas behind the proxy (REPLICAS, 3)
	duration, warmup time.Duration
	threads, conns   int
	passes           int
	// adminURL reaches PostgreSQL as a superuser (databases and roles are made through it).
	adminURL string
	// vidraDB and anchorDB are the two databases; the anchors' is the kit's "bench".
	vidraDB, anchorDB string
	reseed            bool
	kitDir            string // ../shared/bench-anchors
	cacheDir          string // PostGraphile's node_modules, built binaries
	resultsDir        string
	dbMaxConns        int // the hand-written anchor's pool
	pglPool           int // PostGraphile's pool
	quietMaxWait      time.Duration
	quietThreshold    float64
}

func readOptions(root string) (options, error) {
	o := options{
		mode:           env("BENCH_MODE", "anchors"),
		adminURL:       env("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"),
		vidraDB:        env("VIDRA_BENCH_DB", "vidra_bench"),
		anchorDB:       "bench",
		reseed:         os.Getenv("RESEED") == "1",
		kitDir:         env("BENCH_ANCHORS", filepath.Join(root, "..", "shared", "bench-anchors")),
		cacheDir:       env("BENCH_CACHE", filepath.Join(root, "bench", ".cache")),
		resultsDir:     os.Getenv("RESULTS_DIR"),
		quietThreshold: 10,
	}
	var errs []error
	dur := func(name, def string) time.Duration {
		d, err := time.ParseDuration(env(name, def))
		if err != nil || d <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a duration like 15s", name))
		}
		return d
	}
	num := func(name string, def int) int {
		n, err := strconv.Atoi(env(name, strconv.Itoa(def)))
		if err != nil || n < 0 {
			errs = append(errs, fmt.Errorf("%s: want a whole number", name))
		}
		return n
	}
	o.duration = dur("DURATION", "15s")
	o.warmup = dur("WARMUP", "5s")
	o.threads = num("THREADS", 2)
	o.conns = num("CONNS", 32)
	o.passes = num("PASSES", 2)
	o.dbMaxConns = num("DB_MAX_CONNS", 16)
	o.pglPool = num("PGL_POOL", 10)
	o.replicas = num("REPLICAS", 3)
	if o.mode != "anchors" && o.mode != "cluster" && o.mode != "login-burst" && o.mode != "ab" {
		errs = append(errs, fmt.Errorf("BENCH_MODE: want anchors, cluster, login-burst or ab, not %q", o.mode))
	}
	if o.mode == "login-burst" && (o.passes < 1 || o.passes > 250) {
		errs = append(errs, fmt.Errorf("PASSES: want 1 to 250 bursts"))
	}
	if o.mode == "cluster" && o.replicas < 1 {
		errs = append(errs, fmt.Errorf("REPLICAS: want at least 1"))
	}
	o.quietMaxWait = time.Duration(num("QUIET_MAX_WAIT", 30)) * time.Second
	if len(errs) > 0 {
		return o, fmt.Errorf("%v", errs)
	}
	if abs, err := filepath.Abs(o.kitDir); err == nil {
		o.kitDir = abs
	}
	if o.resultsDir == "" {
		o.resultsDir = filepath.Join(o.cacheDir, "results", time.Now().UTC().Format("20060102T150405Z"))
	}
	return o, nil
}

func env(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
