package app_test

import (
	"encoding/json"
	"html"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// oembedLinks are the oEmbed discovery links of a page: type -> href (HTML-decoded).
func oembedLinks(body string) map[string][]string {
	out := map[string][]string{}
	for _, m := range regexp.MustCompile(`<link rel="alternate" type="([^"]*oembed)" href="([^"]*)"`).FindAllStringSubmatch(body, -1) {
		out[m[1]] = append(out[m[1]], html.UnescapeString(m[2]))
	}
	return out
}

// TestEmbedPageOEmbedDiscovery: the page of a public video names its oEmbed
// endpoint (oEmbed 1.0 discovery): one JSON link, absolute, whose url= is the
// page's canonical address (no ?player=), and following it gives the video's
// oEmbed JSON; no XML link (XML is not served). A signed project's page, shown
// only with a token, carries no link (oEmbed answers 401 there), and its refusal
// page none either.
func TestEmbedPageOEmbedDiscovery(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		markReady(t, s, video)
		page := s.URL + "/embed/" + video
		st, _, body := embed(t, s, "/embed/"+video+"?player=", nil)
		if st != http.StatusOK {
			t.Fatalf("page = %d %s", st, body)
		}
		links := oembedLinks(body)
		if len(links) != 1 || len(links["application/json+oembed"]) != 1 {
			t.Fatalf("oEmbed links %v, want one JSON link", links)
		}
		href := links["application/json+oembed"][0]
		u, err := url.Parse(href)
		if err != nil || !u.IsAbs() || u.Scheme+"://"+u.Host != s.URL || u.Path != "/oembed" ||
			u.Query().Get("url") != page || u.Query().Get("format") != "json" {
			t.Fatalf("oEmbed link %q: want %s/oembed?url=%s&format=json", href, s.URL, page)
		}
		req, _ := http.NewRequest(http.MethodGet, href, nil)
		res, err := s.Client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer func() { _ = res.Body.Close() }()
		var out map[string]any
		if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK ||
			!strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("following the link: %d %s %v", res.StatusCode, res.Header.Get("Content-Type"), err)
		}
		if out["version"] != "1.0" || out["type"] != "video" || out["title"] != "Talk" ||
			!strings.Contains(out["html"].(string), `<iframe src="`+page+`"`) {
			t.Errorf("oEmbed by the link: %v", out)
		}

		accessControl(s, proj, `{playback: signed}`)
		st, _, body = embed(t, s, "/embed/"+video, nil)
		if st != http.StatusUnauthorized || len(oembedLinks(body)) != 0 || strings.Contains(body, "oembed") {
			t.Errorf("untokened page of a signed video = %d, links %v", st, oembedLinks(body))
		}
		token, _ := playbackToken(s, video)
		st, _, body = embed(t, s, "/embed/"+video+"?token="+url.QueryEscape(token), nil)
		if st != http.StatusOK || strings.Contains(body, "oembed") {
			t.Errorf("tokened page of a signed video = %d, links %v: want none (oEmbed refuses it)", st, oembedLinks(body))
		}
	})
}
