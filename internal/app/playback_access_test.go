package app_test

import (
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// testCaption is a small valid WebVTT track.
const testCaption = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nOlá\n"

// trackedVideo creates a video in a new project with a Portuguese caption and two
// chapters, and returns the project and the video.
func trackedVideo(t *testing.T, s *apptest.Server) (proj, video string) {
	t.Helper()
	proj = s.CreateProject(s.CreateOrganization("Acme"), "Tracks")
	video = s.CreateVideo(proj, "", "Talk")
	s.MustGraphQLUpload(`mutation($v: ID!, $file: Upload!) { uploadCaption(videoID: $v, language: "pt-BR", label: "Português", file: $file) { id } }`,
		map[string]any{"v": video}, nil, apptest.File{Var: "file", Name: "pt.vtt", Content: []byte(testCaption)})
	s.MustGraphQL(`mutation($v: ID!) { setVideoChapters(videoID: $v, chapters: [{title: "Intro", startSeconds: 0}, {title: "Main", startSeconds: 30}]) { id } }`,
		map[string]any{"v": video}, nil)
	return proj, video
}

// play GETs a playback path with the given request headers.
func play(t *testing.T, s *apptest.Server, path string, headers map[string]string) (int, string) {
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
	return res.StatusCode, string(body)
}

// TestCaptionsAndChaptersArePlayed: a public project serves a video's caption by
// language and its chapters as WebVTT; an unknown language is 404.
func TestCaptionsAndChaptersArePlayed(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		_, video := trackedVideo(t, s)
		base := "/v1/play/" + video
		st, body := play(t, s, base+"/captions/pt-BR.vtt", nil)
		if st != http.StatusOK || body != testCaption {
			t.Errorf("caption = %d %q", st, body)
		}
		st, body = play(t, s, base+"/chapters.vtt", nil)
		if st != http.StatusOK || !strings.HasPrefix(body, "WEBVTT") || !strings.Contains(body, "00:00:30.000 --> ") ||
			!strings.Contains(body, "Intro") || !strings.Contains(body, "Main") {
			t.Errorf("chapters = %d %q", st, body)
		}
		if st, _ := play(t, s, base+"/captions/fr.vtt", nil); st != http.StatusNotFound {
			t.Errorf("caption in a language the video lacks = %d, want 404", st)
		}
	})
}

// TestSignedOnlyProjectRefusesUntokenedTracks: with playback signed in the
// project's access control, captions and chapters need a token from
// createPlaybackToken, bound to the video.
func TestSignedOnlyProjectRefusesUntokenedTracks(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		accessControl(s, proj, `{playback: signed}`)
		base := "/v1/play/" + video
		for _, f := range []string{"/captions/pt-BR.vtt", "/chapters.vtt"} {
			if st, _ := play(t, s, base+f, nil); st != http.StatusUnauthorized {
				t.Errorf("untokened %s = %d, want 401", f, st)
			}
		}
		token, _ := playbackToken(s, video)
		for _, f := range []string{"/captions/pt-BR.vtt", "/chapters.vtt"} {
			if st, body := play(t, s, base+f+"?token="+token, nil); st != http.StatusOK || !strings.HasPrefix(body, "WEBVTT") {
				t.Errorf("tokened %s = %d %q", f, st, body)
			}
		}
		other := s.CreateVideo(proj, "", "Other")
		if st, _ := play(t, s, "/v1/play/"+other+"/chapters.vtt?token="+token, nil); st != http.StatusForbidden {
			t.Errorf("another video's token = %d, want 403", st)
		}
	})
}

// TestAllowedDomainsAreEnforced: with allowed domains, playback is served to
// pages on those hosts only (Origin, else Referer); *.x allows x's subdomains.
func TestAllowedDomainsAreEnforced(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		accessControl(s, proj, `{allowedDomains: ["example.com", "*.tv.example.org"]}`)
		path := "/v1/play/" + video + "/captions/pt-BR.vtt"
		cases := []struct {
			name    string
			headers map[string]string
			status  int
		}{
			{"no Origin or Referer", nil, http.StatusForbidden},
			{"listed host", map[string]string{"Origin": "https://example.com"}, http.StatusOK},
			{"listed host by Referer", map[string]string{"Referer": "https://example.com/watch?v=1"}, http.StatusOK},
			{"subdomain of an exact entry", map[string]string{"Origin": "https://www.example.com"}, http.StatusForbidden},
			{"subdomain of a wildcard", map[string]string{"Origin": "https://live.tv.example.org"}, http.StatusOK},
			{"wildcard's own host", map[string]string{"Origin": "https://tv.example.org"}, http.StatusForbidden},
			{"look-alike host", map[string]string{"Origin": "https://evilexample.com"}, http.StatusForbidden},
			{"other host", map[string]string{"Origin": "https://other.net", "Referer": "https://example.com/"}, http.StatusForbidden},
		}
		for _, c := range cases {
			if st, _ := play(t, s, path, c.headers); st != c.status {
				t.Errorf("%s: %d, want %d", c.name, st, c.status)
			}
		}
	})
}

// TestCountryRulesAreEnforced: allowed and blocked countries are read from the
// configured client-country header (VIDRA_COUNTRY_HEADER), set by a trusted
// proxy (the test client connects from loopback, trusted here).
func TestCountryRulesAreEnforced(t *testing.T) {
	env := map[string]string{"VIDRA_COUNTRY_HEADER": "CF-IPCountry", "VIDRA_TRUSTED_PROXIES": "127.0.0.0/8,::1"}
	forEachDialect(t, env, func(t *testing.T, s *apptest.Server) {
		allowedProj, allowedVideo := trackedVideo(t, s)
		accessControl(s, allowedProj, `{allowedCountries: ["PT", "BR"]}`)
		blockedProj, blockedVideo := trackedVideo(t, s)
		accessControl(s, blockedProj, `{blockedCountries: ["KP"]}`)
		cases := []struct {
			name, video string
			headers     map[string]string
			status      int
		}{
			{"allowed country", allowedVideo, map[string]string{"CF-IPCountry": "br"}, http.StatusOK},
			{"country not allowed", allowedVideo, map[string]string{"CF-IPCountry": "US"}, http.StatusForbidden},
			{"unknown country where some are allowed", allowedVideo, nil, http.StatusForbidden},
			{"another header than the configured one", allowedVideo, map[string]string{"X-Country-Code": "PT"}, http.StatusForbidden},
			{"blocked country", blockedVideo, map[string]string{"CF-IPCountry": "KP"}, http.StatusForbidden},
			{"country not blocked", blockedVideo, map[string]string{"CF-IPCountry": "US"}, http.StatusOK},
			{"unknown country where some are blocked", blockedVideo, nil, http.StatusOK},
		}
		for _, c := range cases {
			if st, _ := play(t, s, "/v1/play/"+c.video+"/chapters.vtt", c.headers); st != c.status {
				t.Errorf("%s: %d, want %d", c.name, st, c.status)
			}
		}
	})
}

// TestCountryHeaderFromAnUntrustedClientIsIgnored: a client that connects
// directly (no trusted proxy) cannot name its own country: with countries
// allowed it is refused whatever it says, and a blocked one it names is not
// believed either (the country is unknown).
func TestCountryHeaderFromAnUntrustedClientIsIgnored(t *testing.T) {
	forEachDialect(t, map[string]string{"VIDRA_COUNTRY_HEADER": "CF-IPCountry"}, func(t *testing.T, s *apptest.Server) {
		allowedProj, allowedVideo := trackedVideo(t, s)
		accessControl(s, allowedProj, `{allowedCountries: ["PT"]}`)
		blockedProj, blockedVideo := trackedVideo(t, s)
		accessControl(s, blockedProj, `{blockedCountries: ["KP"]}`)
		if st, _ := play(t, s, "/v1/play/"+allowedVideo+"/chapters.vtt", map[string]string{"CF-IPCountry": "PT"}); st != http.StatusForbidden {
			t.Errorf("allowed country named by the client itself: %d, want 403", st)
		}
		if st, _ := play(t, s, "/v1/play/"+blockedVideo+"/chapters.vtt", map[string]string{"CF-IPCountry": "KP"}); st != http.StatusOK {
			t.Errorf("blocked country named by the client itself: %d, want 200 (unknown country)", st)
		}
	})
}

// TestPlaybackTokenLifetimeBounds: createPlaybackToken gives the project's
// default lifetime and refuses one outside its bounds.
func TestPlaybackTokenLifetimeBounds(t *testing.T) {
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		proj, video := trackedVideo(t, s)
		accessControl(s, proj, `{playback: signed, tokenTTLMin: 60, tokenTTLDefault: 120, tokenTTLMax: 300}`)
		sign := `mutation($v: ID!, $e: Int) { createPlaybackToken(videoID: $v, expiresIn: $e) { token expiresAt } }`
		for _, e := range []int{59, 301} {
			if code := s.ErrorCode(sign, map[string]any{"v": video, "e": e}); code != "INVALID_INPUT" {
				t.Errorf("expiresIn %d: %s, want INVALID_INPUT", e, code)
			}
		}
		for e, want := range map[any]int64{nil: 120, 300: 300, 60: 60} {
			var out struct {
				CreatePlaybackToken struct {
					Token     string
					ExpiresAt string
				}
			}
			s.MustGraphQL(sign, map[string]any{"v": video, "e": e}, &out)
			exp, _, _ := strings.Cut(out.CreatePlaybackToken.Token, ".")
			if got := expiresIn(t, exp); got < want-5 || got > want {
				t.Errorf("expiresIn %v: token lives %ds, want %d", e, got, want)
			}
		}
	})
}

// expiresIn is how many seconds from now a token's unix expiry is.
func expiresIn(t *testing.T, unix string) int64 {
	t.Helper()
	n, err := strconv.ParseInt(unix, 10, 64)
	if err != nil {
		t.Fatalf("token expiry %q: %v", unix, err)
	}
	return n - time.Now().Unix()
}
