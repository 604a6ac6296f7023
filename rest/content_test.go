package rest_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestStaticSegmentsWinOverIDs: under /videos and /folders the static segments
// (search, custom-field, assign-folder, tree, bulk-move) reach their own rows, not
// the {videoId} or {folderId} row beside them, while an id still reaches its row.
func TestStaticSegmentsWinOverIDs(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		f := newFixtures(s)
		base := "/v1/projects/" + f["projId"]
		for _, c := range []struct{ method, path, body, message string }{
			{"GET", "/videos/search?q=started", "", "videos found"},
			{"GET", "/videos/custom-field?key=lang&value=en", "", "videos fetched"},
			{"POST", "/videos/assign-folder", `{"video_ids": ["` + f["videoId"] + `"], "folder_id": ""}`, "videos assigned to the folder"},
			{"GET", "/videos/" + f["videoId"], "", "video fetched"},
			{"GET", "/folders/tree", "", "folder tree fetched"},
			{"PUT", "/folders/bulk-move", `{"folder_ids": ["` + f["folder2Id"] + `"], "to_folder_id": ""}`, "folders moved"},
			{"GET", "/folders/" + f["folderId"], "", "folder fetched"},
		} {
			status, env := s.REST(c.method, base+c.path, c.body)
			if status != http.StatusOK || env.Message != c.message {
				t.Errorf("%s %s: status %d, message %q; want 200 %q", c.method, c.path, status, env.Message, c.message)
			}
		}
		// Any other word, or a static segment with a method it does not serve,
		// reaches the id row: a malformed videoId.
		for _, c := range []struct{ method, path string }{{"GET", "/videos/searches"}, {"GET", "/videos/assign-folder"}, {"DELETE", "/videos/search"}} {
			status, env := s.REST(c.method, base+c.path, "")
			if status != http.StatusBadRequest || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != "videoId" {
				t.Errorf("%s %s: status %d, envelope %+v; want 400 naming videoId", c.method, c.path, status, env)
			}
		}
	})
}

// TestContentRowsOverREST follows the content rows through their effects: the logo
// lands in blob storage, an SRT caption is stored as WebVTT and deleted, search
// finds by word and tag, custom fields and metadata round-trip, chapters come back
// in start order, and one player and one encoding profile are the default.
func TestContentRowsOverREST(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		f := newFixtures(s)
		proj := "/v1/projects/" + f["projId"]
		video := proj + "/videos/" + f["videoId"]

		// Logo: PUT multipart, the project names the stored blob.
		body, header := multipartBody([]formPart{{name: "file", filename: "l.png", contentType: "image/png", content: testPNG}}, f)
		project := decodeOK[struct{ Logo string }](t, s, "PUT", proj+"/logo", body, header)
		stored, err := s.App.Bucket.ReadAll(context.Background(), project.Logo)
		if err != nil || string(stored) != testPNG {
			t.Fatalf("logo blob %q: %d bytes, %v", project.Logo, len(stored), err)
		}

		// Captions: SRT in, WebVTT out; a second upload of the language replaces it.
		srt := "1\n00:00:01,000 --> 00:00:02,000\nOlá\n"
		body, header = multipartBody([]formPart{{name: "file", filename: "pt.srt", contentType: "application/x-subrip", content: srt},
			{name: "language", content: "pt-br"}, {name: "label", content: "Português"}}, f)
		type caption struct {
			ID, Language, Label, Text string
			SourceFormat              string `json:"source_format"`
		}
		c := decodeOK[caption](t, s, "POST", video+"/captions", body, header)
		if c.Language != "pt-BR" || c.Label != "Português" || c.SourceFormat != "srt" || c.Text != "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nOlá\n" {
			t.Fatalf("caption = %+v", c)
		}
		if got := decodeOK[caption](t, s, "GET", video+"/captions/"+c.ID, "", nil); got != c {
			t.Fatalf("fetched caption = %+v, want %+v", got, c)
		}
		decodeOK[string](t, s, "DELETE", video+"/captions/"+c.ID, "", nil)
		if status, _ := s.REST("GET", video+"/captions/"+c.ID, ""); status != http.StatusNotFound {
			t.Fatalf("deleted caption: %d", status)
		}

		// Search by word and by tag; custom field after a metadata upsert.
		for _, q := range []string{"started", "howto", "GETTING%20started"} {
			if got := decodeOK[[]struct{ ID string }](t, s, "GET", proj+"/videos/search?q="+q, "", nil); len(got) != 1 || got[0].ID != f["videoId"] {
				t.Errorf("search %q = %+v", q, got)
			}
		}
		if got := decodeOK[[]struct{ ID string }](t, s, "GET", proj+"/videos/search?q=nothing", "", nil); len(got) != 0 {
			t.Errorf("search for nothing = %+v", got)
		}
		metas := decodeOK[[]struct{ Key, Value string }](t, s, "POST", video+"/metas", `[{"key": "series", "value": "basics"}]`, nil)
		if len(metas) != 2 || metas[0].Key != "lang" || metas[1].Key != "series" || metas[1].Value != "basics" {
			t.Fatalf("metas = %+v", metas)
		}
		if got := decodeOK[[]struct{ ID string }](t, s, "GET", proj+"/videos/custom-field?key=series&value=basics", "", nil); len(got) != 1 || got[0].ID != f["videoId"] {
			t.Errorf("custom field = %+v", got)
		}

		// Assign to a folder, then to the root with an empty folder_id.
		moved := decodeOK[[]struct {
			FolderID *string `json:"folder_id"`
		}](t, s, "POST", proj+"/videos/assign-folder",
			`{"video_ids": ["`+f["videoId"]+`"], "folder_id": "`+f["folder3Id"]+`"}`, nil)
		if len(moved) != 1 || moved[0].FolderID == nil || *moved[0].FolderID != f["folder3Id"] {
			t.Fatalf("assigned = %+v", moved)
		}
		// Ids in the body that the project lacks are invalid input (not the path's 404).
		if status, _ := s.REST("POST", proj+"/videos/assign-folder", `{"video_ids": ["`+f["other:videoId"]+`"], "folder_id": ""}`); status != http.StatusUnprocessableEntity {
			t.Errorf("assigning another project's video: %d, want 422", status)
		}

		// Chapters come back in start order; a negative start is a 422.
		chapters := decodeOK[[]struct{ Title string }](t, s, "POST", video+"/chapters", `[{"title": "B", "start_seconds": 9}, {"title": "A", "start_seconds": 0}]`, nil)
		if len(chapters) != 2 || chapters[0].Title != "A" {
			t.Fatalf("chapters = %+v", chapters)
		}
		if status, _ := s.REST("POST", video+"/chapters", `[{"title": "A", "start_seconds": -1}]`); status != http.StatusUnprocessableEntity {
			t.Errorf("negative chapter start: %d, want 422", status)
		}

		// One default player and encoding profile per project.
		second := decodeOK[struct{ ID string }](t, s, "POST", proj+"/players", `{"name": "Second"}`, nil)
		decodeOK[struct{ ID string }](t, s, "PUT", proj+"/players/"+second.ID+"/default", "", nil)
		players := decodeOK[[]struct {
			ID        string
			IsDefault bool `json:"is_default"`
		}](t, s, "GET", proj+"/players", "", nil)
		for _, p := range players {
			if p.IsDefault != (p.ID == second.ID) {
				t.Errorf("players = %+v; want only %s default", players, second.ID)
			}
		}
		decodeOK[struct{ ID string }](t, s, "PUT", proj+"/encoding-profiles/"+f["encodingProfileId"]+"/default", "", nil)
		profiles := decodeOK[[]struct {
			IsDefault bool `json:"is_default"`
		}](t, s, "GET", proj+"/encoding-profiles", "", nil)
		if len(profiles) != 1 || !profiles[0].IsDefault {
			t.Errorf("profiles = %+v", profiles)
		}
		if status, _ := s.REST("POST", proj+"/encoding-profiles", `{"name": "Down", "renditions": [{"height": 720, "video_bitrate_kbps": 2500, "audio_bitrate_kbps": 128}, {"height": 360, "video_bitrate_kbps": 800, "audio_bitrate_kbps": 96}]}`); status != http.StatusUnprocessableEntity {
			t.Errorf("descending ladder: %d, want 422", status)
		}

		// Access control: PUT replaces the rules, GET reads them back.
		decodeOK[struct{ ID string }](t, s, "PUT", proj+"/access-control", `{"playback": "signed", "token_ttl_default": 120}`, nil)
		ac := decodeOK[struct {
			Playback        string
			AllowedDomains  []string `json:"allowed_domains"`
			TokenTTLDefault int      `json:"token_ttl_default"`
		}](t, s, "GET", proj+"/access-control", "", nil)
		if ac.Playback != "signed" || len(ac.AllowedDomains) != 0 || ac.TokenTTLDefault != 120 {
			t.Errorf("access control = %+v", ac)
		}
	})
}

// decodeOK makes a REST call that must succeed and decodes its result.
func decodeOK[T any](t *testing.T, s *apptest.Server, method, path, body string, header http.Header) T {
	t.Helper()
	var headers []http.Header
	if header != nil {
		headers = append(headers, header)
	}
	status, env := s.REST(method, path, body, headers...)
	if status != http.StatusOK || !env.Success {
		t.Fatalf("%s %s: status %d, envelope %+v", method, path, status, env)
	}
	var out T
	if err := json.Unmarshal(env.Result, &out); err != nil {
		t.Fatalf("%s %s: decode %s: %v", method, path, env.Result, err)
	}
	return out
}
