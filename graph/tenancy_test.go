package graph_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// tenantWorld is an owner's organization with a project of folders and videos,
// and a user of another organization with its own project.
type tenantWorld struct {
	owner, outsider                         *apptest.Server
	proj, f1, f1a, f2, v0, v1, v1a, v2, tag string
	outsiderVideo                           string
}

func newTenantWorld(s *apptest.Server) tenantWorld {
	w := tenantWorld{owner: s}
	w.proj = project(s)
	w.f1 = s.CreateFolder(w.proj, "", "F1")
	w.f1a = s.CreateFolder(w.proj, w.f1, "F1a")
	w.f2 = s.CreateFolder(w.proj, "", "F2")
	w.tag = s.CreateTag(w.proj, "secret")
	w.v0 = s.CreateVideo(w.proj, "", "secret root", w.tag)
	w.v1 = s.CreateVideo(w.proj, w.f1, "secret one")
	w.v1a = s.CreateVideo(w.proj, w.f1a, "secret deep")
	w.v2 = s.CreateVideo(w.proj, w.f2, "secret two")
	w.outsider = s.As(s.SignUp("outsider@example.test", apptest.DefaultPassword, "Out").AccessToken)
	var org struct {
		Organizations struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	w.outsider.MustGraphQL(`{ organizations(first: 10) { edges { node { id } } } }`, nil, &org)
	w.outsiderVideo = w.outsider.CreateVideo(w.outsider.CreateProject(org.Organizations.Edges[0].Node.ID, "Mine"), "", "secret mine")
	return w
}

// videoTitles lists the videos a caller sees through the root connection, a
// where filter, the project's connection and search, all of which must agree.
func videoIDs(t *testing.T, s *apptest.Server, proj string, headers ...http.Header) (all, filtered []string) {
	t.Helper()
	var out struct {
		Videos, Filtered struct {
			Edges []struct{ Node struct{ ID string } }
		}
	}
	s.MustGraphQL(`query($p: ID!) { videos(first: 100) { edges { node { id } } }
		filtered: videos(first: 100, where: {projectID: $p, titleContains: "secret"}) { edges { node { id } } } }`,
		map[string]any{"p": proj}, &out, headers...)
	for _, e := range out.Videos.Edges {
		all = append(all, e.Node.ID)
	}
	for _, e := range out.Filtered.Edges {
		filtered = append(filtered, e.Node.ID)
	}
	slices.Sort(all)
	slices.Sort(filtered)
	return all, filtered
}

func sorted(ids ...string) []string {
	slices.Sort(ids)
	return ids
}

// TestNothingLeaksAcrossOrganizations checks every way of reaching rows as a user
// of another organization: node, nodes, connections, where filters, search, edges
// and mutations by id.
func TestNothingLeaksAcrossOrganizations(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := newTenantWorld(s)
		out := w.outsider
		all, filtered := videoIDs(t, out, w.proj)
		if !slices.Equal(all, []string{w.outsiderVideo}) || len(filtered) != 0 {
			t.Fatalf("outsider videos = %v, filtered = %v", all, filtered)
		}
		var nodes struct{ Nodes []*struct{ ID string } }
		out.MustGraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`,
			map[string]any{"ids": []string{w.proj, w.f1, w.v1, w.tag, w.outsiderVideo}}, &nodes)
		for i, n := range nodes.Nodes[:4] {
			if n != nil {
				t.Errorf("nodes[%d] leaked: %+v", i, n)
			}
		}
		if nodes.Nodes[4] == nil {
			t.Error("own video missing from nodes")
		}
		for _, q := range []struct {
			query string
			vars  map[string]any
		}{
			{`query($id: ID!) { node(id: $id) { id } }`, map[string]any{"id": w.v1}},
			{`query($id: ID!) { project(id: $id) { id } }`, map[string]any{"id": w.proj}},
			{`query($id: ID!) { video(id: $id) { id } }`, map[string]any{"id": w.v1}},
			{`query($p: ID!) { searchVideos(projectID: $p, query: "secret", first: 10) { totalCount } }`, map[string]any{"p": w.proj}},
			{`mutation($id: ID!) { updateVideo(id: $id, input: {title: "mine"}) { id } }`, map[string]any{"id": w.v1}},
			{`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": w.v1}},
			{`mutation($p: ID!) { createTag(input: {projectID: $p, name: "x"}) { id } }`, map[string]any{"p": w.proj}},
		} {
			// A referenced project of another organization is as absent as an unknown one:
			// NOT_FOUND, or INVALID_INPUT naming the input that refers to it.
			if code := out.ErrorCode(q.query, q.vars); code != "NOT_FOUND" && code != "INVALID_INPUT" {
				t.Errorf("%s: %s, want NOT_FOUND", q.query, code)
			}
		}
		var projects struct{ Projects struct{ TotalCount int } }
		out.MustGraphQL(`{ projects(first: 10) { totalCount } }`, nil, &projects)
		if projects.Projects.TotalCount != 1 {
			t.Errorf("outsider sees %d projects", projects.Projects.TotalCount)
		}
		// The owner still sees all of its own, and the video is unchanged.
		all, filtered = videoIDs(t, s, w.proj)
		if want := sorted(w.v0, w.v1, w.v1a, w.v2); !slices.Equal(all, want) || !slices.Equal(filtered, want) {
			t.Fatalf("owner videos = %v / %v", all, filtered)
		}
	})
}

// TestFolderGrantsRestrictFoldersAndVideos checks per-folder grants (an API key's;
// members' grants go through the same decision function): only the granted
// folder's subtree and its videos are visible, and only as the action allows.
func TestFolderGrantsRestrictFoldersAndVideos(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := newTenantWorld(s)
		key := func(action string) http.Header {
			perms := []map[string]any{{"entity_id": w.proj, "entity_type": "projects", "name": "custom", "action": "",
				"permission": []map[string]any{{"name": "folders", "action": "custom", "folders": []map[string]any{{"action": action, "folder_id": w.f1}}}}}}
			var out struct{ CreateApiKey struct{ Key string } }
			s.MustGraphQL(`mutation($in: CreateAPIKeyInput!) { createApiKey(input: $in) { key } }`, map[string]any{"in": map[string]any{
				"name": "scoped", "origin": "*", "permissions": perms, "expiresAt": time.Now().Add(time.Hour).Format(time.RFC3339)}}, &out)
			return http.Header{"X-Api-Key": {out.CreateApiKey.Key}}
		}
		reader, writer := key("read"), key("write+read")
		anon := s.Anonymous()
		all, filtered := videoIDs(t, anon, w.proj, reader)
		if want := sorted(w.v1, w.v1a); !slices.Equal(all, want) || !slices.Equal(filtered, want) {
			t.Fatalf("reader videos = %v / %v, want %v", all, filtered, want)
		}
		var folders struct {
			Project struct {
				Folders struct {
					Edges []struct{ Node struct{ ID string } }
				}
				Videos struct{ TotalCount int }
			}
		}
		anon.MustGraphQL(`query($p: ID!) { project(id: $p) { folders(first: 50) { edges { node { id } } } videos(first: 50) { totalCount } } }`,
			map[string]any{"p": w.proj}, &folders, reader)
		var got []string
		for _, e := range folders.Project.Folders.Edges {
			got = append(got, e.Node.ID)
		}
		slices.Sort(got)
		if !slices.Equal(got, sorted(w.f1, w.f1a)) || folders.Project.Videos.TotalCount != 2 {
			t.Fatalf("reader folders = %v, videos %d", got, folders.Project.Videos.TotalCount)
		}
		var nodes struct{ Nodes []*struct{ ID string } }
		anon.MustGraphQL(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, map[string]any{"ids": []string{w.v0, w.v2, w.f2, w.v1a}}, &nodes, reader)
		if nodes.Nodes[0] != nil || nodes.Nodes[1] != nil || nodes.Nodes[2] != nil || nodes.Nodes[3] == nil {
			t.Fatalf("reader nodes = %+v", nodes.Nodes)
		}
		update := `mutation($id: ID!, $in: UpdateVideoInput!) { updateVideo(id: $id, input: $in) { id title } }`
		if code := anon.ErrorCode(update, map[string]any{"id": w.v1, "in": map[string]any{"title": "x"}}, reader); code != "FORBIDDEN" {
			t.Errorf("reader updating: %s, want FORBIDDEN", code)
		}
		if code := anon.ErrorCode(update, map[string]any{"id": w.v2, "in": map[string]any{"title": "x"}}, writer); code != "NOT_FOUND" {
			t.Errorf("writer updating outside its folder: %s, want NOT_FOUND", code)
		}
		anon.MustGraphQL(update, map[string]any{"id": w.v1a, "in": map[string]any{"title": "renamed"}}, nil, writer)
		// Moving out of the granted tree needs the right to write where it goes.
		if code := anon.ErrorCode(update, map[string]any{"id": w.v1a, "in": map[string]any{"clearFolder": true}}, writer); code != "FORBIDDEN" {
			t.Errorf("writer moving to the root: %s, want FORBIDDEN", code)
		}
		create := `mutation($p: ID!, $f: ID) { createVideo(input: {projectID: $p, folderID: $f, title: "new"}) { id } }`
		anon.MustGraphQL(create, map[string]any{"p": w.proj, "f": w.f1a}, nil, writer)
		if code := anon.ErrorCode(create, map[string]any{"p": w.proj, "f": nil}, writer); code != "FORBIDDEN" {
			t.Errorf("writer creating at the root: %s, want FORBIDDEN", code)
		}
		// Folder grants give nothing on other areas of the project.
		s.MustGraphQL(`mutation($p: ID!) { createAdvertisement(projectID: $p, input: {name: "Pre", tagURL: "https://ads.example.com/vast", placement: pre_roll}) { id } }`,
			map[string]any{"p": w.proj}, nil)
		var ads struct{ Advertisements []struct{ ID string } }
		anon.MustGraphQL(`query($p: ID!) { advertisements(projectID: $p) { id } }`, map[string]any{"p": w.proj}, &ads, reader)
		if len(ads.Advertisements) != 0 {
			t.Errorf("reader sees advertisements: %+v", ads)
		}
		var n struct{ Video struct{ Title string } }
		s.MustGraphQL(`query($id: ID!) { video(id: $id) { title } }`, map[string]any{"id": w.v1}, &n)
		raw, _ := json.Marshal(n)
		if n.Video.Title != "secret one" {
			t.Errorf("reader changed the video: %s", raw)
		}
	})
}
