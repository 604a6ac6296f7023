package cluster_test

import (
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/cluster"
)

// TestSubscriptionResumesOnAnotherReplica: two API replicas of the real
// binary on one PostgreSQL. A subscriber connected to r1 follows a video and
// a project's webhook deliveries; r1 is killed (SIGKILL), changes are made
// through r2 meanwhile, and the subscriber, connecting to r2 with the cursor
// of the last event it received, gets exactly what it missed
// (apptest.SubscriptionResume), which the change log written by r2's
// transactions holds.
func TestSubscriptionResumesOnAnotherReplica(t *testing.T) {
	c := startCluster(t, cluster.Options{Replicas: 2, Env: []string{"VIDRA_ALLOW_PRIVATE_NETWORKS=true"}})
	api := apptest.Remote(t, c.URL)
	api.Token = api.SignUp(apptest.DefaultEmail, apptest.DefaultPassword, "Owner").AccessToken
	api.Client.Transport = &http.Transport{DisableKeepAlives: true}
	project := api.CreateProject(api.CreateOrganization("Cluster"), "Resume")
	api.MustGraphQL(`mutation($p: ID!) { createWebhookEndpoint(projectID: $p, input: {url: "http://127.0.0.1:9/hook", eventTypes: ["video.created"]}) { endpoint { id } } }`,
		map[string]any{"p": project}, nil)
	replica := func(name string) *apptest.Server {
		s := apptest.Remote(t, "http://"+c.Process(name).Addr)
		s.Token = api.Token
		return s
	}
	apptest.SubscriptionResume(t, replica("r1"), replica("r2"), project, func(*apptest.WSConn) {
		if err := c.Kill("r1"); err != nil {
			t.Fatal(err)
		}
	})
}
