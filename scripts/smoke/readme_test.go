//go:build unix

package main

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEWalkThroughIsComplete reads the repository's README as make smoke
// does: its walk-through must parse into the steps the smoke runs, in order,
// with every placeholder given by an earlier step.
func TestREADMEWalkThroughIsComplete(t *testing.T) {
	text, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	steps, err := walkThrough(string(text), section)
	if err != nil {
		t.Fatal(err)
	}
	if err := plan(steps); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range steps {
		if s.kind == "sh" {
			got = append(got, "sh")
			continue
		}
		var fields []string
		for _, f := range topFields(s.op) {
			fields = append(fields, f.Name)
		}
		got = append(got, string(s.op.Operation)+" "+strings.Join(fields, ","))
	}
	// The order the issue asks for: register, project, video, upload with tus,
	// wait for ready, read the master playlist.
	want := []string{
		"mutation register",
		"query organizations",
		"mutation createProject",
		"mutation createFolder,createVideo",
		"query project",
		"mutation createUploadToken",
		"sh",
		"query video",
		"sh",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// fence makes a fenced block of a README.
func fence(lang, body string) string { return "```" + lang + "\n" + body + "\n```\n" }

// walk is a README walk-through that plan accepts, built from its parts so
// each case below can drop or change one.
type walk struct{ register, project, video, token, upload, status, play string }

func (w walk) readme() string {
	return "# Vidra\n\n## A first query\n\nRegister:\n\n" +
		fence("graphql", w.register+"\n\n"+w.project+"\n\n"+w.video) +
		"\nUpload:\n\n" + fence("graphql", w.token) + fence("sh", w.upload) +
		fence("graphql", w.status) + fence("sh", w.play) +
		"\n## Next section\n\n" + fence("sh", "echo <not part of the walk-through>")
}

var good = walk{
	register: `mutation { register(input: {email: "a@b.c"}) { accessToken } }`,
	project:  `mutation { createProject(input: {name: "Docs"}) { id } }`,
	video:    `mutation { video: createVideo(input: {projectID: "<project id>"}) { id } }`,
	token:    `mutation { createUploadToken(projectID: "<project id>", input: {}) { token uploadURL video { id } } }`,
	upload:   `curl -X POST '<upload URL>' -H 'Upload-Token: <upload token>' -H "Upload-Length: $(wc -c < clip.mp4)"`,
	status:   `query { video(id: "<upload video id>") { status playbackURL } }`,
	play:     `ffprobe '<playbackURL>'`,
}

func TestPlan(t *testing.T) {
	tests := []struct {
		name string
		edit func(w *walk)
		want string // "" when the plan holds
	}{
		{"complete", func(*walk) {}, ""},
		{"placeholder before its step", func(w *walk) {
			w.project = `mutation { createProject(input: {name: "<video id>"}) { id } }`
		}, "README line 10: <video id> is not given by any earlier step"},
		{"unknown placeholder", func(w *walk) { w.play += " <stream id>" }, "<stream id> is not given"},
		{"capture path not selected", func(w *walk) {
			w.token = `mutation { createUploadToken(projectID: "<project id>", input: {}) { token uploadURL } }`
		}, "createUploadToken must select video.id"},
		{"capture path under an alias", func(w *walk) {
			w.project = `mutation { createProject(input: {name: "Docs"}) { projectID: id } }`
		}, "createProject must select id"},
		{"status query without status", func(w *walk) {
			w.status = `query { video(id: "<upload video id>") { playbackURL } }`
		}, "the video query must select status"},
		{"no status query", func(w *walk) { w.status, w.play = `query { service { version } }`, "true" }, "no longer gives <playbackURL>"},
		{"no upload", func(w *walk) { w.upload = "ls" }, "no step of the walk-through uses <upload token>, <upload URL>"},
		{"no playlist", func(w *walk) { w.play = "true" }, "uses <playbackURL>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := good
			tt.edit(&w)
			steps, err := walkThrough(w.readme(), section)
			if err != nil {
				t.Fatal(err)
			}
			err = plan(steps)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("plan: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("plan: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestWalkThroughSteps(t *testing.T) {
	steps, err := walkThrough(good.readme(), section)
	if err != nil {
		t.Fatal(err)
	}
	if len(steps) != 7 {
		t.Fatalf("%d steps, want 7 (the next section's block is not one)", len(steps))
	}
	// The first graphql block holds three operations, from README line 8.
	for i, wantLine := range []int{8, 10, 12} {
		if steps[i].kind != "graphql" || steps[i].line != wantLine {
			t.Errorf("step %d: %s at line %d, want graphql at line %d", i, steps[i].kind, steps[i].line, wantLine)
		}
	}
	if steps[1].text != good.project {
		t.Errorf("step 1 text %q, want %q", steps[1].text, good.project)
	}
	if got := strings.Join(steps[4].placeholders(), "|"); got != "upload URL|upload token" {
		t.Errorf("upload placeholders %q (a shell redirection is not one)", got)
	}

	for _, tt := range []struct{ readme, want string }{
		{"# Vidra\n", `no section "A first query"`},
		{"## A first query\n\n```sh\nls\n", "line 3: the sh block is not closed"},
		{"## A first query\n\n" + fence("graphql", "mutation { x"), "line 4: the graphql block does not parse"},
		{"## A first query\n\n" + fence("json", "{}") + "## Next\n" + fence("sh", "ls"), "has no graphql or sh block"},
	} {
		if _, err := walkThrough(tt.readme, section); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("walkThrough(%q): %v, want %q", tt.readme, err, tt.want)
		}
	}
}

func TestFill(t *testing.T) {
	w := &walker{base: "http://127.0.0.1:4321", values: map[string]string{"upload URL": "http://127.0.0.1:4321/v1/uploads/", "upload token": "vut_x"}}
	got := w.fill(`curl -X POST '<upload URL>' -H 'Upload-Token: <upload token>' http://localhost:8080/health < in`)
	want := `curl -X POST 'http://127.0.0.1:4321/v1/uploads/' -H 'Upload-Token: vut_x' http://127.0.0.1:4321/health < in`
	if got != want {
		t.Fatalf("fill:\n%s\nwant\n%s", got, want)
	}
}

func TestLookup(t *testing.T) {
	data := []byte(`{"createUploadToken": {"token": "vut_x", "maxSize": 5, "video": {"id": "v1"}}}`)
	for _, tt := range []struct{ path, want, err string }{
		{"createUploadToken.video.id", "v1", ""},
		{"createUploadToken.token", "vut_x", ""},
		{"createUploadToken.maxSize", "", "is 5, not a string"},
		{"createUploadToken.video.id.x", "", "has no createUploadToken.video.id.x"},
		{"createUploadToken.missing", "", "is <nil>, not a string"},
	} {
		got, err := lookup(data, tt.path)
		if got != tt.want || (tt.err == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.err)) {
			t.Errorf("lookup(%s) = %q, %v; want %q, %q", tt.path, got, err, tt.want, tt.err)
		}
	}
}
