package graph_test

import (
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

func TestErrorCodes(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		s.CreateTag(proj, "intro")
		const unknown = "01900000-0000-7000-8000-000000000000"
		cases := []struct {
			name, query string
			vars        map[string]any
			code, field string
		}{
			{"malformed id literal", `{ video(id: "nope") { id } }`, nil, "BAD_REQUEST", ""},
			{"malformed id variable", `query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": "nope"}, "BAD_REQUEST", ""},
			{"unknown id", `query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": unknown}, "NOT_FOUND", ""},
			{"syntax", `{ video(id: `, nil, "GRAPHQL_PARSE_FAILED", ""},
			{"unknown field", `{ nothing }`, nil, "GRAPHQL_VALIDATION_FAILED", ""},
			{"empty title", `mutation($p: ID!) { createVideo(input: {projectID: $p, title: ""}) { id } }`, map[string]any{"p": proj}, "INVALID_INPUT", "title"},
			{"title too long", `mutation($p: ID!, $t: String!) { createVideo(input: {projectID: $p, title: $t}) { id } }`, map[string]any{"p": proj, "t": strings.Repeat("x", 501)}, "INVALID_INPUT", "title"},
			{"unknown project in input", `mutation($p: ID!) { createVideo(input: {projectID: $p, title: "x"}) { id } }`, map[string]any{"p": unknown}, "INVALID_INPUT", "projectID"},
			{"unknown organization in input", `mutation($o: ID!) { createProject(input: {organizationID: $o, name: "x"}) { id } }`, map[string]any{"o": unknown}, "INVALID_INPUT", "organizationID"},
			{"duplicate tag", `mutation($p: ID!) { createTag(input: {projectID: $p, name: "intro"}) { id } }`, map[string]any{"p": proj}, "CONFLICT", "name"},
			{"update unknown", `mutation($id: ID!) { updateProject(id: $id, input: {name: "x"}) { id } }`, map[string]any{"id": unknown}, "NOT_FOUND", ""},
			{"delete unknown", `mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": unknown}, "NOT_FOUND", ""},
		}
		for _, c := range cases {
			res := s.GraphQL(c.query, c.vars)
			if len(res.Errors) == 0 {
				t.Errorf("%s: no error, data %s", c.name, res.Data)
				continue
			}
			e := res.Errors[0]
			if e.Code() != c.code {
				t.Errorf("%s: code %q (%s), want %q", c.name, e.Code(), e.Message, c.code)
			}
			if c.field != "" && e.Extensions["field"] != c.field {
				t.Errorf("%s: field %v, want %q", c.name, e.Extensions["field"], c.field)
			}
			if e.Code() == "INTERNAL" {
				t.Errorf("%s: a client mistake reported as internal: %s", c.name, e.Message)
			}
		}
	})
}

func TestFailedMutationRollsBackEveryField(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Docs")
		res := s.GraphQL(`mutation($p: ID!) {
			ok: createVideo(input: {projectID: $p, title: "kept?"}) { id }
			bad: createVideo(input: {projectID: $p, title: ""}) { id }
		}`, map[string]any{"p": proj})
		if len(res.Errors) != 1 || res.Errors[0].Code() != "INVALID_INPUT" {
			t.Fatalf("errors = %+v", res.Errors)
		}
		n, err := s.App.DB.Client.Video.Query().Count(apptest.System())
		if err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("%d videos after a failed mutation, want 0 (the first field must roll back)", n)
		}
	})
}
