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

// startCluster builds the binary and starts a cluster of it (o's Binary, Dir
// and PostgresURL are filled in), stopped when the test ends, whose processes'
// logs are shown when the test fails. Without versitygw or HAProxy the test is
// skipped, or fails where the tests' dependencies are required.
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
	bin, err := cluster.Build(o.Dir)
	if err != nil {
		t.Fatal(err)
	}
	o.Binary = bin
	c, err := cluster.Start(context.Background(), o)
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

// ownerClient is a client of the cluster's API, signed up as the owner, that
// opens a new connection for every request, so each is balanced anew.
func ownerClient(t *testing.T, c *cluster.Cluster) *apptest.Server {
	t.Helper()
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	api.Client.Transport = &http.Transport{DisableKeepAlives: true}
	return api
}
