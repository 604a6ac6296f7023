package browsertest_test

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/testproc"
)

// clientEvent is a line of browser/subscribe.mjs.
type clientEvent struct {
	Event  string
	ID     string
	Data   json.RawMessage
	Errors []apptest.GraphQLError
	Code   int
	Reason string
}

// graphqlWS runs browser/subscribe.mjs (the npm graphql-ws client) against s
// and returns its events as they come.
func graphqlWS(t *testing.T, s *apptest.Server, connectionParams map[string]any, subs []map[string]any) <-chan clientEvent {
	t.Helper()
	dir := browsertest.Modules(t)
	cfg, _ := json.Marshal(map[string]any{
		"url": "ws" + strings.TrimPrefix(s.URL, "http") + "/graphql", "connectionParams": connectionParams,
		"subscriptions": subs,
	})
	cmd := exec.Command("node", filepath.Join(dir, "subscribe.mjs"))
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "VIDRA_SUBSCRIBE="+string(cfg))
	out := testproc.Stdout(t, cmd)
	events := make(chan clientEvent, 64)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			var e clientEvent
			if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
				t.Errorf("client line %q: %v", sc.Text(), err)
				return
			}
			events <- e
		}
	}()
	return events
}

// nextEvent waits for the client's next event.
func nextEvent(t *testing.T, events <-chan clientEvent) clientEvent {
	t.Helper()
	select {
	case e, ok := <-events:
		if !ok {
			t.Fatal("the client ended")
		}
		return e
	case <-time.After(20 * time.Second):
		t.Fatal("no event from the client within 20 s")
	}
	return clientEvent{}
}

// TestGraphQLWSClient follows a video with the npm graphql-ws client: it
// connects with the bearer token in connection_init, gets the video, its
// rename and the completion when it is deleted; with a bad token the server
// closes the connection with 4403, which the client reports.
func TestGraphQLWSClient(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "first")
		sub := []map[string]any{{"id": "v", "query": `subscription($id: ID!) { videoUpdated(id: $id) { id title } }`,
			"variables": map[string]any{"id": videoID}}}

		events := graphqlWS(t, s, map[string]any{"Authorization": "Bearer " + s.Token}, sub)
		if e := nextEvent(t, events); e.Event != "connected" {
			t.Fatalf("first event %+v, want connected", e)
		}
		title := func() string {
			t.Helper()
			e := nextEvent(t, events)
			if e.Event != "next" || len(e.Errors) > 0 {
				t.Fatalf("event %+v, want next", e)
			}
			var v struct{ VideoUpdated struct{ Title string } }
			if err := json.Unmarshal(e.Data, &v); err != nil {
				t.Fatal(err)
			}
			return v.VideoUpdated.Title
		}
		if got := title(); got != "first" {
			t.Fatalf("first value %q", got)
		}
		s.MustGraphQL(`mutation($id: ID!) { updateVideo(id: $id, input: {title: "second"}) { id } }`, map[string]any{"id": videoID}, nil)
		// A late notice of the video's creation may send it once more first.
		for got := title(); got != "second"; got = title() {
			if got != "first" {
				t.Fatalf("value %q, want first again or second", got)
			}
		}
		s.MustGraphQL(`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": videoID}, nil)
		if e := nextEvent(t, events); e.Event != "complete" || e.ID != "v" {
			t.Fatalf("after delete: %+v, want complete", e)
		}

		refused := graphqlWS(t, s, map[string]any{"Authorization": "Bearer not-a-token"}, sub)
		if e := nextEvent(t, refused); e.Event != "closed" || e.Code != 4403 {
			t.Fatalf("bad token: %+v, want closed 4403", e)
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}
