package app_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// markReady makes a created video ready as the transcoder leaves it (status,
// duration, size), for the page tests that play nothing; the browser tests of
// internal/browsertest transcode real videos.
func markReady(t *testing.T, s *apptest.Server, id string) {
	t.Helper()
	ctx := tenancy.SystemContext(context.Background(), "test fixture")
	if err := s.App.DB.Client.Video.UpdateOneID(uuid.MustParse(id)).SetStatus("ready").SetDuration(10).SetWidth(1280).SetHeight(720).Exec(videolifecycle.ForTest(ctx)); err != nil {
		t.Fatal(err)
	}
}

// embed GETs a path with headers and returns status, headers and body.
func embed(t *testing.T, s *apptest.Server, path string, headers map[string]string) (int, http.Header, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, s.URL+path, nil)
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	res, err := s.Client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = res.Body.Close() }()
	body, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header, string(body)
}

// pageConfig is the JSON configuration the page carries.
func pageConfig(t *testing.T, body string) map[string]any {
	t.Helper()
	_, rest, ok := strings.Cut(body, `<script id="vidra-config" type="application/json">`)
	raw, _, ok2 := strings.Cut(rest, "</script>")
	if !ok || !ok2 {
		t.Fatalf("no configuration in the page: %s", body)
	}
	var out map[string]any
	if err := json.Unmarshal([]byte(raw), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEmbedPagePublicVideo: a public ready video's page carries the project's
// default player, the video's captions and chapters, its bundles by hashed name
// (served immutable, gzipped) and frame-ancestors * (no allowed domains); an
// unknown video, a malformed id, a video not ready and an unknown player are
// clear refusal pages with their status. The page is gzipped for clients that
// accept it and preloads its manifest.
func TestEmbedPagePublicVideo(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		st, _, body := embed(t, s, "/embed/"+video, nil)
		if st != http.StatusConflict || !strings.Contains(body, `id="vidra-refusal"`) || !strings.Contains(body, "not ready") {
			t.Errorf("page of a video not ready = %d %s", st, body)
		}
		markReady(t, s, video)
		var pl struct{ CreatePlayer struct{ ID string } }
		s.MustGraphQL(`mutation($p: ID!) { createPlayer(projectID: $p, input: {name: "Brand", accentColor: "#ff0000", autoplay: true, muted: true, speedOptions: [1, 2], captionsDefault: true, defaultCaptionLanguage: "pt-BR", watermarkURL: "https://cdn.example.com/w.png", watermarkPosition: bottom_left}) { id } }`,
			map[string]any{"p": proj}, &pl)
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { setDefaultPlayer(projectID: $p, id: $id) { id } }`, map[string]any{"p": proj, "id": pl.CreatePlayer.ID}, nil)

		st, h, body := embed(t, s, "/embed/"+video, nil)
		if st != http.StatusOK {
			t.Fatalf("page = %d %s", st, body)
		}
		csp := h.Get("Content-Security-Policy")
		if !strings.Contains(csp, "frame-ancestors *") || !strings.Contains(csp, "script-src 'self'") || !strings.Contains(csp, "connect-src 'self'") {
			t.Errorf("CSP %q", csp)
		}
		cfg := pageConfig(t, body)
		p := cfg["player"].(map[string]any)
		if p["id"] != pl.CreatePlayer.ID || p["accentColor"] != "#ff0000" || p["autoplay"] != true || p["watermarkPosition"] != "bottom_left" || p["defaultCaptionLanguage"] != "pt-BR" {
			t.Errorf("player config %v", p)
		}
		if cfg["src"] != "/v1/play/"+video+"/master.m3u8" || cfg["chapters"] != "/v1/play/"+video+"/chapters.vtt" || cfg["collect"] != "/collect/v1/"+proj+"/events" {
			t.Errorf("config %v", cfg)
		}
		caps := cfg["captions"].([]any)
		if len(caps) != 1 || caps[0].(map[string]any)["src"] != "/v1/play/"+video+"/captions/pt-BR.vtt" {
			t.Errorf("captions %v", caps)
		}
		if _, ok := cfg["adsScript"]; ok {
			t.Errorf("a project without ads loads the ad code: %v", cfg["adsScript"])
		}
		// The page goes out gzipped to browsers (they all accept it), and preloads the manifest.
		if st, h, _ := embed(t, s, "/embed/"+video, map[string]string{"Accept-Encoding": "gzip, deflate"}); st != http.StatusOK || h.Get("Content-Encoding") != "gzip" || !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
			t.Errorf("page with Accept-Encoding gzip = %d %v", st, h)
		}
		if !strings.Contains(body, `<link rel="preload" href="/v1/play/`+video+`/master.m3u8" as="fetch" crossorigin="anonymous">`) {
			t.Errorf("the page does not preload its manifest: %s", body)
		}
		// The bundles the page names are served for good, gzipped.
		for _, ref := range []string{`<script src="`, `<link rel="stylesheet" href="`} {
			_, rest, _ := strings.Cut(body, ref)
			asset, _, _ := strings.Cut(rest, `"`)
			st, h, _ := embed(t, s, asset, map[string]string{"Accept-Encoding": "gzip"})
			if st != http.StatusOK || h.Get("Cache-Control") != "public, max-age=31536000, immutable" || h.Get("Content-Encoding") != "gzip" {
				t.Errorf("asset %s = %d %v", asset, st, h)
			}
		}
		if st, _, _ := embed(t, s, "/embed/assets/player.nohash.js", nil); st != http.StatusNotFound {
			t.Errorf("unknown asset = %d", st)
		}
		for path, want := range map[string]int{
			"/embed/" + uuid.NewString():                      http.StatusNotFound,
			"/embed/not-a-video":                              http.StatusBadRequest,
			"/embed/" + video + "?player=nope":                http.StatusBadRequest,
			"/embed/" + video + "?player=" + uuid.NewString(): http.StatusNotFound,
		} {
			st, h, body := embed(t, s, path, nil)
			if st != want || !strings.Contains(body, `role="alert"`) || !strings.HasPrefix(h.Get("Content-Type"), "text/html") {
				t.Errorf("%s = %d %s, want %d and a refusal page", path, st, body, want)
			}
		}
	})
}

// TestEmbedPageAccessControl: a signed-only project's page needs a token (401
// without, 403 with a bad one, the token carried into every URL with a good
// one); allowed domains refuse an embedding page elsewhere (or none) and are the
// page's frame-ancestors; the player's media requests from the page itself pass
// the domain rule (Vidra's own host).
func TestEmbedPageAccessControl(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		markReady(t, s, video)
		accessControl(s, proj, `{playback: signed, allowedDomains: ["example.com", "*.example.org"]}`)
		ok := map[string]string{"Referer": "https://www.example.org/post/1"}
		st, _, body := embed(t, s, "/embed/"+video, ok)
		if st != http.StatusUnauthorized || !strings.Contains(body, "playback token") {
			t.Errorf("untokened page = %d %s", st, body)
		}
		st, _, body = embed(t, s, "/embed/"+video+"?token=1.bad", ok)
		if st != http.StatusForbidden || !strings.Contains(body, "not valid") {
			t.Errorf("bad token page = %d %s", st, body)
		}
		token, _ := playbackToken(s, video)
		q := "?token=" + url.QueryEscape(token)
		st, h, body := embed(t, s, "/embed/"+video+q, ok)
		if st != http.StatusOK {
			t.Fatalf("tokened page = %d %s", st, body)
		}
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'self' example.com:* *.example.org:*") {
			t.Errorf("CSP %q", csp)
		}
		cfg := pageConfig(t, body)
		if cfg["src"] != "/v1/play/"+video+"/master.m3u8"+q || cfg["token"] != token || !strings.HasSuffix(cfg["chapters"].(string), q) {
			t.Errorf("config %v", cfg)
		}
		for name, hdr := range map[string]map[string]string{
			"another site": {"Referer": "https://evil.test/"},
			"no referer":   nil,
		} {
			st, _, body := embed(t, s, "/embed/"+video+q, hdr)
			if st != http.StatusForbidden || !strings.Contains(body, "cannot be played on this website") {
				t.Errorf("page embedded by %s = %d %s", name, st, body)
			}
		}
		// Vidra Studio, on Vidra's own host, may show the player.
		if st, _, body := embed(t, s, "/embed/"+video+q, map[string]string{"Referer": s.URL + "/studio/projects/" + proj + "/videos/" + video}); st != http.StatusOK {
			t.Errorf("page embedded by the console = %d %s", st, body)
		}
		// The page's own requests (Referer: the page on Vidra's host) may play.
		own := map[string]string{"Referer": s.URL + "/embed/" + video + q}
		if st, body := play(t, s, "/v1/play/"+video+"/chapters.vtt"+q, own); st != http.StatusOK {
			t.Errorf("chapters from the embed page = %d %s", st, body)
		}
		if st, _ := play(t, s, "/v1/play/"+video+"/chapters.vtt"+q, map[string]string{"Referer": "https://evil.test/"}); st != http.StatusForbidden {
			t.Errorf("chapters from another site = %d, want 403", st)
		}
	})
}

// TestOEmbed: a public ready video's embed URL gives the iframe snippet scaled to
// maxwidth; XML is 501, an unknown or foreign URL 404, a signed project's video
// 401, a bad maxwidth 400.
func TestOEmbed(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		markReady(t, s, video)
		page := s.URL + "/embed/" + video
		st, h, body := embed(t, s, "/oembed?format=json&maxwidth=640&url="+url.QueryEscape(page), nil)
		var out map[string]any
		if st != http.StatusOK || !strings.HasPrefix(h.Get("Content-Type"), "application/json") || json.Unmarshal([]byte(body), &out) != nil {
			t.Fatalf("oembed = %d %s", st, body)
		}
		if out["version"] != "1.0" || out["type"] != "video" || out["width"] != 640.0 || out["height"] != 360.0 || out["title"] != "Talk" ||
			!strings.Contains(out["html"].(string), `<iframe src="`+page+`" width="640" height="360"`) {
			t.Errorf("oembed %v", out)
		}
		for q, want := range map[string]int{
			"format=xml&url=" + url.QueryEscape(page):                       http.StatusNotImplemented,
			"url=" + url.QueryEscape(s.URL+"/embed/"+uuid.NewString()):      http.StatusNotFound,
			"url=" + url.QueryEscape("https://elsewhere.test/embed/"+video): http.StatusNotFound,
			"url=" + url.QueryEscape(s.URL+"/v1/projects/"+proj):            http.StatusNotFound,
			"maxwidth=-3&url=" + url.QueryEscape(page):                      http.StatusBadRequest,
			"": http.StatusBadRequest,
		} {
			if st, _, body := embed(t, s, "/oembed?"+q, nil); st != want {
				t.Errorf("oembed?%s = %d %s, want %d", q, st, body, want)
			}
		}
		// The snippet of GraphQL and REST: the video's own size.
		var gql struct {
			Video struct{ EmbedURL, EmbedCode string }
		}
		s.MustGraphQL(`query($v: ID!) { video(id: $v) { embedURL embedCode } }`, map[string]any{"v": video}, &gql)
		if !strings.HasSuffix(gql.Video.EmbedURL, "/embed/"+video) || !strings.Contains(gql.Video.EmbedCode, `<iframe src="`+gql.Video.EmbedURL+`" width="1280" height="720" title="Talk"`) {
			t.Errorf("GraphQL embed fields %+v", gql.Video)
		}
		st, env := s.REST(http.MethodGet, "/v1/projects/"+proj+"/videos/"+video, "")
		var rv struct{ EmbedURL, EmbedCode string }
		_ = json.Unmarshal(env.Result, &struct {
			EmbedURL  *string `json:"embed_url"`
			EmbedCode *string `json:"embed_code"`
		}{&rv.EmbedURL, &rv.EmbedCode})
		if st != http.StatusOK || rv.EmbedURL != gql.Video.EmbedURL || rv.EmbedCode != gql.Video.EmbedCode {
			t.Errorf("REST embed fields %d %+v", st, rv)
		}
		accessControl(s, proj, `{playback: signed}`)
		if st, _, body := embed(t, s, "/oembed?url="+url.QueryEscape(page), nil); st != http.StatusUnauthorized {
			t.Errorf("oembed of a signed video = %d %s", st, body)
		}
	})
}
