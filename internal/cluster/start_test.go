package cluster_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/s3test"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// startCluster starts three API replicas and workers of the real binary with
// env added, on PostgreSQL and versitygw behind HAProxy, stopped at cleanup,
// their logs' tails logged when the test failed. The test is skipped with
// -short, or when versitygw or HAProxy is missing unless browser tests are
// required. It returns the cluster and a client of its API, signed up as the
// owner, that opens a new connection for every request (each is balanced anew).
func startCluster(t *testing.T, workers int, env ...string) (*cluster.Cluster, *apptest.Server) {
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
		Workers: workers, Env: env})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("cluster logs (tails):\n%s", c.Logs(6000))
		}
		c.Stop()
	})
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	api.Client.Transport = &http.Transport{DisableKeepAlives: true}
	return c, api
}
