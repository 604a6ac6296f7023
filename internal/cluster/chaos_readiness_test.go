package cluster_test

import (
	"context"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/cluster"
)

// readinessWatch asks every API replica's /health/ready directly, as the
// load balancer does, every readinessEvery, for the whole test. A replica the
// test is about to kill is not counted from then (killing) until its first
// ready answer after its restart (restarted); any other failed check is a
// false failure: the balancer would have taken a live replica out of service.
type readinessWatch struct {
	mu sync.Mutex
	// down holds the replicas the test kills (false) or restarted (true) and
	// that have not answered ready since their restart.
	down map[string]bool
	// checks and failures count the checks of live replicas; failed keeps the
	// first failures to show.
	checks, failures int
	failed           []string
	stop             context.CancelFunc
	done             sync.WaitGroup
}

// readinessEvery is how often each replica is checked (HAProxy's inter is 2 s).
const readinessEvery = 250 * time.Millisecond

// watchReadiness starts checking the cluster's replicas.
func watchReadiness(c *cluster.Cluster) *readinessWatch {
	ctx, cancel := context.WithCancel(context.Background())
	w := &readinessWatch{down: map[string]bool{}, stop: cancel}
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	for _, p := range c.Replicas() {
		w.done.Add(1)
		go func(name, url string) {
			defer w.done.Done()
			tick := time.NewTicker(readinessEvery)
			defer tick.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-tick.C:
				}
				w.check(client, name, url)
			}
		}(p.Name, "http://"+p.Addr+"/health/ready")
	}
	return w
}

// check asks one replica once and counts the answer.
func (w *readinessWatch) check(client *http.Client, name, url string) {
	w.mu.Lock()
	restarted, wasDown := w.down[name]
	w.mu.Unlock()
	resp, err := client.Get(url)
	ok := err == nil && resp.StatusCode == http.StatusOK
	why := ""
	if err != nil {
		why = err.Error()
	} else {
		why = resp.Status
		if !ok {
			// The body names the failed checks and their errors: keep them.
			body, _ := io.ReadAll(io.LimitReader(resp.Body, 2048))
			why += " " + string(body)
		}
		_ = resp.Body.Close()
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if r, d := w.down[name]; d != wasDown || r != restarted {
		return // killed or back while the check ran: it says nothing
	}
	if wasDown {
		if ok && restarted {
			delete(w.down, name)
		}
		return
	}
	w.checks++
	if !ok {
		w.failures++
		if len(w.failed) < 10 {
			w.failed = append(w.failed, time.Now().Format("15:04:05.000")+" "+name+": "+why)
		}
	}
}

// killing marks a replica as going down: its checks no longer count until it
// answers ready after restarted.
func (w *readinessWatch) killing(name string) {
	w.mu.Lock()
	w.down[name] = false
	w.mu.Unlock()
}

// restarted marks a killed replica as started again: it counts from its first
// ready answer on.
func (w *readinessWatch) restarted(name string) {
	w.mu.Lock()
	if _, ok := w.down[name]; ok {
		w.down[name] = true
	}
	w.mu.Unlock()
}

// expectNoFalseFailures stops the checks and fails the test if a live replica
// was ever reported not ready.
func (w *readinessWatch) expectNoFalseFailures(t *testing.T) {
	t.Helper()
	w.stop()
	w.done.Wait()
	w.mu.Lock()
	defer w.mu.Unlock()
	t.Logf("readiness: %d checks of live replicas, %d failed", w.checks, w.failures)
	if w.checks == 0 {
		t.Error("readiness: no check of a live replica ran")
	}
	if w.failures > 0 {
		t.Errorf("readiness: live replicas reported not ready %d times, first: %v", w.failures, w.failed)
	}
}
