package rest

import (
	"bytes"
	"strings"
	"testing"
)

// TestListRowsAskForRESTKeys compiles the video list row: its nodes' fields
// are aliased to their REST keys in the operation it executes, so its node
// shape is an identity and a node is copied as it comes; the route table's own
// text is left as written. A list whose nodes use a fragment keeps its
// operation and converts member by member.
func TestListRowsAskForRESTKeys(t *testing.T) {
	schema := executableSchema()
	var videos Route
	for _, r := range videoRoutes() {
		if r.Method == "GET" && r.Path == "/projects/{projId}/videos" {
			videos = r
		}
	}
	written := videos.Operation
	c, err := compile(schema, videos)
	if err != nil {
		t.Fatal(err)
	}
	if videos.Operation != written {
		t.Error("compiling changed the route table's operation")
	}
	for _, want := range []string{"created_at: createdAt", "embed_code: embedCode", "folder_id: folderID"} {
		if !strings.Contains(c.Operation, want) {
			t.Errorf("executed operation lacks %q:\n%s", want, c.Operation)
		}
	}
	if !c.connection.node.identity {
		t.Fatal("the aliased node shape is not an identity")
	}
	in := `{"edges":[{"node":{"id":"a","created_at":"t","metadata":{"camelKey":1}}},{"node":{"id":"b","created_at":"u","metadata":null}}],` +
		`"pageInfo":{"hasNextPage":true,"endCursor":"c"}}`
	var buf bytes.Buffer
	page, err := convertConnection(&buf, []byte(in), c.connection)
	if err != nil {
		t.Fatal(err)
	}
	if want := `[{"id":"a","created_at":"t","metadata":{"camelKey":1}},{"id":"b","created_at":"u","metadata":null}]`; buf.String() != want {
		t.Errorf("nodes: got %s, want %s", buf.String(), want)
	}
	if !page.HasMore || page.NextCursor == nil || *page.NextCursor != "c" {
		t.Errorf("pagination: %+v", page)
	}

	fragment := Route{Method: "GET", Path: "/projects/{projId}/videos", ResultPath: "videos", Message: "videos fetched",
		Operation: `query Videos($projId: ID!) { project(id: $projId) { videos { edges { node { ...row } } pageInfo { hasNextPage endCursor } } } }
			fragment row on Video { id createdAt }`}
	c, err = compile(schema, fragment)
	if err != nil {
		t.Fatal(err)
	}
	if c.Operation != fragment.Operation || c.connection.node.identity {
		t.Errorf("a fragment's row was aliased:\n%s", c.Operation)
	}
	buf.Reset()
	if _, err := convertConnection(&buf, []byte(`{"edges":[{"node":{"id":"a","createdAt":"t"}}],"pageInfo":{"hasNextPage":false,"endCursor":null}}`), c.connection); err != nil {
		t.Fatal(err)
	}
	if want := `[{"id":"a","created_at":"t"}]`; buf.String() != want {
		t.Errorf("fragment row: got %s, want %s", buf.String(), want)
	}

	// A fragment above the connection could select the same nodes again
	// where they are used elsewhere: no row with fragments is aliased.
	above := Route{Method: "GET", Path: "/projects/{projId}/videos", ResultPath: "videos", Message: "videos fetched",
		Operation: `query Videos($projId: ID!) { project(id: $projId) { ...p } }
			fragment p on Project { videos { edges { node { id createdAt } } pageInfo { hasNextPage endCursor } } }`}
	if c, err = compile(schema, above); err != nil {
		t.Fatal(err)
	}
	if c.Operation != above.Operation {
		t.Errorf("a row with a fragment was aliased:\n%s", c.Operation)
	}
}
