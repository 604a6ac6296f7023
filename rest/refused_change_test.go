package rest_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// countRows counts rows of a table matching where (? placeholders) on s's database.
func countRows(t *testing.T, s *apptest.Server, table, where string, args ...any) int {
	t.Helper()
	q := "SELECT COUNT(*) FROM " + table
	if where != "" {
		q += " WHERE " + where
	}
	return s.SQLInt(q, args...)
}

// TestRefusedVideoDeleteChangesAndRecordsNothing: a member with read, a
// read-only API key and a key with the string form of grants get 403 for DELETE
// on a video over REST and FORBIDDEN over GraphQL; the video stays, and no
// video.deleted event, owed blob removal or audit record is written. A member
// with the delete right then deletes it, and both are recorded.
func TestRefusedVideoDeleteChangesAndRecordsNothing(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		proj := w.s.CreateProject(w.orgID, "Docs")
		video := w.s.CreateVideo(proj, "", "Keep me")
		anon := w.s.Anonymous()
		refused := []struct {
			name    string
			server  *apptest.Server
			headers []http.Header
		}{
			{"member with read", w.join("reader@example.test", "member", readGrants), nil},
			{"read-only key", anon, []http.Header{keyHeader(w.apiKey(readGrantsOn(proj)))}},
			{"key with the string form", anon, []http.Header{keyHeader(w.apiKey(`"{\"folders.read\": true, \"projects.read\": true, \"projects.delete\": true}"`))}},
		}
		// An owed removal is a blob_deletions row until its remove_blobs job
		// has run and dropped it, so both are counted: the sum only grows.
		recorded := func() [3]int {
			owed := countRows(t, w.s, "blob_deletions", "") + countRows(t, w.s, "river_job", "kind = ?", "remove_blobs")
			return [3]int{countRows(t, w.s, "events", "type = ?", "video.deleted"), owed, countRows(t, w.s, "audit_logs", "")}
		}
		before := recorded()
		for _, p := range refused {
			status, env := p.server.REST("DELETE", "/v1/projects/"+proj+"/videos/"+video, "", p.headers...)
			if status != http.StatusForbidden || env.Success {
				t.Errorf("%s: DELETE = %d %q, want 403", p.name, status, env.Message)
			}
			res := p.server.GraphQL(`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": video}, p.headers...)
			if len(res.Errors) == 0 || res.Errors[0].Code() != "FORBIDDEN" {
				t.Errorf("%s: deleteVideo = %s %+v, want FORBIDDEN", p.name, res.Data, res.Errors)
			}
			if n := countRows(t, w.s, "videos", "id = ?", video); n != 1 {
				t.Fatalf("%s: the video is gone", p.name)
			}
			if got := recorded(); got != before {
				t.Errorf("%s: events, owed removals, audit records = %v, were %v", p.name, got, before)
			}
		}
		deleter := w.join("deleter@example.test", "member", `"{\"folders.read\": true, \"folders.delete\": true}"`)
		callREST(t, deleter, http.StatusOK, "DELETE", "/v1/projects/"+proj+"/videos/"+video, "")
		after := recorded()
		if countRows(t, w.s, "videos", "id = ?", video) != 0 || after[0] != before[0]+1 || after[1] <= before[1] || after[2] <= before[2] {
			t.Errorf("allowed delete: video rows %d, recorded %v, were %v", countRows(t, w.s, "videos", "id = ?", video), after, before)
		}
	})
}

// TestMovesNeedTheRightOnTheDestination: a member with write on folder X and
// only read on folder Y may not move a folder or assign a video from X into Y or
// to the root (the project-level folders right), single and bulk, over REST
// (403) and GraphQL (FORBIDDEN), and nothing moves; within X it may. A member
// with write on both folders may move into Y, and one with the project-level
// folders right may move to the root.
func TestMovesNeedTheRightOnTheDestination(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		proj := w.s.CreateProject(w.orgID, "Docs")
		x := w.s.CreateFolder(proj, "", "X")
		y := w.s.CreateFolder(proj, "", "Y")
		child := w.s.CreateFolder(proj, x, "Child")
		inner := w.s.CreateFolder(proj, x, "Inner")
		video := w.s.CreateVideo(proj, x, "In X")
		folderGrants := func(yAction string) string {
			return `[{"entity_id": "` + proj + `", "entity_type": "projects", "name": "custom", "action": "",
				"permission": [{"name": "folders", "action": "custom", "folders": [
					{"action": "write+read", "folder_id": "` + x + `"}, {"action": "` + yAction + `", "folder_id": "` + y + `"}]}]}]`
		}
		member := w.join("mover@example.test", "member", folderGrants("read"))
		base := "/v1/projects/" + proj
		const (
			moveFolder  = `mutation($p: ID!, $id: ID!, $to: ID) { moveFolder(id: $id, toFolderID: $to, projectID: $p) { id } }`
			moveFolders = `mutation($p: ID!, $ids: [ID!]!, $to: ID) { moveFolders(ids: $ids, toFolderID: $to, projectID: $p) { id } }`
			assign      = `mutation($p: ID!, $ids: [ID!]!, $to: ID) { assignVideosToFolder(projectID: $p, videoIDs: $ids, folderID: $to) { id } }`
		)
		places := func() string {
			return strings.Join([]string{
				strings.Repeat("c", countRows(t, w.s, "folders", "id = ? AND parent_id = ?", child, x)),
				strings.Repeat("v", countRows(t, w.s, "videos", "id = ? AND folder_id = ?", video, x)),
			}, "")
		}
		for _, to := range []struct {
			name    string
			rest    string
			graphql any
		}{{"into Y", y, y}, {"to the root", "", nil}} {
			for _, c := range []struct{ method, path, body string }{
				{"PUT", base + "/folders/" + child + "/move", `{"to_folder_id": "` + to.rest + `"}`},
				{"PUT", base + "/folders/bulk-move", `{"folder_ids": ["` + child + `"], "to_folder_id": "` + to.rest + `"}`},
				{"POST", base + "/videos/assign-folder", `{"video_ids": ["` + video + `"], "folder_id": "` + to.rest + `"}`},
			} {
				if status, env := member.REST(c.method, c.path, c.body); status != http.StatusForbidden {
					t.Errorf("%s %s %s: %d %q, want 403", to.name, c.method, c.path, status, env.Message)
				}
			}
			for _, op := range []struct {
				name, query string
				vars        map[string]any
			}{
				{"moveFolder", moveFolder, map[string]any{"p": proj, "id": child, "to": to.graphql}},
				{"moveFolders", moveFolders, map[string]any{"p": proj, "ids": []string{child}, "to": to.graphql}},
				{"assignVideosToFolder", assign, map[string]any{"p": proj, "ids": []string{video}, "to": to.graphql}},
			} {
				if res := member.GraphQL(op.query, op.vars); len(res.Errors) == 0 || res.Errors[0].Code() != "FORBIDDEN" {
					t.Errorf("%s %s: %s %+v, want FORBIDDEN", to.name, op.name, res.Data, res.Errors)
				}
			}
			if got := places(); got != "cv" {
				t.Fatalf("%s: something moved (%q)", to.name, got)
			}
		}
		// Within X, where the member may write: allowed.
		callREST(t, member, http.StatusOK, "PUT", base+"/folders/"+child+"/move", `{"to_folder_id": "`+inner+`"}`)
		member.MustGraphQL(moveFolders, map[string]any{"p": proj, "ids": []string{child}, "to": x}, nil)
		callREST(t, member, http.StatusOK, "POST", base+"/videos/assign-folder", `{"video_ids": ["`+video+`"], "folder_id": "`+inner+`"}`)
		member.MustGraphQL(assign, map[string]any{"p": proj, "ids": []string{video}, "to": x}, nil)

		// With write on Y too, into Y; with the project-level right, to the root.
		both := w.join("both@example.test", "member", folderGrants("write+read"))
		callREST(t, both, http.StatusOK, "PUT", base+"/folders/bulk-move", `{"folder_ids": ["`+child+`"], "to_folder_id": "`+y+`"}`)
		both.MustGraphQL(assign, map[string]any{"p": proj, "ids": []string{video}, "to": y}, nil)
		whole := w.join("whole@example.test", "member", `"{\"folders.read\": true, \"folders.write\": true}"`)
		callREST(t, whole, http.StatusOK, "PUT", base+"/folders/"+child+"/move", `{"to_folder_id": ""}`)
		whole.MustGraphQL(assign, map[string]any{"p": proj, "ids": []string{video}, "to": nil}, nil)
		if countRows(t, w.s, "folders", "id = ? AND parent_id IS NULL", child) != 1 || countRows(t, w.s, "videos", "id = ? AND folder_id IS NULL", video) != 1 {
			t.Error("the allowed moves to the root did not happen")
		}
	})
}
