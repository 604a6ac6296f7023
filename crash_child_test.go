//go:build linux

package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// childRoleEnv names the role a re-executed test binary plays: "server" runs
// run (the vidra command), "worker" runs runWorker (vidra worker).
const childRoleEnv = "VIDRA_TEST_CHILD"

// TestMain lets the crash tests start the real server in a process of its own
// (this test binary again, so no separate build), which they can kill -9.
func TestMain(m *testing.M) {
	switch os.Getenv(childRoleEnv) {
	case "server":
		os.Exit(childExit(run))
	case "worker":
		os.Exit(childExit(runWorker))
	case "ingest":
		os.Exit(childExit(runIngest))
	}
	os.Exit(m.Run())
}

// childExit runs serve as main does and returns the exit code.
func childExit(serve func(context.Context, func(string) string, io.Writer) error) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	if err := serve(ctx, os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "vidra:", err)
		return 1
	}
	return 0
}

// cluster is the shared ground of the processes one crash test starts: one
// database, one data directory (files storage), one temporary directory
// (ffmpeg's work files, so its processes are recognisable), one address.
type cluster struct {
	t       testing.TB
	env     map[string]string
	tmp     string
	addr    string
	dataDir string
}

// newCluster prepares the ground on the dialect's database with default
// settings except the listen address and loopback webhooks.
func newCluster(t testing.TB, dialectName string) *cluster {
	t.Helper()
	c := &cluster{t: t, addr: freeAddr(t), dataDir: t.TempDir(), tmp: t.TempDir()}
	c.env = map[string]string{
		"VIDRA_ADDR":                   c.addr,
		"VIDRA_PUBLIC_URL":             "http://" + c.addr,
		"VIDRA_DATA_DIR":               c.dataDir,
		"VIDRA_ALLOW_PRIVATE_NETWORKS": "true",
		"VIDRA_LOG_FORMAT":             "json",
		"VIDRA_SHUTDOWN_TIMEOUT":       "2s",
		"TMPDIR":                       c.tmp,
		// No live ingest on its default ports (RTMP :1935, SRT :6000), which
		// another server on the machine may hold; the ingest tests give a
		// node a free address of its own.
		"VIDRA_RTMP_ADDR": "off",
		"VIDRA_SRT_ADDR":  "off",
	}
	if dialectName == dialect.Postgres {
		db := testdb.Open(t, dialect.Postgres)
		c.env["VIDRA_DATABASE_URL"] = db.URL
	}
	return c
}

// URL is the server's base address.
func (c *cluster) URL() string { return "http://" + c.addr }

// child is one started process.
type child struct {
	cmd  *exec.Cmd
	logs *syncBuffer
	done chan struct{}
}

// start runs the role ("server" or "worker") with the cluster's environment
// plus extra, killed at the test's end if still running.
func (c *cluster) start(role string, extra map[string]string) *child {
	c.t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childRoleEnv+"="+role)
	for k, v := range c.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	for k, v := range extra {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	ch := &child{cmd: cmd, logs: &syncBuffer{}, done: make(chan struct{})}
	cmd.Stdout, cmd.Stderr = ch.logs, ch.logs
	if err := cmd.Start(); err != nil {
		c.t.Fatalf("start %s: %v", role, err)
	}
	go func() { _ = cmd.Wait(); close(ch.done) }()
	c.t.Cleanup(func() {
		ch.kill()
		if c.t.Failed() {
			c.t.Logf("%s %d logs:\n%s", role, cmd.Process.Pid, tail(ch.logs.String(), 6000))
		}
	})
	return ch
}

// kill sends SIGKILL (kill -9) and waits for the process to be gone.
func (ch *child) kill() {
	_ = ch.cmd.Process.Kill()
	<-ch.done
}

// waitHealthy polls /health until the server answers, failing after timeout.
func (c *cluster) waitHealthy(ch *child, timeout time.Duration) {
	c.t.Helper()
	if !poll.Within(timeout, func() bool {
		res, err := http.Get(c.URL() + "/health")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return true
			}
		}
		select {
		case <-ch.done:
			c.t.Fatalf("server exited before it was healthy:\n%s", tail(ch.logs.String(), 4000))
		default:
		}
		return false
	}) {
		c.t.Fatalf("server not healthy after %s:\n%s", timeout, tail(ch.logs.String(), 4000))
	}
}

// waitLog waits until the child's log has a line containing text.
func (c *cluster) waitLog(ch *child, text string, timeout time.Duration) {
	c.t.Helper()
	if !poll.Every(20*time.Millisecond, timeout, func() bool { return strings.Contains(ch.logs.String(), text) }) {
		c.t.Fatalf("no %q in the log after %s:\n%s", text, timeout, tail(ch.logs.String(), 4000))
	}
}

// ffmpegs returns the pids of ffmpeg processes working in the cluster's
// temporary directory (every transcode's arguments name its work folder).
func (c *cluster) ffmpegs() []int {
	entries, _ := os.ReadDir("/proc")
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		raw, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err != nil || len(raw) == 0 {
			continue // gone, or a zombie (a dead child not yet reaped is no orphan)
		}
		args := strings.Split(string(raw), "\x00")
		if strings.Contains(filepath.Base(args[0]), "ffmpeg") && strings.Contains(string(raw), c.tmp) {
			pids = append(pids, pid)
		}
	}
	return pids
}

// waitFFmpeg waits until some ffmpeg transcodes in the cluster and returns its pid.
func (c *cluster) waitFFmpeg(timeout time.Duration) int {
	c.t.Helper()
	var pids []int
	if !poll.Every(20*time.Millisecond, timeout, func() bool { pids = c.ffmpegs(); return len(pids) > 0 }) {
		c.t.Fatalf("no ffmpeg started within %s", timeout)
	}
	return pids[0]
}

// noFFmpegLeft fails the test when an ffmpeg of the cluster is still running
// a moment after its parent was killed.
func (c *cluster) noFFmpegLeft() {
	c.t.Helper()
	var pids []int
	if !poll.Every(20*time.Millisecond, 3*time.Second, func() bool { pids = c.ffmpegs(); return len(pids) == 0 }) {
		for _, p := range pids {
			_ = syscall.Kill(p, syscall.SIGKILL)
		}
		c.t.Fatalf("ffmpeg %v outlived its killed parent", pids)
	}
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}
