package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/cluster"
)

// report prints cluster mode's tables and writes them to table.md in the results
// directory, as bench-http's report does.
func (cb *clusterBench) report(ctx context.Context, results map[int]map[string]result) error {
	var w strings.Builder
	cb.header(ctx, &w)
	n := cb.o.replicas
	var ratios, directRPS, proxyRPS []float64
	for pass := 1; pass <= cb.o.passes; pass++ {
		d, p := results[pass]["direct"], results[pass]["proxy"]
		fmt.Fprintf(&w, "\n### Pass %d\n\n", pass)
		w.WriteString("| run | req/s | p50 ms | p99 ms | errors | load average (1 5 15 min) | box busy % |\n|---|---|---|---|---|---|---|\n")
		for _, r := range []result{d, p} {
			fmt.Fprintf(&w, "| %s | %s | %.1f | %.1f | %s | %s | %.0f |\n",
				r.step.id, rps(r), r.wrk.p50, r.wrk.p99, errorsOf(r), r.load, r.cpu.box)
		}
		ratio := p.wrk.rps / d.wrk.rps
		ratios, directRPS, proxyRPS = append(ratios, ratio), append(directRPS, d.wrk.rps), append(proxyRPS, p.wrk.rps)
		fmt.Fprintf(&w, "\nproxy over %d replicas / one replica directly: **%.2f**\n", n, ratio)
	}
	if cb.o.passes > 1 {
		fmt.Fprintf(&w, "\n### All passes\n\n| direct req/s | proxy req/s | ratio |\n|---|---|---|\n| %s | %s | %s |\n",
			span(directRPS, "%.0f"), span(proxyRPS, "%.0f"), span(ratios, "%.2f"))
	}

	w.WriteString("\n### Where the CPU went (% of the whole box; CPU ms per request)\n\n")
	w.WriteString("| pass | run | req/s | box busy | replicas | haproxy | postgres | wrk | other | replicas ms/req | haproxy ms/req | postgres ms/req | busiest other processes |\n")
	w.WriteString("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
	for pass := 1; pass <= cb.o.passes; pass++ {
		for _, st := range clusterRuns {
			r := results[pass][st.id]
			reps, proxy := splitRoots(r, n)
			pg, pgMs := fmt.Sprintf("%.0f", r.cpu.pg), fmt.Sprintf("%.2f", r.cpu.pgMsPerReq)
			if !r.cpu.pgKnown {
				pg, pgMs = "n/a", "n/a"
			}
			proxyPct, proxyMs := "-", "-"
			if proxy != nil {
				proxyPct, proxyMs = fmt.Sprintf("%.0f", proxy.pct), fmt.Sprintf("%.2f", msPerReq(proxy.cpuS, r.wrk.requests))
			}
			var repPct, repS float64
			for _, u := range reps {
				repPct, repS = repPct+u.pct, repS+u.cpuS
			}
			fmt.Fprintf(&w, "| %d | %s | %s | %.0f | %.0f | %s | %s | %.0f | %.0f | %.2f | %s | %s | %s |\n",
				pass, st.id, rps(r), r.cpu.box, repPct, proxyPct, pg, r.cpu.wrk, r.cpu.other,
				msPerReq(repS, r.wrk.requests), proxyMs, pgMs, r.cpu.busiest)
		}
	}

	w.WriteString("\n### Per process: CPU and resident memory (VmRSS, VmHWM from /proc/<pid>/status; MiB)\n\n")
	fmt.Fprintf(&w, "In the proxy run a replica's ms/req is over its round-robin share (requests / %d).\n\n", n)
	w.WriteString("| pass | run | process | CPU % of box | CPU ms/req | RSS before | RSS peak in run | RSS at end | VmHWM since start |\n")
	w.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for pass := 1; pass <= cb.o.passes; pass++ {
		for _, st := range clusterRuns {
			r := results[pass][st.id]
			reps, proxy := splitRoots(r, n)
			share := float64(r.wrk.requests)
			if st.id == "proxy" {
				share /= float64(n)
			}
			for i, u := range reps {
				w.WriteString(processRow(pass, st.id, fmt.Sprintf("r%d", i+1), u, msPerReq(u.cpuS, int64(share))))
			}
			if proxy != nil {
				w.WriteString(processRow(pass, st.id, "haproxy", *proxy, msPerReq(proxy.cpuS, r.wrk.requests)))
			}
		}
	}
	cb.sizing(&w, results)
	w.WriteString("\nRuns: " + runList(clusterRuns) + "\n")
	fmt.Print(w.String())
	path := filepath.Join(cb.o.resultsDir, "table.md")
	if err := os.WriteFile(path, []byte(w.String()), 0o644); err != nil {
		return err
	}
	cb.log.Info("results written", "dir", cb.o.resultsDir)
	return nil
}

// sizing is the line a reader sizes a deployment from: a replica's CPU per request
// and memory under load in the direct runs, averaged over the passes.
func (cb *clusterBench) sizing(w *strings.Builder, results map[int]map[string]result) {
	var ms, pgMs, rss, hwm float64
	for pass := 1; pass <= cb.o.passes; pass++ {
		r := results[pass]["direct"]
		if len(r.cpu.roots) == 0 {
			continue
		}
		u := r.cpu.roots[0]
		ms += msPerReq(u.cpuS, r.wrk.requests)
		pgMs += r.cpu.pgMsPerReq
		rss, hwm = max(rss, mib(u.rssEndKiB)), max(hwm, mib(u.hwmKiB))
	}
	p := float64(cb.o.passes)
	ms, pgMs = ms/p, pgMs/p
	fmt.Fprintf(w, "\n### Sizing\n\nOne API replica serving this list: %.2f CPU ms per request (about %.0f req/s per fully used core), "+
		"PostgreSQL %.2f CPU ms per request; resident memory under load %.0f MiB, peak since start %.0f MiB.\n",
		ms, 1000/max(ms, 0.001), pgMs, rss, hwm)
}

// splitRoots separates a run's followed processes into the replicas and, for the
// proxy run, HAProxy (the last root).
func splitRoots(r result, replicas int) ([]rootUse, *rootUse) {
	roots := r.cpu.roots
	if len(roots) > replicas {
		return roots[:replicas], &roots[replicas]
	}
	return roots, nil
}

func processRow(pass int, run, name string, u rootUse, ms float64) string {
	return fmt.Sprintf("| %d | %s | %s | %.0f | %.2f | %.0f | %.0f | %.0f | %.0f |\n",
		pass, run, name, u.pct, ms, mib(u.rssIdleKiB), mib(u.rssMaxKiB), mib(u.rssEndKiB), mib(u.hwmKiB))
}

func msPerReq(cpuSeconds float64, requests int64) float64 {
	if requests <= 0 {
		return 0
	}
	return cpuSeconds * 1000 / float64(requests)
}

func mib(kib int64) float64 { return float64(kib) / 1024 }

func (cb *clusterBench) header(ctx context.Context, w *strings.Builder) {
	fmt.Fprintf(w, "## make bench-cluster, %s\n\n", time.Now().UTC().Format("2006-01-02 15:04Z"))
	var pgVersion string
	if err := cb.admin.QueryRowContext(ctx, `SELECT current_setting('server_version')`).Scan(&pgVersion); err != nil {
		pgVersion = "unknown (" + err.Error() + ")"
	}
	proxyBin, _ := cluster.FindProxy()
	fmt.Fprintf(w, "- Host: %d cores; %s; shared with other work (see the load averages and \"other\" below)\n",
		runtime.NumCPU(), firstOutputLine(ctx, "uname", "-sr"))
	fmt.Fprintf(w, "- Software: PostgreSQL %s; %s; %s; %s\n",
		pgVersion, firstOutputLine(ctx, "wrk", "-v"), runtime.Version(), firstOutputLine(ctx, proxyBin, "-v"))
	fmt.Fprintf(w, "- PostgreSQL settings: %s\n", cb.settingsNote)
	fmt.Fprintf(w, "- Load: `wrk -t%d -c%d -d%s --latency --timeout 10s` after a %s warm-up, rotating over the 10 projects; "+
		"direct then proxy (proxy first on even passes); %d passes\n", cb.o.threads, cb.o.conns, cb.o.duration, cb.o.warmup, cb.o.passes)
	fmt.Fprintf(w, "- Deployment (internal/cluster): %d API replicas of the real binary (VIDRA_WORKERS=false, no worker processes) "+
		"on one database and one S3-compatible server (versitygw), HAProxy round robin in front; "+
		"the direct run loads r1's own address while the other replicas idle; bearer token of a signed-in user; %s\n",
		cb.o.replicas, cb.seedNote)
}
