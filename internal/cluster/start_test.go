package cluster_test

import (
	"context"
	"testing"

	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/s3test"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// startCluster builds the vidra binary and starts a cluster of it on the
// tests' PostgreSQL (o's Binary, Dir and PostgresURL are filled in), stopped
// when the test ends, with the processes' logs shown when it failed. It skips
// in -short mode, and without the S3 gateway or HAProxy unless the tests'
// dependencies are required.
func startCluster(t *testing.T, o cluster.Options) *cluster.Cluster {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a cluster of processes")
	}
	o.PostgresURL = testdb.PostgresURL(t)
	for _, find := range []func() (string, error){s3test.Find, cluster.FindProxy} {
		if _, err := find(); err != nil {
			if browsertest.Required() {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
	o.Dir = t.TempDir()
	var err error
	if o.Binary, err = cluster.Build(o.Dir); err != nil {
		t.Fatal(err)
	}
	c, err := cluster.Start(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Stop)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("cluster logs (tails):\n%s", c.Logs(6000))
		}
	})
	return c
}
