package rest_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// formPart is one part of a multipart/form-data body: a file part when filename
// is set (with contentType), a plain field otherwise; {name} in a field's content
// is a fixture's id.
type formPart struct {
	name, filename, contentType, content string
}

// testVTT is a small valid WebVTT caption track.
const testVTT = "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello\n\n00:00:03.000 --> 00:00:04.000\nBye\n"

// testPNG is a 4x4 PNG image, encoded by image/png.
var testPNG = func() string {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := 0; x < 4; x++ {
		img.Set(x, x, color.RGBA{R: 200, G: 30, B: 90, A: 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		panic(err)
	}
	return b.String()
}()

// contentContractCases are the contract cases of issue 6's rows: project logo and
// access control, finding and assigning videos, metadata, captions, chapters,
// players and encoding profiles.
var contentContractCases = []contractCase{
	{method: "PUT", path: "/projects/{projId}/logo",
		parts: []formPart{{name: "file", filename: "logo.png", contentType: "image/png", content: testPNG}},
		vars:  map[string]any{"projId": "{projId}"}},
	{method: "GET", path: "/projects/{projId}/access-control", vars: map[string]any{"projId": "{projId}"}},
	{method: "PUT", path: "/projects/{projId}/access-control",
		body: `{"playback": "signed", "allowed_domains": ["*.example.com"], "blocked_countries": ["KP"], "token_ttl_default": 600}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"playback": "signed", "allowedDomains": []any{"*.example.com"},
			"blockedCountries": []any{"KP"}, "tokenTTLDefault": 600}},
		wrongType: `["signed"]`},

	{method: "GET", path: "/projects/{projId}/videos/custom-field", query: "?key=lang&value=en&sort=-title",
		vars: map[string]any{"projId": "{projId}", "key": "lang", "value": "en", "first": 50, "orderBy": map[string]any{"field": "TITLE", "direction": "DESC"}}},
	{method: "GET", path: "/projects/{projId}/videos/search", query: "?q=started&sort=updated_at",
		vars: map[string]any{"projId": "{projId}", "q": "started", "first": 50, "orderBy": map[string]any{"field": "UPDATED_AT", "direction": "ASC"}}},
	{method: "POST", path: "/projects/{projId}/videos/assign-folder", body: `{"video_ids": ["{videoId}"], "folder_id": "{folder3Id}"}`,
		vars: map[string]any{"projId": "{projId}", "videoIds": []any{"{videoId}"}, "folderId": "{folder3Id}"}, wrongType: `["{videoId}"]`},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/metas", vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/metas", body: `[{"key": "lang", "value": "pt"}, {"key": "rating", "value": "{\"stars\": 4}"}]`,
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}",
			"entries": []any{map[string]any{"key": "lang", "value": "pt"}, map[string]any{"key": "rating", "value": `{"stars": 4}`}}},
		wrongType: `{"key": "lang", "value": "pt"}`},

	{method: "POST", path: "/projects/{projId}/videos/{videoId}/captions",
		parts: []formPart{{name: "file", filename: "fr.vtt", contentType: "text/vtt", content: testVTT}, {name: "language", content: "fr"}, {name: "label", content: "Français"}},
		vars:  map[string]any{"projId": "{projId}", "videoId": "{videoId}", "language": "fr", "label": "Français"}},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/captions/{captionId}",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "captionId": "{captionId}"}},
	{method: "DELETE", path: "/projects/{projId}/videos/{videoId}/captions/{captionId}",
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}", "captionId": "{captionId}"}},
	{method: "POST", path: "/projects/{projId}/videos/{videoId}/chapters", body: `[{"title": "Main", "start_seconds": 12.5}, {"title": "Intro", "start_seconds": 0}]`,
		vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}",
			"chapters": []any{map[string]any{"title": "Main", "startSeconds": 12.5}, map[string]any{"title": "Intro", "startSeconds": 0}}},
		wrongType: `{"title": "Intro", "start_seconds": 0}`},
	{method: "GET", path: "/projects/{projId}/videos/{videoId}/chapters", vars: map[string]any{"projId": "{projId}", "videoId": "{videoId}"}},

	{method: "GET", path: "/projects/{projId}/players", vars: map[string]any{"projId": "{projId}"}},
	{method: "POST", path: "/projects/{projId}/players", body: `{"name": "Dark", "primary_color": "#112233", "logo_url": "https://img.example.com/l.png", "speed_options": [1, 1.5, 2]}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"name": "Dark", "primaryColor": "#112233",
			"logoURL": "https://img.example.com/l.png", "speedOptions": []any{1, 1.5, 2}}},
		wrongType: `["Dark"]`},
	{method: "GET", path: "/projects/{projId}/players/{playerId}", vars: map[string]any{"projId": "{projId}", "playerId": "{playerId}"}},
	{method: "PUT", path: "/projects/{projId}/players/{playerId}", body: `{"autoplay": true, "muted": true, "watermark_position": "top_left"}`,
		vars:      map[string]any{"projId": "{projId}", "playerId": "{playerId}", "input": map[string]any{"autoplay": true, "muted": true, "watermarkPosition": "top_left"}},
		wrongType: `[true]`},
	{method: "DELETE", path: "/projects/{projId}/players/{playerId}", vars: map[string]any{"projId": "{projId}", "playerId": "{playerId}"}},
	{method: "PUT", path: "/projects/{projId}/players/{playerId}/default", vars: map[string]any{"projId": "{projId}", "playerId": "{playerId}"}},

	{method: "GET", path: "/projects/{projId}/encoding-profiles", vars: map[string]any{"projId": "{projId}"}},
	{method: "POST", path: "/projects/{projId}/encoding-profiles",
		body: `{"name": "Small", "renditions": [{"height": 240, "video_bitrate_kbps": 400, "audio_bitrate_kbps": 64}, {"height": 480, "video_bitrate_kbps": 1200, "codec": "h264", "audio_bitrate_kbps": 128}]}`,
		vars: map[string]any{"projId": "{projId}", "input": map[string]any{"name": "Small", "renditions": []any{
			map[string]any{"height": 240, "videoBitrateKbps": 400, "audioBitrateKbps": 64},
			map[string]any{"height": 480, "videoBitrateKbps": 1200, "codec": "h264", "audioBitrateKbps": 128}}}},
		wrongType: `{"name": "Small", "renditions": {"height": 240}}`},
	{method: "GET", path: "/projects/{projId}/encoding-profiles/{encodingProfileId}",
		vars: map[string]any{"projId": "{projId}", "encodingProfileId": "{encodingProfileId}"}},
	{method: "PUT", path: "/projects/{projId}/encoding-profiles/{encodingProfileId}",
		body: `{"name": "Renamed", "renditions": [{"height": 720, "video_bitrate_kbps": 2500, "audio_bitrate_kbps": 128}]}`,
		vars: map[string]any{"projId": "{projId}", "encodingProfileId": "{encodingProfileId}", "input": map[string]any{"name": "Renamed",
			"renditions": []any{map[string]any{"height": 720, "videoBitrateKbps": 2500, "audioBitrateKbps": 128}}}},
		wrongType: `[{"height": 720}]`},
	{method: "DELETE", path: "/projects/{projId}/encoding-profiles/{encodingProfileId}",
		vars: map[string]any{"projId": "{projId}", "encodingProfileId": "{encodingProfileId}"}},
	{method: "PUT", path: "/projects/{projId}/encoding-profiles/{encodingProfileId}/default",
		vars: map[string]any{"projId": "{projId}", "encodingProfileId": "{encodingProfileId}"}},
}

func init() {
	contractCases = append(contractCases, contentContractCases...)
	moreFixtures = append(moreFixtures, contentFixtures)
}

// contentFixtures adds, in the project and in the other one, a caption of the
// video, a player and an encoding profile; the project also gets playback rules
// and its video the custom field lang=en.
func contentFixtures(s *apptest.Server, f fixtures) {
	for _, prefix := range []string{"", "other:"} {
		proj, video := f[prefix+"projId"], f[prefix+"videoId"]
		var c struct{ UploadCaption struct{ ID string } }
		s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "en", file: $file) { id } }`,
			map[string]any{"v": video}, &c, apptest.File{Var: "file", Name: "en.vtt", Content: []byte(testVTT)})
		f[prefix+"captionId"] = c.UploadCaption.ID
		var p struct{ CreatePlayer struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createPlayer(projectID: $p, input: {name: "Main"}) { id } }`, map[string]any{"p": proj}, &p)
		f[prefix+"playerId"] = p.CreatePlayer.ID
		var e struct{ CreateEncodingProfile struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createEncodingProfile(projectID: $p, input: {name: "HD",
			renditions: [{height: 720, videoBitrateKbps: 2500, audioBitrateKbps: 128}, {height: 1080, videoBitrateKbps: 5000, audioBitrateKbps: 192}]}) { id } }`,
			map[string]any{"p": proj}, &e)
		f[prefix+"encodingProfileId"] = e.CreateEncodingProfile.ID
	}
	s.MustGraphQL(`mutation($p: ID!) { putAccessControl(projectID: $p, input: {allowedDomains: ["example.com"], allowedCountries: ["PT", "BR"]}) { id } }`,
		map[string]any{"p": f["projId"]}, nil)
	s.MustGraphQL(`mutation($v: ID!) { upsertVideoMetadata(videoID: $v, entries: [{key: "lang", value: "en"}]) { key } }`,
		map[string]any{"v": f["videoId"]}, nil)
}

// multipartBody encodes parts (with fixture ids filled in) as a multipart/form-data
// body, and the Content-Type header that names its boundary.
func multipartBody(parts []formPart, f fixtures) (string, http.Header) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for _, p := range parts {
		if p.filename == "" {
			_ = w.WriteField(p.name, f.fill(p.content))
			continue
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Disposition", `form-data; name="`+p.name+`"; filename="`+p.filename+`"`)
		h.Set("Content-Type", p.contentType)
		part, _ := w.CreatePart(h)
		_, _ = part.Write([]byte(p.content))
	}
	_ = w.Close()
	return b.String(), http.Header{"Content-Type": {w.FormDataContentType()}}
}

// uploads are the file parts as files of a GraphQL multipart request.
func uploads(parts []formPart) []apptest.File {
	var out []apptest.File
	for _, p := range parts {
		if p.filename != "" {
			out = append(out, apptest.File{Var: p.name, Name: p.filename, Content: []byte(p.content)})
		}
	}
	return out
}

// checkBadParts sends a multipart row bodies it must refuse: a malformed body, an
// unknown part, a file sent as a plain field, no file, a JSON body, a file over the
// operation's size limit (413) and a file that is not of its type (422).
func checkBadParts(t *testing.T, s *apptest.Server, c contractCase) {
	t.Helper()
	f := newFixtures(s)
	url := f.url(c, nil)
	with := func(change func(p formPart) []formPart) []formPart {
		var out []formPart
		for _, p := range c.parts {
			out = append(out, change(p)...)
		}
		return out
	}
	onFile := func(change func(p formPart) formPart) []formPart {
		return with(func(p formPart) []formPart {
			if p.filename == "" {
				return []formPart{p}
			}
			return []formPart{change(p)}
		})
	}
	limit := c.fileLimit
	if limit == 0 {
		limit = 2 << 20
	}
	bad := []struct {
		name   string
		parts  []formPart
		status int
	}{
		{"unknown part", append(append([]formPart{}, c.parts...), formPart{name: "no_such_field", content: "1"}), http.StatusBadRequest},
		{"file as a plain field", onFile(func(p formPart) formPart { p.filename = ""; return p }), http.StatusBadRequest},
		{"no file", with(func(p formPart) []formPart {
			if p.filename != "" {
				return nil
			}
			return []formPart{p}
		}), http.StatusBadRequest},
		{"file over the limit", onFile(func(p formPart) formPart { p.content = strings.Repeat("x", limit+1); return p }), http.StatusRequestEntityTooLarge},
		{"file not of its type", onFile(func(p formPart) formPart { p.content = "plain text, neither an image nor captions"; return p }), http.StatusUnprocessableEntity},
	}
	for _, b := range bad {
		body, header := multipartBody(b.parts, f)
		status, env := s.REST(c.method, url, body, header)
		if status != b.status || env.Success || len(env.Errors) == 0 {
			t.Errorf("%s: status %d, envelope %+v; want %d", b.name, status, env, b.status)
		}
	}
	status, env := s.REST(c.method, url, "--x\r\nnot a part", http.Header{"Content-Type": {"multipart/form-data; boundary=x"}})
	if status != http.StatusBadRequest || env.Success {
		t.Errorf("malformed multipart: status %d, envelope %+v; want 400", status, env)
	}
	status, env = s.REST(c.method, url, `{"file": "aGVsbG8="}`)
	if status != http.StatusBadRequest || env.Success {
		t.Errorf("JSON body: status %d, envelope %+v; want 400", status, env)
	}
}
