package rest_test

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

func TestListFilterOverREST(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Filtering Org")
		proj := s.CreateProject(org, "Filtered")
		folderA, folderB := s.CreateFolder(proj, "", "Lessons"), s.CreateFolder(proj, "", "Misc")
		child := s.CreateFolder(proj, folderA, "Chapter one")
		howto, intro := s.CreateTag(proj, "howto"), s.CreateTag(proj, "intro")
		base := time.Date(2024, 5, 1, 8, 0, 0, 0, time.UTC)
		create := func(title string, hours int, status video.Status, folder string, tags ...string) string {
			t.Helper()
			c := s.App.DB.Client.Video.Create().SetProjectID(uuid.MustParse(proj)).SetTitle(title).
				SetStatus(status).SetCreatedAt(base.Add(time.Duration(hours) * time.Hour))
			if folder != "" {
				c.SetFolderID(uuid.MustParse(folder))
			}
			for _, tag := range tags {
				c.AddTagIDs(uuid.MustParse(tag))
			}
			v, err := c.Save(videolifecycle.ForTest(apptest.System()))
			if err != nil {
				t.Fatal(err)
			}
			return v.ID.String()
		}
		v1 := create("Getting Started", 1, video.StatusReady, folderA, howto)
		v2 := create("Advanced topics", 2, video.StatusFailed, folderA, intro)
		v3 := create("Start here", 3, video.StatusCreated, "", howto, intro)
		v4 := create("Odds and ends", 4, video.StatusProcessing, folderB)
		at := func(hours int) string {
			return url.QueryEscape(base.Add(time.Duration(hours) * time.Hour).Format(time.RFC3339))
		}
		videos := "/v1/projects/" + proj + "/videos"
		for _, c := range []struct {
			path string
			want []string
		}{
			{videos, []string{v4, v3, v2, v1}},
			{videos + "?status=ready", []string{v1}},
			{videos + "?status=ready&status=failed", []string{v2, v1}},
			{videos + "?folder_id=" + folderA, []string{v2, v1}},
			{videos + "?folder_id=", []string{v4, v3, v2, v1}}, // empty: no filter
			{videos + "?tag_id=" + howto, []string{v3, v1}},
			{videos + "?tag_id=" + howto + "&tag_id=" + intro, []string{v3, v2, v1}},
			{videos + "?tag=intro", []string{v3, v2}},
			{videos + "?tag=intro&tag_id=" + howto, []string{}}, // one tag with both
			{videos + "?q=START", []string{v3, v1}},
			{videos + "?created_since=" + at(2) + "&created_until=" + at(4), []string{v3, v2}},
			{videos + "?status=created&q=start&tag_id=" + howto, []string{v3}},
			{videos + "?q=start&sort=title", []string{v1, v3}},
			{videos + "?folder_id=" + folderA + "&sort=created_at", []string{v1, v2}},
			{"/v1/projects/" + proj + "/folders?parent_id=" + folderA, []string{child}},
			{"/v1/projects/" + proj + "/folders?q=MIS", []string{folderB}},
			{"/v1/projects/" + proj + "/folders?sort=name", []string{child, folderA, folderB}},
			{"/v1/projects/" + proj + "/tags?q=how", []string{howto}},
			{"/v1/projects/" + proj + "/tags", []string{intro, howto}},
			{"/v1/projects?q=filtered&organization_id=" + org, []string{proj}},
			{"/v1/organizations?q=filtering", []string{org}},
		} {
			if got, _ := listIDs(t, s, c.path); strings.Join(got, ",") != strings.Join(c.want, ",") {
				t.Errorf("GET %s:\n got  %v\n want %v", c.path, got, c.want)
			}
		}
		// Filters and sort together page like any list: every row once.
		if got := pageThrough(t, s, videos+"?tag_id="+howto+"&tag_id="+intro+"&sort=-title&limit=1"); strings.Join(got, ",") != strings.Join([]string{v3, v1, v2}, ",") {
			t.Errorf("paging a filtered, sorted list: %v", got)
		}

		// Values of the wrong type are 400s naming the parameter.
		for _, c := range []struct{ query, field, says string }{
			{"?status=done", "status", "created, uploading, processing, ready, failed, live"},
			{"?status=ready&status=READY", "status", "got \"READY\""},
			{"?folder_id=abc", "folder_id", "UUID"},
			{"?tag_id=" + howto + "&tag_id=x", "tag_id", "UUID"},
			{"?created_since=yesterday", "created_since", "RFC 3339"},
		} {
			status, env := s.REST("GET", videos+c.query, "")
			if status != http.StatusBadRequest || env.Success || len(env.Errors) == 0 || env.Errors[0].Field == nil ||
				*env.Errors[0].Field != c.field || !strings.Contains(env.Message, c.says) {
				t.Errorf("GET videos%s: status %d, %s; want 400 naming %s", c.query, status, describeEnv(env), c.field)
			}
		}
		// A string the server refuses names its filter too.
		status, env := s.REST("GET", videos+"?q=a%00b", "")
		if status != http.StatusUnprocessableEntity || len(env.Errors) == 0 || env.Errors[0].Field == nil || *env.Errors[0].Field != "q" {
			t.Errorf("GET videos?q=a%%00b: status %d, %s; want 422 naming q", status, describeEnv(env))
		}
		var rows []any
		if _, env := s.REST("GET", videos+"?unknown=1", ""); json.Unmarshal(env.Result, &rows) != nil || len(rows) != 4 {
			t.Errorf("an unknown parameter changed the list: %s", env.Result)
		}
	})
}
