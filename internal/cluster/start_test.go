package cluster_test

import (
	"context"
	"testing"

	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/s3test"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// startTestCluster starts a cluster of the real binary (replicas API replicas
// and workers `vidra worker` processes, env added to each) that the test's end
// stops, printing the processes' logs when it failed; the test is skipped when
// the S3 server or HAProxy is missing (unless the browser tests are required).
func startTestCluster(t *testing.T, replicas, workers int, env ...string) *cluster.Cluster {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a cluster of processes")
	}
	pg := testdb.PostgresURL(t)
	for _, find := range []func() (string, error){s3test.Find, cluster.FindProxy} {
		if _, err := find(); err != nil {
			if browsertest.Required() {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
	dir := t.TempDir()
	bin, err := cluster.Build(dir)
	if err != nil {
		t.Fatal(err)
	}
	c, err := cluster.Start(context.Background(), cluster.Options{Binary: bin, Dir: dir, PostgresURL: pg,
		Replicas: replicas, Workers: workers, Env: env})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("cluster logs (tails):\n%s", c.Logs(6000))
		}
		c.Stop()
	})
	return c
}
