package cluster

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// FindProxy locates HAProxy: $VIDRA_HAPROXY, else haproxy on PATH (Debian's
// package, installed by scripts/deps-cluster.sh), else /usr/sbin/haproxy.
func FindProxy() (string, error) {
	if p := os.Getenv("VIDRA_HAPROXY"); p != "" {
		return p, nil
	}
	if p, err := exec.LookPath("haproxy"); err == nil {
		return p, nil
	}
	if _, err := os.Stat("/usr/sbin/haproxy"); err == nil {
		return "/usr/sbin/haproxy", nil
	}
	return "", fmt.Errorf("haproxy is not installed: run make test-deps (scripts/deps-cluster.sh)")
}

// proxyConfig is HAProxy's configuration: HTTP round robin over the replicas,
// no stickiness, a replica taken out after two failed checks of /health/ready
// half a second apart (the check docs/operations/deployment.md advises), and long tunnels
// for websockets.
func proxyConfig(listen string, replicas []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, `global
  maxconn 4096
defaults
  mode http
  option forwardfor
  option redispatch
  retries 2
  timeout connect 2s
  timeout client 10m
  timeout server 10m
  timeout tunnel 1h
frontend vidra
  bind %s
  default_backend replicas
backend replicas
  balance roundrobin
  option httpchk GET /health/ready
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1
`, listen)
	for i, r := range replicas {
		fmt.Fprintf(&b, "  server r%d %s check\n", i+1, r)
	}
	return b.String()
}

// startProxy writes the configuration and runs HAProxy in the foreground.
func startProxy(dir, listen string, replicas []string) (*exec.Cmd, error) {
	bin, err := FindProxy()
	if err != nil {
		return nil, err
	}
	cfg := filepath.Join(dir, "haproxy.cfg")
	if err := os.WriteFile(cfg, []byte(proxyConfig(listen, replicas)), 0o640); err != nil {
		return nil, err
	}
	logw, err := os.Create(filepath.Join(dir, "haproxy.log"))
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, "-db", "-f", cfg)
	cmd.Stdout, cmd.Stderr = logw, logw
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start haproxy: %w", err)
	}
	return cmd, nil
}
