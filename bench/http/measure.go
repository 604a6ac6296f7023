package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// result is one measured wrk run.
type result struct {
	step  step
	pass  int
	wrk   wrkResult
	cpu   cpuSplit
	quiet float64 // box busy % seen before the run (-1: not waited for)
	load  string  // the box's load averages at the end of the run
	at    time.Time
}

// measure runs every pass: for each request the anchor, then Vidra, each after a
// warm-up with the same settings.
func (b *bench) measure(ctx context.Context) (map[int]map[string]result, error) {
	dir := filepath.Join(b.root, "bench", "http")
	out := map[int]map[string]result{}
	for pass := 1; pass <= b.o.passes; pass++ {
		out[pass] = map[string]result{}
		for _, st := range b.steps(dir) {
			r, err := b.measureStep(ctx, dir, pass, st)
			if err != nil {
				return nil, err
			}
			out[pass][st.id] = r
		}
	}
	return out, nil
}

func (b *bench) measureStep(ctx context.Context, dir string, pass int, st step) (result, error) {
	var srv *server
	projects := b.anchorProjects
	env := append([]string{}, st.env...)
	switch st.server {
	case "vidra":
		srv, projects = b.vidra, b.vidraProjects
		// A fresh 15-minute access token for every run, so none expires mid-run.
		if err := b.client.renew(ctx); err != nil {
			return result{}, fmt.Errorf("renew the access token: %w", err)
		}
		env = append(env, "AUTHORIZATION=Bearer "+b.client.access)
	case "anchor":
		srv = b.anchor
		if st.id == "anchor-tags" || st.id == "anchor-rest" {
			projects = b.vidraProjects // these variants read Vidra's tables
		}
	default:
		srv = b.pgl
	}
	env = append(env, "PROJECT_IDS="+csv(projects))
	script := filepath.Join(dir, "lua", st.script)
	return b.runLoad(ctx, pass, st, env, script, "http://"+srv.addr, srv.pid())
}

// runLoad is one measured run of a step against url: a wait for a quiet box, a
// warm-up, then wrk with the CPU (and memory) of the roots' process trees and
// PostgreSQL followed; wrk's output is kept in the results directory.
func (b *bench) runLoad(ctx context.Context, pass int, st step, env []string, script, url string, roots ...int) (result, error) {
	quiet := waitQuiet(b.o.quietMaxWait, b.o.quietThreshold)
	if _, _, err := b.wrk(ctx, env, b.o.warmup, script, url, false); err != nil {
		return result{}, fmt.Errorf("%s warm-up: %w", st.id, err)
	}
	meter := startCPUMeter(b.pgPID, roots...)
	out, wrkCPU, err := b.wrk(ctx, env, b.o.duration, script, url, true)
	if err != nil {
		meter.stop(0, 0)
		return result{}, fmt.Errorf("%s: %w", st.id, err)
	}
	raw := filepath.Join(b.o.resultsDir, fmt.Sprintf("pass%d.%s.txt", pass, st.id))
	if err := os.WriteFile(raw, out, 0o644); err != nil {
		return result{}, err
	}
	w, err := parseWrk(string(out))
	if err != nil {
		meter.stop(0, 0)
		return result{}, fmt.Errorf("%s: %w", st.id, err)
	}
	r := result{step: st, pass: pass, wrk: w, cpu: meter.stop(wrkCPU, w.requests), quiet: quiet,
		load: loadAverage(), at: time.Now().UTC()}
	b.log.Info("measured", "pass", pass, "step", st.id, "req/s", fmt.Sprintf("%.0f", w.rps),
		"p50_ms", w.p50, "p99_ms", w.p99, "non2xx", w.non2xx, "load", r.load,
		"cpu", fmt.Sprintf("server %.0f%% postgres %.0f%% wrk %.0f%% other %.0f%%", r.cpu.app, r.cpu.pg, r.cpu.wrk, r.cpu.other))
	return r, nil
}

// loadAverage is the box's 1, 5 and 15 minute load averages (/proc/loadavg).
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// wrk runs wrk once and returns its output and its CPU seconds (user + system).
func (b *bench) wrk(ctx context.Context, env []string, d time.Duration, script, url string, latency bool) ([]byte, float64, error) {
	args := []string{"-t" + strconv.Itoa(b.o.threads), "-c" + strconv.Itoa(b.o.conns),
		"-d" + strconv.Itoa(max(1, int(d.Round(time.Second).Seconds()))) + "s",
		// wrk's 2 s default would drop slow answers from the latencies as socket errors.
		"--timeout", "10s"}
	if latency {
		args = append(args, "--latency")
	}
	args = append(args, "-s", script, url)
	cmd := exec.CommandContext(ctx, "wrk", args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, 0, fmt.Errorf("wrk %v: %w\n%s", args, err, tail(out))
	}
	var cpu float64
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		cpu = float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)/1e6
	}
	return out, cpu, nil
}
