package main

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// loginBurstSize is how many sign-ins arrive at once in one burst (issue 43:
// "measure a write's latency during a 100-login burst").
const loginBurstSize = 100

// loginBurstDB is the PostgreSQL database the login-burst mode recreates.
const loginBurstDB = "vidra_login_burst"

// burstFigures are what one database's bursts measured from outside.
type burstFigures struct {
	database                  string
	bursts                    int
	writes                    []time.Duration
	writeErrors               int
	loginOK, login429, loginX int
	healthChecks, healthBad   int
	peakRSSMB                 float64
}

// runLoginBurst (BENCH_MODE=login-burst, make bench-login-burst) starts the
// real binary on SQLite (the embedded default) and on PostgreSQL, and, from
// this separate process, sends bursts of loginBurstSize correct sign-ins, each
// from its own loopback address (so per-address limits do not thin the burst,
// as they would not for a botnet), while one signed-in client creates tags one
// after another and another polls /health/ready. It reports the writes'
// latency, the sign-ins' answers, /health failures and the server's peak RSS.
func runLoginBurst(ctx context.Context, log *slog.Logger, o options, binDir, vidraBin string) error {
	var all []burstFigures
	for _, database := range []string{"sqlite", "postgres"} {
		f, err := loginBurstOn(ctx, log, o, binDir, vidraBin, database)
		if err != nil {
			return fmt.Errorf("%s: %w", database, err)
		}
		all = append(all, f)
	}
	var report strings.Builder
	fmt.Fprintf(&report, "| database | bursts | writes | write p50 ms | write p99 ms | write max ms | write errors | sign-ins 200 / 429 / other | /health not 200 | peak RSS MB |\n|---|---|---|---|---|---|---|---|---|---|\n")
	for _, f := range all {
		slices.Sort(f.writes)
		fmt.Fprintf(&report, "| %s | %d | %d | %.1f | %.1f | %.1f | %d | %d / %d / %d | %d of %d | %.0f |\n",
			f.database, f.bursts, len(f.writes), quantileMS(f.writes, 0.50), quantileMS(f.writes, 0.99),
			quantileMS(f.writes, 1), f.writeErrors, f.loginOK, f.login429, f.loginX, f.healthBad, f.healthChecks, f.peakRSSMB)
	}
	fmt.Print(report.String())
	return os.WriteFile(filepath.Join(o.resultsDir, "login-burst.md"), []byte(report.String()), 0o644)
}

// loginBurstOn measures one database.
func loginBurstOn(ctx context.Context, log *slog.Logger, o options, binDir, vidraBin, database string) (burstFigures, error) {
	f := burstFigures{database: database, bursts: o.passes}
	dsn := ""
	if database == "postgres" {
		admin, err := sql.Open("postgres", o.adminURL)
		if err != nil {
			return f, err
		}
		err = recreateDatabase(ctx, admin, loginBurstDB)
		_ = admin.Close()
		if err != nil {
			return f, err
		}
		dsn = dbURL(o.adminURL, loginBurstDB, "", "")
	}
	addr, err := freeAddr()
	if err != nil {
		return f, err
	}
	dataDir := filepath.Join(binDir, "login-burst-"+database)
	srv, err := startServer("vidra", addr, filepath.Join(o.resultsDir, "login-burst-"+database+".log"), []string{
		"VIDRA_DATABASE_URL=" + dsn, "VIDRA_ADDR=" + addr, "VIDRA_DATA_DIR=" + dataDir,
	}, vidraBin)
	if err != nil {
		return f, err
	}
	defer srv.stop()
	base := "http://" + addr
	if err := srv.waitReady(ctx, base+"/health/ready", 120*time.Second); err != nil {
		return f, err
	}
	c := newVidraClient(base)
	if err := c.register(ctx); err != nil {
		return f, err
	}
	var created struct{ CreateProject struct{ ID string } }
	if err := c.do(ctx, `mutation { createProject(input: {name: "Burst"}) { id } }`, nil, &created); err != nil {
		return f, err
	}
	log.Info("login burst", "database", database, "bursts", o.passes)
	for round := range o.passes {
		if err := oneLoginBurst(ctx, c, created.CreateProject.ID, round, &f); err != nil {
			return f, err
		}
	}
	f.peakRSSMB = peakRSSMB(srv.pid())
	return f, nil
}

// oneLoginBurst sends one burst and measures writes and /health while it runs.
func oneLoginBurst(ctx context.Context, c *vidraClient, project string, round int, f *burstFigures) error {
	var codes [3]atomic.Int64 // 200, 429, anything else
	var logins sync.WaitGroup
	start := make(chan struct{})
	for i := range loginBurstSize {
		client, err := clientFrom(net.IPv4(127, 0, byte(round+1), byte(i+1)))
		if err != nil {
			return err
		}
		logins.Go(func() {
			<-start
			codes[loginCode(ctx, client, c.base)].Add(1)
		})
	}
	done := make(chan struct{})
	go func() { logins.Wait(); close(done) }()
	health := make(chan [2]int, 1)
	go func() { health <- pollHealth(c.base, done) }()
	close(start)
	writer := &http.Client{Timeout: 60 * time.Second}
	for i := 0; ; i++ {
		select {
		case <-done:
			h := <-health
			f.healthChecks += h[0]
			f.healthBad += h[1]
			f.loginOK += int(codes[0].Load())
			f.login429 += int(codes[1].Load())
			f.loginX += int(codes[2].Load())
			return nil
		default:
		}
		began := time.Now()
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/projects/"+project+"/tags",
			strings.NewReader(`{"name": "r`+strconv.Itoa(round)+`-w`+strconv.Itoa(i)+`"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+c.access)
		if _, err := sendOK(writer, req); err != nil {
			f.writeErrors++
		}
		f.writes = append(f.writes, time.Since(began))
	}
}

// clientFrom is an HTTP client whose connections leave from the local address ip.
func clientFrom(ip net.IP) (*http.Client, error) {
	d := &net.Dialer{LocalAddr: &net.TCPAddr{IP: ip}, Timeout: 10 * time.Second}
	return &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{DialContext: d.DialContext}}, nil
}

// loginCode signs in with the benchmark's account and says how it was
// answered: 0 for 200, 1 for 429, 2 for anything else.
func loginCode(ctx context.Context, client *http.Client, base string) int {
	body := `{"email": "` + benchEmail + `", "password": "` + benchPassword + `"}`
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, base+"/v1/auth/login", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	res, err := client.Do(req)
	if err != nil {
		return 2
	}
	_, _ = io.Copy(io.Discard, res.Body)
	_ = res.Body.Close()
	switch res.StatusCode {
	case http.StatusOK:
		return 0
	case http.StatusTooManyRequests:
		return 1
	}
	return 2
}

// pollHealth asks /health/ready every 50 ms until done; it returns how many
// times it asked and how many answers were not 200.
func pollHealth(base string, done <-chan struct{}) [2]int {
	client := &http.Client{Timeout: 10 * time.Second}
	var n [2]int
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		res, err := client.Get(base + "/health/ready")
		n[0]++
		if err != nil {
			n[1]++
		} else {
			_, _ = io.Copy(io.Discard, res.Body)
			_ = res.Body.Close()
			if res.StatusCode != http.StatusOK {
				n[1]++
			}
		}
		select {
		case <-done:
			return n
		case <-tick.C:
		}
	}
}

// quantileMS is the q-quantile of sorted durations, in milliseconds.
func quantileMS(sorted []time.Duration, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := min(len(sorted)-1, int(q*float64(len(sorted))))
	return float64(sorted[i].Microseconds()) / 1000
}

// peakRSSMB is the process's peak resident set (VmHWM), in MB; 0 when unknown.
func peakRSSMB(pid int) float64 {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 64)
			if err == nil {
				return kb / 1024
			}
		}
	}
	return 0
}
