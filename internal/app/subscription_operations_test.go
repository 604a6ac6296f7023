package app_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestWebsocketRefusesQueriesAndMutations: a mutation or query sent over the
// subscription websocket, on either subprotocol, is answered with the
// protocol's error message naming the reason, runs nothing (no project is
// created) and panics nowhere; the connection stays usable for subscriptions.
func TestWebsocketRefusesQueriesAndMutations(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Org")
		s.SwitchOrganization(org)
		project := s.CreateProject(org, "P")
		videoID := s.CreateVideo(project, "", "v")
		const createProject = `mutation { createProject(input: {name: "over ws"}) { id } }`

		c, code, err := s.DialWS(bearer(s))
		if err != nil {
			t.Fatalf("connect: %v (close %d)", err, code)
		}
		for id, q := range map[string]string{"m": createProject, "q": `{ organizations(first: 1) { totalCount } }`} {
			c.Subscribe(id, q, nil)
			m := c.Next(id, 10*time.Second)
			errs := m.Errors()
			if m.Type != "error" || len(errs) != 1 || errs[0].Code() != "SUBSCRIPTIONS_ONLY" ||
				!strings.Contains(errs[0].Message, "carries subscriptions only") {
				t.Fatalf("%s over graphql-transport-ws: %s %s, want an error message SUBSCRIPTIONS_ONLY", id, m.Type, m.Payload)
			}
		}
		// The connection still carries subscriptions.
		c.Subscribe("v", videoSubscription, map[string]any{"id": videoID})
		if m := c.Next("v", 10*time.Second); m.Type != "next" {
			t.Fatalf("subscription after the refusals: %s %s", m.Type, m.Payload)
		}

		// The legacy graphql-ws subprotocol: "start" a mutation.
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		// coder/websocket's Dial: "You never need to close resp.Body yourself."
		conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.URL, "http")+"/graphql", //nolint:bodyclose // Dial closes it
			&websocket.DialOptions{Subprotocols: []string{"graphql-ws"}})
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = conn.CloseNow() }()
		send := func(m map[string]any) {
			b, _ := json.Marshal(m)
			if err := conn.Write(ctx, websocket.MessageText, b); err != nil {
				t.Fatal(err)
			}
		}
		send(map[string]any{"type": "connection_init", "payload": bearer(s)})
		send(map[string]any{"id": "1", "type": "start", "payload": map[string]any{"query": createProject}})
		var got []string
		for len(got) == 0 || got[len(got)-1] != "complete" {
			_, b, err := conn.Read(ctx)
			if err != nil {
				t.Fatalf("legacy: %v after %v", err, got)
			}
			var m struct {
				ID, Type string
				Payload  json.RawMessage
			}
			_ = json.Unmarshal(b, &m)
			if m.ID != "1" {
				continue
			}
			got = append(got, m.Type)
			if m.Type == "error" && !strings.Contains(string(m.Payload), "carries subscriptions only") {
				t.Fatalf("legacy error: %s", m.Payload)
			}
		}
		if strings.Join(got, ",") != "error,complete" {
			t.Fatalf("legacy graphql-ws: messages %v, want error then complete", got)
		}

		var projects struct{ Projects struct{ TotalCount int } }
		s.MustGraphQL(`{ projects(first: 1) { totalCount } }`, nil, &projects)
		if projects.Projects.TotalCount != 1 {
			t.Fatalf("%d projects after refused mutations, want 1", projects.Projects.TotalCount)
		}
		if s.LogContains("panicked") {
			t.Fatal("the server logged a panic")
		}
	}, apptest.Options{Env: map[string]string{"VIDRA_WORKERS": "false"}})
}
