package main

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/vidra-dev/vidra/internal/cluster"
)

// Cluster mode (BENCH_MODE=cluster, `make bench-cluster`): the REST list against
// one API replica directly and through HAProxy over all the replicas of an
// internal/cluster deployment (no workers) running on the benchmark database, so
// a reader can size a deployment from a replica's CPU per request and memory, and
// see what the proxy and the extra replicas cost on one machine.

// clusterRuns are the two runs of a pass.
var clusterRuns = []step{
	{id: "direct", server: "r1", desc: "REST `GET /v1/projects/{id}/videos?limit=50` against replica r1 directly",
		script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=" + restPath}},
	{id: "proxy", server: "haproxy", desc: "the same request through HAProxy, round robin over every replica",
		script: "get-rotate.lua", env: []string{"PATH_TEMPLATE=" + restPath}},
}

// clusterBench is a cluster-mode run: the shared bench plus the deployment.
type clusterBench struct {
	*bench
	c *cluster.Cluster
}

// runCluster is the cluster mode of run, with the vidra binary run has built
// into binDir.
func runCluster(ctx context.Context, log *slog.Logger, root string, o options, binDir, vidraBin string) error {
	if _, err := cluster.FindProxy(); err != nil {
		return err
	}
	b := &bench{o: o, log: log, root: root, binDir: binDir}
	defer b.stopServers()
	if err := b.openAdmin(ctx); err != nil {
		return err
	}
	b.vidraBin = vidraBin
	b.vidraDSN = dbURL(o.adminURL, o.vidraDB, "", "")
	// Seeds the database when it does not hold this version's seed (with the single
	// Vidra bench-http runs), then that Vidra is stopped: the cluster replaces it.
	if err := b.prepareVidra(ctx); err != nil {
		return err
	}
	note, err := applyKitSettings(ctx, b.admin, o.kitDir, o.vidraDB)
	if err != nil {
		return err
	}
	b.settingsNote = note
	b.vidra.stop()

	dir := filepath.Join(o.resultsDir, "cluster")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	log.Info("starting the cluster", "replicas", o.replicas, "dir", dir)
	c, err := cluster.Start(ctx, cluster.Options{Replicas: o.replicas, Workers: 0, Binary: vidraBin, Dir: dir,
		DatabaseURL: b.vidraDSN})
	if err != nil {
		return fmt.Errorf("start the cluster: %w", err)
	}
	defer c.Stop()
	cb := &clusterBench{bench: b, c: c}
	b.client = newVidraClient(c.URL)
	if err := b.client.login(ctx); err != nil {
		return fmt.Errorf("sign in through the proxy: %w", err)
	}
	if err := cb.check(ctx); err != nil {
		return err
	}
	results, err := cb.measure(ctx)
	if err != nil {
		return err
	}
	return cb.report(ctx, results)
}

// directURL is replica r1's own address, which the direct run loads.
func (cb *clusterBench) directURL() string { return "http://" + cb.c.Replicas()[0].Addr }

// check fetches the page once directly and once through the proxy: both must be
// a full page of 50 videos, so no figure stands for errors.
func (cb *clusterBench) check(ctx context.Context) error {
	path := fmt.Sprintf(restPath, cb.vidraProjects[0])
	for _, base := range []string{cb.directURL(), cb.c.URL} {
		c := *cb.client
		c.base = base
		body, err := c.get(ctx, path)
		if err != nil {
			return fmt.Errorf("REST page from %s: %w", base, err)
		}
		var doc any
		if err := json.Unmarshal(body, &doc); err != nil {
			return fmt.Errorf("REST page from %s: not JSON: %w", base, err)
		}
		if n := count(doc, "result"); n != 50 {
			return fmt.Errorf("REST page from %s: result has %d items, want 50: %.600s", base, n, body)
		}
	}
	return nil
}

// measure runs every pass: direct then proxy on odd passes, proxy then direct on
// even ones, so a drift of the shared box's load does not favour one side.
func (cb *clusterBench) measure(ctx context.Context) (map[int]map[string]result, error) {
	script := filepath.Join(cb.root, "bench", "http", "lua", "get-rotate.lua")
	var replicaPIDs []int
	for _, p := range cb.c.Replicas() {
		replicaPIDs = append(replicaPIDs, p.Pid())
	}
	out := map[int]map[string]result{}
	for pass := 1; pass <= cb.o.passes; pass++ {
		out[pass] = map[string]result{}
		order := []step{clusterRuns[0], clusterRuns[1]}
		if pass%2 == 0 {
			order[0], order[1] = order[1], order[0]
		}
		for _, st := range order {
			if err := cb.client.renew(ctx); err != nil {
				return nil, fmt.Errorf("renew the access token: %w", err)
			}
			env := append(append([]string{}, st.env...), "AUTHORIZATION=Bearer "+cb.client.access,
				"PROJECT_IDS="+csv(cb.vidraProjects))
			url, roots := cb.directURL(), replicaPIDs[:1]
			if st.id == "proxy" {
				// The replicas first, then HAProxy, in the order the report reads them.
				url, roots = cb.c.URL, append(append([]int{}, replicaPIDs...), cb.c.ProxyPid())
			}
			r, err := cb.runLoad(ctx, pass, st, env, script, url, roots...)
			if err != nil {
				return nil, err
			}
			out[pass][st.id] = r
		}
	}
	return out, nil
}
