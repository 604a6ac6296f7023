package main

import (
	"fmt"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Where the CPU went during a run, as the kit's bench.py counts it: the server's
// process tree and PostgreSQL's processes from /proc/<pid>/stat, wrk from its own
// rusage, the whole box from /proc/stat; what is left is "other" (other processes,
// idle servers, the kernel).
const clockTicks = 100 // USER_HZ: /proc counts CPU time in 1/100 s on Linux

// cpuSplit is a run's CPU use in % of the whole box (all cores = 100 %) and, for
// the server and PostgreSQL, in milliseconds of CPU per request.
type cpuSplit struct {
	box, wrk, app, pg, other float64
	appMsPerReq, pgMsPerReq  float64
	pgKnown                  bool
	// busiest names the processes outside the benchmark that used most of "other".
	busiest string
}

type procStat struct {
	ppid  int
	ticks uint64 // utime + stime
	comm  string
}

// procs reads every process's parent and CPU ticks (utime + stime).
func procs() map[int]procStat {
	out := map[int]procStat{}
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return out
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		if st, ok := readStat(pid); ok {
			out[pid] = st
		}
	}
	return out
}

func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	s := string(b)
	// The command name may hold spaces and parentheses: fields start after the last ')'.
	open, i := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || i < open || i+2 > len(s) {
		return procStat{}, false
	}
	f := strings.Fields(s[i+2:])
	if len(f) < 13 {
		return procStat{}, false
	}
	ppid, _ := strconv.Atoi(f[1])
	ut, _ := strconv.ParseUint(f[11], 10, 64)
	st, _ := strconv.ParseUint(f[12], 10, 64)
	return procStat{ppid: ppid, ticks: ut + st, comm: s[open+1 : i]}, true
}

// tree is the ticks of root and all its descendants.
func tree(all map[int]procStat, root int) map[int]uint64 {
	out := map[int]uint64{}
	for pid := range family(all, root) {
		out[pid] = all[pid].ticks
	}
	return out
}

// family is root and all its descendants.
func family(all map[int]procStat, root int) map[int]bool {
	if _, ok := all[root]; root <= 0 || !ok {
		return map[int]bool{}
	}
	keep := map[int]bool{root: true}
	for changed := true; changed; {
		changed = false
		for pid, st := range all {
			if !keep[pid] && keep[st.ppid] {
				keep[pid] = true
				changed = true
			}
		}
	}
	return keep
}

// boxTicks is the whole box's busy and total ticks from /proc/stat.
func boxTicks() (busy, total uint64) {
	b, err := os.ReadFile("/proc/stat")
	if err != nil {
		return 0, 0
	}
	line, _, _ := strings.Cut(string(b), "\n")
	f := strings.Fields(line)
	if len(f) < 9 {
		return 0, 0
	}
	var vals [8]uint64
	for i := range vals {
		vals[i], _ = strconv.ParseUint(f[i+1], 10, 64)
		total += vals[i]
	}
	idle := vals[3] + vals[4] // idle + iowait
	return total - idle, total
}

// cpuMeter follows the server's tree and PostgreSQL's processes while a command runs.
// Processes that exit during the run keep the last ticks seen, and processes born
// during it count in full.
type cpuMeter struct {
	appPID, pgPID         int
	app0, pg0             map[int]uint64
	app, pg               map[int]uint64
	others0, others       map[int]procStat // processes outside the benchmark
	busy0, total0         uint64
	start                 time.Time
	stopPolling, finished chan struct{}
}

func startCPUMeter(appPID, pgPID int) *cpuMeter {
	all := procs()
	m := &cpuMeter{appPID: appPID, pgPID: pgPID, app0: tree(all, appPID), pg0: tree(all, pgPID),
		app: map[int]uint64{}, pg: map[int]uint64{}, start: time.Now(),
		others:      map[int]procStat{},
		stopPolling: make(chan struct{}), finished: make(chan struct{})}
	m.others0 = m.outside(all)
	m.busy0, m.total0 = boxTicks()
	go func() {
		defer close(m.finished)
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-m.stopPolling:
				m.sample()
				return
			case <-t.C:
				m.sample()
			}
		}
	}()
	return m
}

func (m *cpuMeter) sample() {
	all := procs()
	for pid, t := range tree(all, m.appPID) {
		m.app[pid] = t
	}
	for pid, t := range tree(all, m.pgPID) {
		m.pg[pid] = t
	}
	for pid, st := range m.outside(all) {
		m.others[pid] = st
	}
}

// outside is every process but the server's tree, PostgreSQL's, this program's
// (and so wrk) and the kernel's threads.
func (m *cpuMeter) outside(all map[int]procStat) map[int]procStat {
	ours := family(all, m.appPID)
	for pid := range family(all, m.pgPID) {
		ours[pid] = true
	}
	for pid := range family(all, os.Getpid()) {
		ours[pid] = true
	}
	for pid := os.Getpid(); pid > 1; pid = all[pid].ppid { // go run, make, the shell
		if _, ok := all[pid]; !ok {
			break
		}
		ours[pid] = true
	}
	out := map[int]procStat{}
	for pid, st := range all {
		if !ours[pid] && pid != 2 && st.ppid != 2 {
			out[pid] = st
		}
	}
	return out
}

// busiest names the three process names outside the benchmark that used most CPU
// over the run, with their share of the box. Processes that lived less than the
// 0.5 s between samples are missed (their parents' reaped-children time would
// count runs from before the window), so these are lower bounds.
func (m *cpuMeter) busiest(span float64) string {
	type use struct {
		name  string
		ticks uint64
	}
	byName := map[string]uint64{}
	for pid, st := range m.others {
		b := m.others0[pid]
		if st.ticks > b.ticks {
			byName[st.comm] += st.ticks - b.ticks
		}
	}
	var uses []use
	for name, t := range byName {
		uses = append(uses, use{name, t})
	}
	sort.Slice(uses, func(i, j int) bool { return uses[i].ticks > uses[j].ticks })
	var parts []string
	for _, u := range uses[:min(3, len(uses))] {
		if pct := 100 * float64(u.ticks) / span; pct >= 1 {
			parts = append(parts, fmt.Sprintf("%s %.0f%%", u.name, pct))
		}
	}
	return strings.Join(parts, ", ")
}

// stop ends the measurement; wrkSeconds is the load generator's user+system CPU.
func (m *cpuMeter) stop(wrkSeconds float64, requests int64) cpuSplit {
	close(m.stopPolling)
	<-m.finished
	wall := time.Since(m.start).Seconds()
	busy1, total1 := boxTicks()
	ncpu := float64(runtime.NumCPU())
	span := float64(total1 - m.total0) // all cores' ticks over the run
	if span <= 0 {
		span = 1
	}
	grow := func(before, after map[int]uint64) float64 {
		var sum uint64
		for pid, t := range after {
			if b := before[pid]; t > b {
				sum += t - b
			}
		}
		return float64(sum)
	}
	appTicks, pgTicks := grow(m.app0, m.app), grow(m.pg0, m.pg)
	s := cpuSplit{
		box:     100 * float64(busy1-m.busy0) / span,
		wrk:     100 * wrkSeconds / wall / ncpu,
		app:     100 * appTicks / span,
		pg:      100 * pgTicks / span,
		pgKnown: m.pgPID > 0,
	}
	s.other = max(0, s.box-s.wrk-s.app-s.pg)
	s.busiest = m.busiest(span)
	if requests > 0 {
		s.appMsPerReq = appTicks / clockTicks * 1000 / float64(requests)
		s.pgMsPerReq = pgTicks / clockTicks * 1000 / float64(requests)
	}
	return s
}

// boxBusy is the share of the box in use over the window, in %.
func boxBusy(window time.Duration) float64 {
	b0, t0 := boxTicks()
	time.Sleep(window)
	b1, t1 := boxTicks()
	if t1 <= t0 {
		return 0
	}
	return 100 * float64(b1-b0) / float64(t1-t0)
}

// waitQuiet waits until the box is below threshold % busy over 3 s, at most maxWait;
// it returns the last figure seen.
func waitQuiet(maxWait time.Duration, threshold float64) float64 {
	if maxWait <= 0 {
		return -1
	}
	deadline := time.Now().Add(maxWait)
	for {
		busy := boxBusy(3 * time.Second)
		if busy < threshold || time.Now().After(deadline) {
			return busy
		}
	}
}

// postmasterPID is PostgreSQL's main process, the parent of the backend serving
// the connection; 0 when it is not on this machine (another host or container).
func postmasterPID(backendPID int) int {
	st, ok := readStat(backendPID)
	if !ok {
		return 0
	}
	return st.ppid
}
