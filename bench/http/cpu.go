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
// the server and PostgreSQL, in milliseconds of CPU per request. The server is
// every root the meter followed (one Vidra, or the replicas and the proxy of a
// cluster); roots has each one's share.
type cpuSplit struct {
	box, wrk, app, pg, other float64
	appMsPerReq, pgMsPerReq  float64
	pgKnown                  bool
	// busiest names the processes outside the benchmark that used most of "other".
	busiest string
	roots   []rootUse
}

// rootUse is one followed process tree over a run: its CPU (% of the box and
// seconds) and its main process's resident memory from /proc/<pid>/status.
type rootUse struct {
	pid        int
	pct, cpuS  float64
	rssMaxKiB  int64 // the largest VmRSS sampled during the run
	rssEndKiB  int64 // VmRSS at the end of the run (steady state under load)
	hwmKiB     int64 // VmHWM: the process's peak since it started
	rssIdleKiB int64 // VmRSS when the meter started
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

// cpuMeter follows the server's trees (one per root) and PostgreSQL's processes
// while a command runs, and samples the roots' resident memory. Processes that exit
// during the run keep the last ticks seen, and processes born during it count in full.
type cpuMeter struct {
	appPIDs               []int
	pgPID                 int
	app0, app             []map[int]uint64 // per root
	pg0, pg               map[int]uint64
	rss                   []rootUse        // memory per root, filled while sampling
	others0, others       map[int]procStat // processes outside the benchmark
	busy0, total0         uint64
	start                 time.Time
	stopPolling, finished chan struct{}
}

// startCPUMeter follows pgPID and the trees of appPIDs (at least one).
func startCPUMeter(pgPID int, appPIDs ...int) *cpuMeter {
	all := procs()
	m := &cpuMeter{appPIDs: appPIDs, pgPID: pgPID, pg0: tree(all, pgPID), pg: map[int]uint64{},
		start: time.Now(), others: map[int]procStat{},
		stopPolling: make(chan struct{}), finished: make(chan struct{})}
	for _, pid := range appPIDs {
		m.app0 = append(m.app0, tree(all, pid))
		m.app = append(m.app, map[int]uint64{})
		rss, _ := readMemory(pid)
		m.rss = append(m.rss, rootUse{pid: pid, rssIdleKiB: rss})
	}
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
	for i, root := range m.appPIDs {
		for pid, t := range tree(all, root) {
			m.app[i][pid] = t
		}
		if rss, hwm := readMemory(root); rss > 0 {
			u := &m.rss[i]
			u.rssMaxKiB, u.rssEndKiB, u.hwmKiB = max(u.rssMaxKiB, rss), rss, hwm
		}
	}
	for pid, t := range tree(all, m.pgPID) {
		m.pg[pid] = t
	}
	for pid, st := range m.outside(all) {
		m.others[pid] = st
	}
}

// readMemory is a process's VmRSS and VmHWM in KiB from /proc/<pid>/status
// (0 when it is gone).
func readMemory(pid int) (rss, hwm int64) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		name, val, ok := strings.Cut(line, ":")
		if !ok || (name != "VmRSS" && name != "VmHWM") {
			continue
		}
		f := strings.Fields(val) // "123456 kB"
		if len(f) == 0 {
			continue
		}
		n, _ := strconv.ParseInt(f[0], 10, 64)
		if name == "VmRSS" {
			rss = n
		} else {
			hwm = n
		}
	}
	return rss, hwm
}

// outside is every process but the server's tree, PostgreSQL's, this program's
// (and so wrk) and the kernel's threads.
func (m *cpuMeter) outside(all map[int]procStat) map[int]procStat {
	ours := family(all, m.pgPID)
	for _, root := range m.appPIDs {
		for pid := range family(all, root) {
			ours[pid] = true
		}
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
	var appTicks float64
	roots := make([]rootUse, len(m.appPIDs))
	for i := range m.appPIDs {
		t := grow(m.app0[i], m.app[i])
		appTicks += t
		roots[i] = m.rss[i]
		roots[i].pct, roots[i].cpuS = 100*t/span, t/clockTicks
	}
	pgTicks := grow(m.pg0, m.pg)
	s := cpuSplit{
		box:     100 * float64(busy1-m.busy0) / span,
		wrk:     100 * wrkSeconds / wall / ncpu,
		app:     100 * appTicks / span,
		pg:      100 * pgTicks / span,
		pgKnown: m.pgPID > 0,
		roots:   roots,
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
