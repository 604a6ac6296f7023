package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"time"
)

// server is a process this benchmark started (Vidra, the anchor, PostGraphile);
// it is stopped by its PID.
type server struct {
	name string
	addr string
	cmd  *exec.Cmd
	log  string
	done chan struct{}
}

// startServer runs bin with env added to ours, its output going to logPath.
func startServer(name, addr, logPath string, env []string, bin string, args ...string) (*server, error) {
	f, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s: %w", name, err)
	}
	s := &server{name: name, addr: addr, cmd: cmd, log: logPath, done: make(chan struct{})}
	go func() {
		// A server stopped by a signal exits non-zero: how it ended is in
		// its log, and done is what the bench waits on.
		_ = cmd.Wait()
		f.Close()
		close(s.done)
	}()
	return s, nil
}

// pid is the server's process id, the root of the tree its CPU is counted over.
func (s *server) pid() int { return s.cmd.Process.Pid }

// waitReady polls url until it answers below 500, the process exits or the time is up.
func (s *server) waitReady(ctx context.Context, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		select {
		case <-s.done:
			return fmt.Errorf("%s exited during start-up; see %s:\n%s", s.name, s.log, fileTail(s.log))
		case <-ctx.Done():
			return ctx.Err()
		default:
		}
		resp, err := http.Get(url)
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode < 500 {
				return nil
			}
		}
		time.Sleep(250 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer %s within %s; see %s", s.name, url, timeout, s.log)
}

// stop sends SIGTERM and waits, then SIGKILL after 15 s.
func (s *server) stop() {
	select {
	case <-s.done:
		return
	default:
	}
	// The process may have exited since done was looked at: a signal to
	// it then fails, and done is closed anyway.
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-s.done:
	case <-time.After(15 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// freeAddr is a loopback address with a port nothing listens on now.
func freeAddr() (string, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer func() { _ = l.Close() }()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port), nil
}

func fileTail(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	return tail(b)
}
