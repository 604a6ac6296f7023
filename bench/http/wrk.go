package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// wrkResult is what one wrk run reports.
type wrkResult struct {
	rps       float64
	p50, p99  float64 // milliseconds
	requests  int64
	bytesRead float64
	non2xx    int64
	socketErr string // wrk's "Socket errors" line, when there is one
}

var (
	reRPS      = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	reP50      = regexp.MustCompile(`(?m)^\s+50%\s+(\S+)`)
	reP99      = regexp.MustCompile(`(?m)^\s+99%\s+(\S+)`)
	reTotal    = regexp.MustCompile(`(\d+) requests in [\d.]+\w+, ([\d.]+[KMGT]?B) read`)
	reNon2xx   = regexp.MustCompile(`Non-2xx or 3xx responses:\s+(\d+)`)
	reSocket   = regexp.MustCompile(`Socket errors: (.*)`)
	reDuration = regexp.MustCompile(`^([\d.]+)(us|ms|s|m)$`)
	reBytes    = regexp.MustCompile(`^([\d.]+)([KMGT]?B)$`)
)

// parseWrk reads wrk --latency output.
func parseWrk(out string) (wrkResult, error) {
	var r wrkResult
	m := reRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("no Requests/sec in wrk output:\n%s", out)
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	var ok bool
	if m = reP50.FindStringSubmatch(out); m != nil {
		r.p50, ok = millis(m[1])
	}
	if !ok {
		return r, fmt.Errorf("no 50%% latency in wrk output (was --latency given?):\n%s", out)
	}
	if m = reP99.FindStringSubmatch(out); m != nil {
		r.p99, ok = millis(m[1])
	}
	if !ok {
		return r, fmt.Errorf("no 99%% latency in wrk output:\n%s", out)
	}
	if m = reTotal.FindStringSubmatch(out); m != nil {
		r.requests, _ = strconv.ParseInt(m[1], 10, 64)
		r.bytesRead, _ = byteCount(m[2])
	}
	if m = reNon2xx.FindStringSubmatch(out); m != nil {
		r.non2xx, _ = strconv.ParseInt(m[1], 10, 64)
	}
	if m = reSocket.FindStringSubmatch(out); m != nil {
		r.socketErr = strings.TrimSpace(m[1])
	}
	return r, nil
}

func millis(v string) (float64, bool) {
	m := reDuration.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return 0, false
	}
	n, _ := strconv.ParseFloat(m[1], 64)
	return n * map[string]float64{"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[m[2]], true
}

func byteCount(v string) (float64, bool) {
	m := reBytes.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		return 0, false
	}
	n, _ := strconv.ParseFloat(m[1], 64)
	return n * map[string]float64{"B": 1, "KB": 1 << 10, "MB": 1 << 20, "GB": 1 << 30, "TB": 1 << 40}[m[2]], true
}
