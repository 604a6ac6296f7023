// Package cluster starts a Vidra deployment of several processes on one machine:
// API replicas (VIDRA_WORKERS=false) and `vidra worker` processes of the real
// binary over one PostgreSQL database and one S3-compatible server (versitygw),
// behind HAProxy (round robin, no stickiness). The chaos test kills and
// restarts its processes; `make demo-cluster` starts one for people to try.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/s3test"
)

// Options shape a cluster.
type Options struct {
	// Replicas is how many API replicas run (default 3).
	Replicas int
	// Workers is how many `vidra worker` processes run; 0 runs none (an API-only
	// deployment, as the benchmark wants).
	Workers int
	// Binary is the vidra binary to run (see Build).
	Binary string
	// Dir holds the processes' data directories, logs, the S3 gateway's files and
	// the proxy's configuration.
	Dir string
	// PostgresURL reaches a PostgreSQL server where the cluster's own database is
	// created (and dropped by Stop).
	PostgresURL string
	// DatabaseURL, when set, is an existing database the cluster runs on instead
	// of creating one (PostgresURL is then unused); Stop leaves it in place.
	DatabaseURL string
	// Env is added to every Vidra process's environment (VIDRA_*).
	Env []string
}

// Cluster is a running deployment.
type Cluster struct {
	// URL is the proxy's address: what clients use.
	URL string
	// DatabaseURL is the cluster's database.
	DatabaseURL string
	// S3 is the storage server.
	S3 *s3test.Server

	opts    Options
	mu      sync.Mutex
	procs   map[string]*Process
	order   []string
	proxy   *exec.Cmd
	stopS3  func()
	dropDB  func() error
	logFile *os.File
}

// Process is one Vidra process of the cluster.
type Process struct {
	// Name is r1, r2, ... for replicas and w1, w2, ... for workers.
	Name string
	// Addr is a replica's listen address (empty for workers).
	Addr string
	args []string
	env  []string
	log  string
	// dataDir is the process's own VIDRA_DATA_DIR.
	dataDir string
	cmd     *exec.Cmd
	done    chan struct{}
}

// Start brings a cluster up: database, storage, replicas and workers (each
// waited for), then the proxy. On error what was started is stopped.
func Start(ctx context.Context, o Options) (c *Cluster, err error) {
	if o.Replicas == 0 {
		o.Replicas = 3
	}
	started := &Cluster{opts: o, procs: map[string]*Process{}}
	c = started
	defer func() {
		if err != nil {
			// c is nil on error: stop what was started through its own pointer.
			started.Stop()
		}
	}()
	if c.logFile, err = os.Create(filepath.Join(o.Dir, "versitygw.log")); err != nil {
		return nil, err
	}
	bin, err := s3test.Find()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Join(o.Dir, "s3"), 0o750); err != nil {
		return nil, err
	}
	if c.S3, c.stopS3, err = s3test.Launch(bin, filepath.Join(o.Dir, "s3"), c.logFile); err != nil {
		return nil, err
	}
	if o.DatabaseURL != "" {
		c.DatabaseURL = o.DatabaseURL
	} else if c.DatabaseURL, c.dropDB, err = createDatabase(ctx, o.PostgresURL); err != nil {
		return nil, err
	}
	proxyAddr, err := freeAddr()
	if err != nil {
		return nil, err
	}
	c.URL = "http://" + proxyAddr
	base := append([]string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"),
		"VIDRA_DATABASE_URL=" + c.DatabaseURL,
		"VIDRA_STORAGE_URL=" + c.S3.StorageURL(),
		"VIDRA_PUBLIC_URL=" + c.URL,
		"VIDRA_TRUSTED_PROXIES=127.0.0.1/32",
		// Shared secrets: any replica verifies what another signed.
		"VIDRA_JWT_SECRET=cluster-jwt-secret-0123456789abcdef0123456789",
		"VIDRA_PLAYBACK_SECRET=cluster-playback-secret-0123456789abcdef",
		"VIDRA_LOG_FORMAT=text",
		// API replicas and workers are no live ingest nodes (`vidra ingest` is its
		// own role); each would bind the same RTMP and SRT ports.
		"VIDRA_INGEST=false",
	}, c.S3.Environ()...)
	base = append(base, o.Env...)
	var replicas []string
	for i := 1; i <= o.Replicas; i++ {
		p, err := c.launchReplica(ctx, fmt.Sprintf("r%d", i), base)
		if err != nil {
			return nil, err
		}
		replicas = append(replicas, p.Addr)
	}
	for i := 1; i <= o.Workers; i++ {
		p := c.add(fmt.Sprintf("w%d", i), "", []string{"worker"}, base)
		if err := c.launch(ctx, p); err != nil {
			return nil, err
		}
	}
	if c.proxy, err = startProxy(o.Dir, proxyAddr, replicas); err != nil {
		return nil, err
	}
	return c, waitHTTP(ctx, c.URL+"/health/live", 15*time.Second)
}

// launchReplica starts an API replica on a free address, and again on a fresh
// one when it could not bind the one it was given: freeAddr's port was free a
// moment before, and another test's server may take it meanwhile (its
// /health/live then answers for the replica that exited). Three tries.
func (c *Cluster) launchReplica(ctx context.Context, name string, base []string) (*Process, error) {
	for try := 1; ; try++ {
		addr, err := freeAddr()
		if err != nil {
			return nil, err
		}
		p := c.add(name, addr, nil, append(base, "VIDRA_ADDR="+addr, "VIDRA_WORKERS=false"))
		if err := c.launch(ctx, p); err != nil {
			return nil, err
		}
		if !exitedAfterListening(p) {
			return p, nil
		}
		if try == 3 {
			return nil, fmt.Errorf("%s could not bind an address in %d tries; see %s", name, try, p.log)
		}
	}
}

// exitedAfterListening waits until p has logged that its main listener
// starts on its address (it binds right after) and reports whether it exited
// then: it could not bind.
func exitedAfterListening(p *Process) bool {
	text := "listener=main addr=" + p.Addr              // VIDRA_LOG_FORMAT=text
	json := `"listener":"main","addr":"` + p.Addr + `"` // json
	logged := poll.Within(30*time.Second, func() bool {
		b, _ := os.ReadFile(p.log)
		return strings.Contains(string(b), text) || strings.Contains(string(b), json) || isDone(p.done)
	})
	if !logged || isDone(p.done) {
		return isDone(p.done)
	}
	// A failed bind ends the process within milliseconds of that line.
	select {
	case <-p.done:
		return true
	case <-time.After(500 * time.Millisecond):
		return false
	}
}

// isDone reports whether a process's done channel is closed.
func isDone(done chan struct{}) bool {
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// add records a process; each has its own data directory and log file.
func (c *Cluster) add(name, addr string, args, env []string) *Process {
	dir := filepath.Join(c.opts.Dir, name)
	p := &Process{Name: name, Addr: addr, args: args, log: filepath.Join(c.opts.Dir, name+".log"), dataDir: dir,
		// Its own TMPDIR too, so its ffmpeg work files (and command lines) name its directory.
		env: append(append([]string{}, env...), "VIDRA_DATA_DIR="+dir, "TMPDIR="+filepath.Join(dir, "tmp"))}
	_ = os.MkdirAll(filepath.Join(dir, "tmp"), 0o750)
	c.mu.Lock()
	if _, again := c.procs[name]; !again {
		c.order = append(c.order, name)
	}
	c.procs[name] = p
	c.mu.Unlock()
	return p
}

// launch starts a process and waits until it serves (replicas) or until it has
// had a moment to fail (workers).
func (c *Cluster) launch(ctx context.Context, p *Process) error {
	logw, err := os.OpenFile(p.log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o640)
	if err != nil {
		return err
	}
	cmd := exec.Command(c.opts.Binary, p.args...)
	cmd.Env = p.env
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		_ = logw.Close()
		return fmt.Errorf("start %s: %w", p.Name, err)
	}
	p.cmd, p.done = cmd, make(chan struct{})
	go func(done chan struct{}) {
		_ = cmd.Wait()
		_ = logw.Close()
		close(done)
	}(p.done)
	if p.Addr != "" {
		return waitHTTP(ctx, "http://"+p.Addr+"/health/live", 60*time.Second)
	}
	select {
	case <-p.done:
		return fmt.Errorf("%s exited at start; see %s", p.Name, p.log)
	case <-time.After(time.Second):
		return nil
	}
}

// Process returns the named process (r1.., w1..).
func (c *Cluster) Process(name string) *Process {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.procs[name]
}

// Kill sends SIGKILL to a process and waits for it to be gone.
func (c *Cluster) Kill(name string) error {
	p := c.Process(name)
	if p == nil || p.cmd == nil {
		return fmt.Errorf("no process %q", name)
	}
	if err := p.cmd.Process.Signal(syscall.SIGKILL); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return err
	}
	<-p.done
	return nil
}

// Restart starts a killed (or exited) process again, with the same settings.
func (c *Cluster) Restart(ctx context.Context, name string) error {
	p := c.Process(name)
	if p == nil {
		return fmt.Errorf("no process %q", name)
	}
	select {
	case <-p.done:
	default:
		return fmt.Errorf("%s is still running", name)
	}
	return c.launch(ctx, p)
}

// DataDir is the process's VIDRA_DATA_DIR.
func (p *Process) DataDir() string { return p.dataDir }

// Pid is a running process's id.
func (p *Process) Pid() int { return p.cmd.Process.Pid }

// ProxyPid is HAProxy's process id.
func (c *Cluster) ProxyPid() int { return c.proxy.Process.Pid }

// Replicas are the API replicas, r1 first.
func (c *Cluster) Replicas() []*Process {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []*Process
	for _, name := range c.order {
		if p := c.procs[name]; p.Addr != "" {
			out = append(out, p)
		}
	}
	return out
}

// LogPath is where the process writes its log.
func (p *Process) LogPath() string { return p.log }

// Stop ends every process (SIGTERM, then SIGKILL after 10 s), the proxy and the
// storage, and drops the database.
func (c *Cluster) Stop() {
	if c.proxy != nil && c.proxy.Process != nil {
		_ = c.proxy.Process.Kill()
		_ = c.proxy.Wait()
	}
	for _, name := range c.order {
		p := c.procs[name]
		if p.cmd == nil {
			continue
		}
		_ = p.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-p.done:
		case <-time.After(10 * time.Second):
			_ = p.cmd.Process.Kill()
			<-p.done
		}
	}
	if c.stopS3 != nil {
		c.stopS3()
	}
	if c.logFile != nil {
		_ = c.logFile.Close()
	}
	if c.dropDB != nil {
		_ = c.dropDB()
	}
}

// Logs returns the tail of every process's log, to show when a test fails.
func (c *Cluster) Logs(maxBytes int64) string {
	var out string
	for _, name := range c.order {
		f, err := os.Open(c.procs[name].log)
		if err != nil {
			continue
		}
		st, _ := f.Stat()
		if st != nil && st.Size() > maxBytes {
			_, _ = f.Seek(st.Size()-maxBytes, io.SeekStart)
		}
		b, _ := io.ReadAll(f)
		_ = f.Close()
		out += "==== " + name + "\n" + string(b)
	}
	return out
}

// freeAddr is a free loopback address.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer func() { _ = ln.Close() }()
	return ln.Addr().String(), nil
}

// waitHTTP waits until url answers 200.
func waitHTTP(ctx context.Context, url string, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("%s did not answer 200 within %s: %w", url, timeout, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
