package graph_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"

	"github.com/vidra-dev/vidra/graph/gqlserver"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestPostTransportAnswersAsGqlgens sends the same requests to the GraphQL
// handler and to one built with gqlgen's POST transport instead, and expects
// the same status, content type and bytes from both: data with characters
// encoding/json escapes and without, errors, refused operations, malformed
// bodies and each kind of Accept header.
func TestPostTransportAnswersAsGqlgens(t *testing.T) {
	s := apptest.New(t, testdb.Dialects(t)[0])
	project := s.CreateProject(s.CreateOrganization("transport"), "transport")
	for _, title := range []string{"Plain title", "Tom & Jerry <b>bold</b>", "line\u2028separator", "“curly” — dash ✓ 🎬", `quote " and \ backslash`} {
		s.CreateVideo(project, "", title)
	}
	ours := s.App.Resolver.Authenticate(s.App.Resolver.NewHandler(gqlserver.DefaultLimits))
	theirs := s.App.Resolver.Authenticate(s.App.Resolver.NewHandlerWithGqlgenPOST(gqlserver.DefaultLimits))

	list := `{"query":"query($p: ID!) { videos(first: 10, where: {projectID: $p}) { edges { node { id title status duration createdAt } } pageInfo { hasNextPage } } }","variables":{"p":"` + project + `"}}`
	plainOnly := `{"query":"query($p: ID!) { videos(first: 1, where: {projectID: $p, title: \"Plain title\"}) { edges { node { title } } } }","variables":{"p":"` + project + `"}}`
	bodies := map[string]string{
		"list":                 list,
		"plain data only":      plainOnly,
		"field error":          `{"query":"{ node(id: \"not-a-uuid\") { id } }"}`,
		"validation error":     `{"query":"{ noSuchField }"}`,
		"syntax error":         `{"query":"{ videos(first: "}`,
		"malformed body":       `{"query": `,
		"unknown variable":     `{"query":"query($n: Int!) { __typename }","variables":{"n":"x"}}`,
		"persisted query miss": `{"extensions":{"persistedQuery":{"version":1,"sha256Hash":"0000000000000000000000000000000000000000000000000000000000000000"}}}`,
		"typename":             `{"query":"{ __typename }","operationName":null}`,
	}
	accepts := []string{"", "application/json", "application/graphql-response+json", "*/*", "text/html", "text/html, application/*;q=0.8", "bad;;type, application/graphql-response+json"}
	for name, body := range bodies {
		for _, accept := range accepts {
			for _, token := range []string{s.Token, ""} {
				answer := func(h http.Handler) *httptest.ResponseRecorder {
					req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewBufferString(body))
					req.Header.Set("Content-Type", "application/json")
					if accept != "" {
						req.Header.Set("Accept", accept)
					}
					if token != "" {
						req.Header.Set("Authorization", "Bearer "+token)
					}
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					return rec
				}
				got, want := answer(ours), answer(theirs)
				if got.Code != want.Code || got.Header().Get("Content-Type") != want.Header().Get("Content-Type") || got.Body.String() != want.Body.String() {
					t.Errorf("%s, Accept %q, signed in %v:\n got %d %s %s\nwant %d %s %s", name, accept, token != "",
						got.Code, got.Header().Get("Content-Type"), got.Body, want.Code, want.Header().Get("Content-Type"), want.Body)
				}
				// Ours tells the length of a body it writes (an operation that
				// runs), so that it is not sent in chunks; gqlgen's answers the rest.
				runs := name == "list" || name == "plain data only" || name == "field error" || name == "typename"
				if length := got.Header().Get("Content-Length"); runs && length != strconv.Itoa(got.Body.Len()) {
					t.Errorf("%s, Accept %q: Content-Length %q for a body of %d bytes", name, accept, length, got.Body.Len())
				}
			}
		}
	}
	// The list came back whole, with the escaped characters.
	rec := httptest.NewRecorder()
	req := httptest.NewRequest(http.MethodPost, "/graphql", bytes.NewBufferString(list))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+s.Token)
	ours.ServeHTTP(rec, req)
	var out struct {
		Data struct {
			Videos struct {
				Edges []struct{ Node struct{ Title string } }
			}
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || len(out.Data.Videos.Edges) != 5 {
		t.Fatalf("list: %v, %s", err, rec.Body)
	}
	if !bytes.Contains(rec.Body.Bytes(), []byte(`Tom \u0026 Jerry \u003cb\u003e`)) {
		t.Fatalf("list: <, > and & not escaped as encoding/json escapes them: %s", rec.Body)
	}
}
