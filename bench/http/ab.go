package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// The A/B mode (BENCH_MODE=ab): two Vidra binaries on the same seeded database,
// VIDRA_BIN (A) and VIDRA_BIN_B (B), measured from outside on the target
// requests in rounds (PASSES, 2): in each round each request's anchor, then A,
// then B. Besides throughput and latency it reports each binary's process CPU
// per request (utime + stime from /proc, which other load on a shared box
// disturbs far less than req/s) and the load average at the end of each run.
// AB_NAMES names the two ("patched,plain").

// abTargets are the target requests' steps: the anchor first, then Vidra's.
var abTargets = [][2]string{
	{"anchor-tags", "vidra-tags"},
	{"anchor-rest", "vidra-rest"},
	{"pgl-nested", "vidra-nested"},
}

// abSide is one of the two Vidra binaries with its signed-in client.
type abSide struct {
	name   string
	vidra  *server
	client *vidraClient
}

// runAB measures A (already running as b.vidra) against binB.
func (b *bench) runAB(ctx context.Context, binB string, rounds int, names [2]string) error {
	a := abSide{name: names[0], vidra: b.vidra, client: b.client}
	b.vidraBin = binB
	// A is b.vidra again on the way out, for the bench's own stopServers: the
	// rounds switch b.vidra, and a failed start of B overwrites it, which
	// left A running.
	defer func() { b.vidra, b.client = a.vidra, a.client }()
	if err := b.startVidraAs(ctx, "vidra-"+names[1]); err != nil {
		return err
	}
	defer b.vidra.stop()
	if err := b.client.login(ctx); err != nil {
		return fmt.Errorf("sign in to B: %w", err)
	}
	sides := []abSide{a, {name: names[1], vidra: b.vidra, client: b.client}}
	dir := filepath.Join(b.root, "bench", "http")
	byID := map[string]step{}
	for _, st := range b.steps(dir) {
		byID[st.id] = st
	}
	// results[target][side or "anchor"] over the rounds.
	results := map[string]map[string][]result{}
	for round := 1; round <= rounds; round++ {
		for _, t := range abTargets {
			if results[t[1]] == nil {
				results[t[1]] = map[string][]result{}
			}
			r, err := b.measureStep(ctx, dir, round, byID[t[0]])
			if err != nil {
				return err
			}
			results[t[1]]["anchor"] = append(results[t[1]]["anchor"], r)
			for _, side := range sides {
				b.vidra, b.client = side.vidra, side.client
				st := byID[t[1]]
				st.id += "." + side.name
				r, err := b.measureStep(ctx, dir, round, st)
				if err != nil {
					return err
				}
				results[t[1]][side.name] = append(results[t[1]][side.name], r)
			}
		}
	}
	report := abReport(results, names, rounds)
	fmt.Print(report)
	return os.WriteFile(filepath.Join(b.o.resultsDir, "ab.md"), []byte(report), 0o644)
}

// startVidraAs starts b.vidraBin as startVidra does, logging to name.log.
func (b *bench) startVidraAs(ctx context.Context, name string) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	b.vidra, err = startServer(name, addr, filepath.Join(b.o.resultsDir, name+".log"), b.vidraEnv(addr, name+"-data"), b.vidraBin)
	if err != nil {
		return err
	}
	b.client = newVidraClient("http://" + addr)
	return b.vidra.waitReady(ctx, "http://"+addr+"/health/ready", 120*time.Second)
}

// abReport writes each round's figures and the medians of A against B.
func abReport(results map[string]map[string][]result, names [2]string, rounds int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "| request | round | anchor req/s | %[1]s req/s (p99 ms) | %[1]s CPU ms/req | %[2]s req/s (p99 ms) | %[2]s CPU ms/req | load (at %[2]s) |\n|---|---|---|---|---|---|---|---|\n", names[0], names[1])
	for _, t := range abTargets {
		rs := results[t[1]]
		for i := 0; i < rounds; i++ {
			an, ra, rb := rs["anchor"][i], rs[names[0]][i], rs[names[1]][i]
			fmt.Fprintf(&sb, "| %s | %d | %.0f | %.0f (%.1f) | %.3f | %.0f (%.1f) | %.3f | %s |\n", t[1], i+1, an.wrk.rps,
				ra.wrk.rps, ra.wrk.p99, ra.cpu.appMsPerReq, rb.wrk.rps, rb.wrk.p99, rb.cpu.appMsPerReq, rb.load)
		}
	}
	fmt.Fprintf(&sb, "\n| request | median ratio to anchor %[1]s / %[2]s | median CPU ms/req %[1]s / %[2]s | %[2]s CPU / %[1]s CPU | %[1]s req/s / %[2]s req/s |\n|---|---|---|---|---|\n", names[0], names[1])
	for _, t := range abTargets {
		rs := results[t[1]]
		ratio := func(side string) float64 {
			var v []float64
			for i := range rounds {
				v = append(v, rs[side][i].wrk.rps/rs["anchor"][i].wrk.rps)
			}
			return median(v)
		}
		field := func(side string, f func(result) float64) float64 {
			var v []float64
			for _, r := range rs[side] {
				v = append(v, f(r))
			}
			return median(v)
		}
		cpu := func(r result) float64 { return r.cpu.appMsPerReq }
		rps := func(r result) float64 { return r.wrk.rps }
		ca, cb := field(names[0], cpu), field(names[1], cpu)
		fmt.Fprintf(&sb, "| %s | %.2f / %.2f | %.3f / %.3f | %.2f | %.2f |\n", t[1], ratio(names[0]), ratio(names[1]),
			ca, cb, cb/ca, field(names[0], rps)/field(names[1], rps))
	}
	return sb.String()
}

// median is the middle value of v (the mean of the two middle ones).
func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := append([]float64(nil), v...)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// abNames reads AB_NAMES, "a,b" ("patched,plain" unless set).
func abNames() [2]string {
	n := strings.SplitN(env("AB_NAMES", "patched,plain"), ",", 2)
	if len(n) < 2 {
		return [2]string{n[0], "b"}
	}
	return [2]string{n[0], n[1]}
}
