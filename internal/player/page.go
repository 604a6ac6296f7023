package player

import (
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/playback"
)

// Server serves the player's page (GET /embed/{videoId}) and oEmbed (GET /oembed).
type Server struct {
	Client   *ent.Client
	Signer   *playback.Signer
	Policies playback.PolicySource
	Assets   *Assets
	// PublicURL is the address clients see (VIDRA_PUBLIC_URL): oEmbed's iframe
	// addresses and the URLs it accepts.
	PublicURL string
	// CountryHeader carries the client's country code from a trusted proxy.
	CountryHeader string
	Log           *slog.Logger
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// refusal is a page the player cannot be shown on, with the status it answers.
type refusal struct {
	status int
	msg    string
}

func (e *refusal) Error() string { return e.msg }

// ServeHTTP serves GET /embed/{videoId}[?player={playerId}&token=...]: the
// player's HTML page configured by the player (the project's default one when
// none is named), or a page that says why the video cannot be played here.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	cfg, policy, err := s.configure(r)
	var ref *refusal
	if errors.As(err, &ref) {
		writeRefusal(w, r, ref.status, ref.msg)
		return
	}
	if err != nil {
		s.Log.ErrorContext(r.Context(), "embed page", "path", r.URL.Path, "err", err)
		writeRefusal(w, r, http.StatusInternalServerError, "The player could not be loaded. Please try again later.")
		return
	}
	s.writePage(w, r, cfg, policy)
}

// configure applies the access control and reads what the page needs.
func (s *Server) configure(r *http.Request) (*pageConfig, playback.Policy, error) {
	ctx := r.Context()
	idPart := strings.TrimPrefix(r.URL.Path, "/embed/")
	id, err := uuid.Parse(idPart)
	if err != nil || len(idPart) != 36 {
		return nil, playback.Policy{}, &refusal{http.StatusBadRequest, "This link does not name a video."}
	}
	v, err := s.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, playback.Policy{}, &refusal{http.StatusNotFound, "This video does not exist or was removed."}
	}
	if err != nil {
		return nil, playback.Policy{}, err
	}
	policy, err := s.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		return nil, policy, err
	}
	if !policy.EmbedderAllowed(r) {
		return nil, policy, &refusal{http.StatusForbidden, "This video cannot be played on this website."}
	}
	token := r.URL.Query().Get("token")
	tokenErr := s.Signer.Verify(token, id, s.now())
	if token != "" && tokenErr != nil {
		// A token that is given must be valid, signed-only project or not.
		return nil, policy, &refusal{http.StatusForbidden, "This video's link has expired or is not valid: " + tokenErr.Error() + "."}
	}
	if status, msg := playback.Admit(r, policy, token, tokenErr, s.CountryHeader); status != 0 {
		if status == http.StatusUnauthorized {
			msg = "This video is private: it plays only from a link with a playback token."
		} else {
			msg = strings.ToUpper(msg[:1]) + msg[1:] + "."
		}
		return nil, policy, &refusal{status, msg}
	}
	// A live session's video plays its live HLS (the master names
	// live/index.m3u8 while the video is live), as /v1/play serves it.
	if v.Status != video.StatusReady && v.Status != video.StatusLive {
		return nil, policy, &refusal{http.StatusConflict, "This video is not ready yet: it is being processed."}
	}
	if token == "" && v.Encrypted {
		// The AES key is served only with a token: the page, admitted, gets one.
		token = s.Signer.Sign(id, s.now().Add(policy.TokenTTL))
	}
	cfg, err := s.pageConfig(ctx, r, v, token)
	return cfg, policy, err
}

// writeRefusal writes the page shown instead of the player: the reason, in the
// player's frame (it may be framed anywhere: it shows nothing of the video).
func writeRefusal(w http.ResponseWriter, r *http.Request, status int, msg string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'")
	writeHTML(w, r, status, fmt.Appendf(nil, `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Video unavailable</title>`+
		`<style>html,body{margin:0;height:100%%;background:#000;color:#eee;font:16px/1.4 system-ui,sans-serif}`+
		`main{display:flex;height:100%%;align-items:center;justify-content:center;text-align:center;padding:1em;box-sizing:border-box}</style></head>`+
		`<body><main><p id="vidra-refusal" role="alert" data-status="%d">%s</p></main></body></html>`, status, html.EscapeString(msg)))
}

// writePage writes the player's page: the configuration as JSON data, the
// bundles by their hashed names, and a Content-Security-Policy whose
// frame-ancestors are the project's allowed domains.
func (s *Server) writePage(w http.ResponseWriter, r *http.Request, cfg *pageConfig, policy playback.Policy) {
	raw, err := json.Marshal(cfg) // escapes <, > and &: safe inside <script>
	if err != nil {
		writeRefusal(w, r, http.StatusInternalServerError, "The player could not be loaded.")
		return
	}
	remote := "'self'"
	if len(cfg.Ads) > 0 {
		remote = "*" // VAST tags, their media files and tracking are elsewhere
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "private, no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
	h.Set("Content-Security-Policy", strings.Join([]string{
		"default-src 'none'",
		"script-src 'self'",
		"style-src 'self'",
		"img-src * data: blob:",
		"media-src " + remote + " blob:",
		"connect-src " + remote,
		"worker-src blob:",
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors " + policy.FrameAncestors(),
	}, "; "))
	// The manifest is preloaded (as the fetch hls.js makes of it, same mode and
	// credentials): its request goes out with the bundles', not after the script
	// has loaded and run, which is where a bare hls.js page starts it.
	writeHTML(w, r, http.StatusOK, fmt.Appendf(nil, `<!doctype html><html lang="en"><head><meta charset="utf-8">`+
		`<meta name="viewport" content="width=device-width,initial-scale=1"><title>%s</title>%s`+
		`<link rel="preload" href="%s" as="fetch" crossorigin="anonymous">`+
		`<link rel="stylesheet" href="%s%s"><script id="vidra-config" type="application/json">%s</script>`+
		`<script src="%s%s" defer></script></head><body><div id="vidra-player"></div></body></html>`,
		html.EscapeString(cfg.Title), s.oembedLink(cfg, policy), html.EscapeString(cfg.Src), assetPrefix, s.Assets.Style, raw, assetPrefix, s.Assets.Script))
}

// oembedLink is the page's oEmbed discovery link (oEmbed 1.0, section 4): the
// absolute address of GET /oembed for the page's canonical URL (/embed/{id},
// without the page's token or player), JSON, the only format served. A video
// of a project that signs playback gets none: oEmbed refuses it (401), and its
// page, shown only with a token, names nothing more than it did.
func (s *Server) oembedLink(cfg *pageConfig, policy playback.Policy) string {
	base := s.PublicURL // required by the configuration; never the request's Host
	if policy.SignedOnly || base == "" {
		return ""
	}
	id, err := uuid.Parse(cfg.VideoID)
	if err != nil {
		return ""
	}
	href := base + "/oembed?url=" + url.QueryEscape(EmbedURL(base, id)) + "&format=json"
	return `<link rel="alternate" type="application/json+oembed" href="` + html.EscapeString(href) +
		`" title="` + html.EscapeString(cfg.Title) + `">`
}

// playURL is the path of a file of a video's playback, with the token when there is one.
func playURL(id uuid.UUID, file, token string) string {
	u := "/v1/play/" + id.String() + "/" + file
	if token != "" {
		u += "?token=" + url.QueryEscape(token)
	}
	return u
}
