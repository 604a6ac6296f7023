package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// report prints the tables and writes them to table.md in the results directory.
func (b *bench) report(ctx context.Context, results map[int]map[string]result) error {
	var w strings.Builder
	b.header(ctx, &w)
	for pass := 1; pass <= b.o.passes; pass++ {
		fmt.Fprintf(&w, "\n### Pass %d\n\n", pass)
		w.WriteString("| request | Vidra req/s | p50 ms | p99 ms | anchor | anchor req/s | p50 ms | p99 ms | ratio | target |\n")
		w.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
		for _, c := range comparisons {
			v, a := results[pass][c.vidra], results[pass][c.anchor]
			fmt.Fprintf(&w, "| %s | %s | %.1f | %.1f | %s | %s | %.1f | %.1f | %.2f | %s |\n",
				c.request, rps(v), v.wrk.p50, v.wrk.p99, c.anchorName, rps(a), a.wrk.p50, a.wrk.p99,
				v.wrk.rps/a.wrk.rps, target(c, v, a))
		}
	}
	if b.o.passes > 1 {
		w.WriteString("\n### All passes\n\n| request | Vidra req/s (p99 ms) | anchor | anchor req/s | ratio |\n|---|---|---|---|---|\n")
		for _, c := range comparisons {
			var vr, vp, ar, ratio []float64
			for pass := 1; pass <= b.o.passes; pass++ {
				v, a := results[pass][c.vidra], results[pass][c.anchor]
				vr, vp, ar = append(vr, v.wrk.rps), append(vp, v.wrk.p99), append(ar, a.wrk.rps)
				ratio = append(ratio, v.wrk.rps/a.wrk.rps)
			}
			fmt.Fprintf(&w, "| %s | %s (%s) | %s | %s | %s |\n", c.request, span(vr, "%.0f"), span(vp, "%.1f"),
				c.anchorName, span(ar, "%.0f"), span(ratio, "%.2f"))
		}
	}
	w.WriteString("\n### Where the CPU went (% of the whole box; CPU ms per request)\n\n")
	w.WriteString("| pass | run | server | req/s | KiB/resp | box busy | server | postgres | wrk | other | server ms/req | postgres ms/req | busiest other processes | errors |\n")
	w.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for pass := 1; pass <= b.o.passes; pass++ {
		for _, st := range b.steps("") {
			r := results[pass][st.id]
			pg, pgMs := fmt.Sprintf("%.0f", r.cpu.pg), fmt.Sprintf("%.2f", r.cpu.pgMsPerReq)
			if !r.cpu.pgKnown {
				pg, pgMs = "n/a", "n/a"
			}
			kib := 0.0
			if r.wrk.requests > 0 {
				kib = r.wrk.bytesRead / float64(r.wrk.requests) / 1024
			}
			fmt.Fprintf(&w, "| %d | %s | %s | %s | %.1f | %.0f | %.0f | %s | %.0f | %.0f | %.2f | %s | %s | %s |\n",
				pass, st.id, st.server, rps(r), kib, r.cpu.box, r.cpu.app, pg, r.cpu.wrk, r.cpu.other,
				r.cpu.appMsPerReq, pgMs, r.cpu.busiest, errorsOf(r))
		}
	}
	w.WriteString("\nRuns: " + runList(b.steps("")) + "\n")
	fmt.Print(w.String())
	path := filepath.Join(b.o.resultsDir, "table.md")
	if err := os.WriteFile(path, []byte(w.String()), 0o644); err != nil {
		return err
	}
	b.log.Info("results written", "dir", b.o.resultsDir)
	return nil
}

func (b *bench) header(ctx context.Context, w *strings.Builder) {
	fmt.Fprintf(w, "## make bench-http, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04Z"))
	var pgVersion string
	if err := b.admin.QueryRowContext(ctx, `SELECT current_setting('server_version')`).Scan(&pgVersion); err != nil {
		pgVersion = "unknown (" + err.Error() + ")"
	}
	fmt.Fprintf(w, "- Host: %d cores; %s\n", runtime.NumCPU(), firstOutputLine(ctx, "uname", "-sr"))
	fmt.Fprintf(w, "- Software: PostgreSQL %s; %s; %s; node %s; PostGraphile %s\n",
		pgVersion, firstOutputLine(ctx, "wrk", "-v"), runtime.Version(),
		strings.TrimPrefix(firstOutputLine(ctx, "node", "-v"), "v"), b.postGraphileVersion())
	fmt.Fprintf(w, "- PostgreSQL settings: %s\n", b.settingsNote)
	fmt.Fprintf(w, "- Load: `wrk -t%d -c%d -d%s --latency --timeout 10s` after a %s warm-up, rotating over the 10 projects; "+
		"for each request the anchor, then Vidra; %d passes\n", b.o.threads, b.o.conns, b.o.duration, b.o.warmup, b.o.passes)
	fmt.Fprintf(w, "- Vidra: the real binary (`go build`), PostgreSQL, jobs off (VIDRA_WORKERS=false), bearer token of a signed-in user; %s\n", b.seedNote)
	fmt.Fprintf(w, "- Anchors: bench/anchor (the kit's limit server + the tags-joined page, which reads Vidra's tables), "+
		"PostGraphile on the kit's database %s (schema.sql + seed.sql)\n", b.o.anchorDB)
}

func (b *bench) postGraphileVersion() string {
	out, err := os.ReadFile(filepath.Join(b.o.cacheDir, "postgraphile", "node_modules", "postgraphile", "package.json"))
	if err != nil {
		return "?"
	}
	s := string(out)
	if i := strings.Index(s, `"version": "`); i >= 0 {
		s = s[i+len(`"version": "`):]
		if j := strings.IndexByte(s, '"'); j >= 0 {
			return s[:j]
		}
	}
	return "?"
}

func firstOutputLine(ctx context.Context, name string, args ...string) string {
	out, _ := exec.CommandContext(ctx, name, args...).CombinedOutput()
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	if i := strings.Index(line, " ["); i > 0 {
		line = line[:i] // wrk's "wrk 4.1.0 [epoll] Copyright ..."
	}
	return line
}

func rps(r result) string { return fmt.Sprintf("%.0f", r.wrk.rps) }

// target says whether a line meets the target, when it has one.
func target(c comparison, v, a result) string {
	if c.minRatio == 0 {
		return ""
	}
	want := fmt.Sprintf(">= %.1fx", c.minRatio)
	ok := v.wrk.rps/a.wrk.rps >= c.minRatio
	if c.maxVidraP99 > 0 {
		want += fmt.Sprintf(", p99 < %.0f ms", c.maxVidraP99)
		ok = ok && v.wrk.p99 < c.maxVidraP99
	}
	if errorsOf(v) != "" || errorsOf(a) != "" {
		return want + ": INVALID (errors)"
	}
	if ok {
		return want + ": met"
	}
	return want + ": not met"
}

// errorsOf names what went wrong in a run: answers other than 2xx/3xx, socket errors.
func errorsOf(r result) string {
	var e []string
	if r.wrk.non2xx > 0 {
		e = append(e, fmt.Sprintf("%d non-2xx", r.wrk.non2xx))
	}
	if r.wrk.socketErr != "" {
		e = append(e, "socket errors: "+r.wrk.socketErr)
	}
	return strings.Join(e, "; ")
}

func span(v []float64, format string) string {
	lo, hi := v[0], v[0]
	for _, x := range v {
		lo, hi = min(lo, x), max(hi, x)
	}
	if fmt.Sprintf(format, lo) == fmt.Sprintf(format, hi) {
		return fmt.Sprintf(format, lo)
	}
	return fmt.Sprintf(format+"-"+format, lo, hi)
}

func runList(steps []step) string {
	var s []string
	for _, st := range steps {
		s = append(s, st.id+": "+st.desc)
	}
	return strings.Join(s, "; ")
}
