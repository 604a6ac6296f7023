package playback

import (
	"bytes"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
	"golang.org/x/sync/singleflight"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/thumbnail"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/usage"
)

// Server serves /v1/play/{videoId}/...
type Server struct {
	Client   *ent.Client
	Bucket   *blob.Bucket
	Signer   *Signer
	Policies PolicySource
	Log      *slog.Logger
	// CountryHeader carries the client's country code for country rules; it is
	// believed only from a trusted proxy (clientip.ViaTrustedProxy).
	CountryHeader string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Delivery takes the delivery figures of each response (the analytics
	// writer), for per-video analytics.
	Delivery DeliverySink
	// Usage meters the bytes and segment seconds delivered, in memory, for
	// billing (usage_hourly after each flush); nil meters nothing.
	Usage *usage.Meter
	// Limits refuses new playback sessions (master playlists) of an
	// organization over its plan's hard limit or unpaid (billing.Limits); nil
	// refuses none. Playlists, segments and keys of sessions in progress are
	// never refused.
	Limits LimitChecker

	// Tools runs ffmpeg for the image API (images.go).
	Tools media.Tools
	// ImagesPerVideo caps the image API's pictures kept per video; a new one
	// past it is made for its request only. 0 keeps 500.
	ImagesPerVideo int

	segments segmentDurations
	// liveMasters caches live sessions' master playlists (live_master.go).
	liveMasters liveMasterCache
	// images makes each picture of the image API once however many ask for it
	// at the same time; imageSlots bounds the pictures made at once.
	images         singleflight.Group
	imageSlots     chan struct{}
	imageSlotsOnce sync.Once
	imagesMade     atomic.Int64
}

// LimitChecker says whether a project's organization may start a playback
// session (billing.Limits): an error when not.
type LimitChecker interface {
	CheckProject(projectID uuid.UUID) error
}

// Blob layout, kept in step with the jobs package (which writes it).
func hlsKey(id uuid.UUID, rest string) string   { return "videos/" + id.String() + "/hls/" + rest }
func imageKey(id uuid.UUID, rest string) string { return "videos/" + id.String() + "/images/" + rest }

// file names a client may ask for inside a rendition or the video's folder.
var (
	renditionFile = regexp.MustCompile(`^[0-9a-z]{1,20}/(index\.m3u8|seg_[0-9]{5,9}\.(ts|m4s)|init\.mp4)$`)
	thumbFile     = regexp.MustCompile(`^thumbnails/([0-9a-f-]{36})\.(jpg|png|webp)$`)
)

func (s *Server) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// ServeHTTP serves one file of a video's playback: the master and rendition
// playlists, segments, the AES key, poster, thumbnails, storyboard, captions and
// chapters, and the image API's stills and animations. rest is
// the path after /v1/play/; the router passes the whole request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	rest := strings.TrimPrefix(r.URL.Path, "/v1/play/")
	idPart, file, _ := strings.Cut(rest, "/")
	if idPart == "transcoding" {
		s.serveTranscoding(w, r, file)
		return
	}
	id, err := uuid.Parse(idPart)
	if err != nil || len(idPart) != 36 {
		http.Error(w, "malformed video id", http.StatusBadRequest)
		return
	}
	ctx := r.Context()
	v, err := s.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) {
		http.Error(w, "video not found", http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	policy, err := s.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	token := r.URL.Query().Get("token")
	if token == "" {
		token = r.Header.Get("X-Playback-Token")
	}
	tokenErr := s.Signer.Verify(token, id, s.now())
	if status, msg := s.allowed(r, policy, token, tokenErr); status != 0 {
		http.Error(w, msg, status)
		return
	}
	cw := &countingWriter{ResponseWriter: w}
	s.serveFile(cw, r, v, file, token, tokenErr)
	// Refusals and errors (4xx, 5xx) are not delivery: only content served counts.
	if cw.n > 0 && cw.status < http.StatusBadRequest {
		s.record(r, v, file, cw)
	}
}

// allowed applies the access control; it returns 0 when the request may proceed.
func (s *Server) allowed(r *http.Request, p Policy, token string, tokenErr error) (int, string) {
	return Admit(r, p, token, tokenErr, s.CountryHeader)
}

// Admit applies a project's access control to a request for one of its videos:
// the token (tokenErr is Signer.Verify's answer for it), the allowed domains of
// the requesting page and the countries. It returns 0 when the request may
// proceed, else the HTTP status and the reason to show. The embeddable player's
// page (package player) applies it too, so a page refused here is refused there.
func Admit(r *http.Request, p Policy, token string, tokenErr error, countryHeader string) (int, string) {
	if p.SignedOnly && tokenErr != nil {
		if token == "" {
			return http.StatusUnauthorized, "this video needs a playback token (POST /v1/key)"
		}
		return http.StatusForbidden, tokenErr.Error()
	}
	if !p.OriginAllowed(r) {
		return http.StatusForbidden, "playback is not allowed from this domain"
	}
	if len(p.AllowedCountries)+len(p.BlockedCountries) > 0 {
		c := clientCountry(r, countryHeader)
		if slices.Contains(p.BlockedCountries, c) || (len(p.AllowedCountries) > 0 && !slices.Contains(p.AllowedCountries, c)) {
			return http.StatusForbidden, "playback is not allowed in this country"
		}
	}
	return 0, ""
}

// clientCountry is the client's country code from the header a trusted proxy
// sets (a CDN's geolocation, say), or "" when unknown. The header is believed
// only from a trusted proxy (VIDRA_TRUSTED_PROXIES): a client connecting
// directly could name any country it likes.
func clientCountry(r *http.Request, header string) string {
	if !clientip.ViaTrustedProxy(r) {
		return ""
	}
	return strings.ToUpper(strings.TrimSpace(r.Header.Get(header)))
}

// ownHost reports whether host is the host r was sent to: a page of Vidra's own
// (the embeddable player, /embed/{videoId}, which applies the domain rules to the
// page embedding it) asking for playback. A browser never sends another site's
// page as Origin or Referer, so a page elsewhere cannot pass for it.
func ownHost(r *http.Request, host string) bool {
	if host == "" {
		return false
	}
	h := r.Host
	if name, _, err := net.SplitHostPort(h); err == nil {
		h = name
	}
	return strings.EqualFold(strings.Trim(h, "[]"), host)
}

// requestingHost is the host of the page that plays: Origin, else Referer.
func requestingHost(r *http.Request) string {
	for _, h := range []string{r.Header.Get("Origin"), r.Header.Get("Referer")} {
		if u, err := url.Parse(h); err == nil && u.Hostname() != "" {
			return strings.ToLower(u.Hostname())
		}
	}
	return ""
}

// domainAllowed reports whether host matches an allowed domain: "example.com"
// matches that host only, "*.example.com" any subdomain of example.com (not
// example.com itself, which is listed on its own when wanted).
func domainAllowed(host string, allowed []string) bool {
	if host == "" {
		return false
	}
	for _, d := range allowed {
		if suffix, ok := strings.CutPrefix(d, "*."); ok {
			if strings.HasSuffix(host, "."+suffix) {
				return true
			}
		} else if host == d {
			return true
		}
	}
	return false
}

func (s *Server) serveFile(w http.ResponseWriter, r *http.Request, v *ent.Video, file, token string, tokenErr error) {
	cache := "public, max-age=31536000, immutable"
	if token != "" {
		cache = "private, max-age=3600"
	}
	switch {
	case liveFile.MatchString(file):
		s.serveLive(w, r, v, file, token, tokenErr, cache)
	case file == "master.m3u8", file == media.DASHManifestName, renditionFile.MatchString(file) && path.Ext(file) == ".m3u8":
		s.serveManifest(w, r, v, file, token)
	case renditionFile.MatchString(file):
		s.serveBlob(w, r, hlsKey(v.ID, file), cache)
	case file == "key":
		s.serveKey(w, r, v, tokenErr)
	case file == "poster.jpg":
		t, err := s.Client.Thumbnail.Query().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).First(r.Context())
		if ent.IsNotFound(err) {
			http.Error(w, "the video has no poster yet", http.StatusNotFound)
			return
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.serveBlob(w, r, t.Key, "public, max-age=60")
	case thumbFile.MatchString(file):
		tid, _ := uuid.Parse(thumbFile.FindStringSubmatch(file)[1])
		t, err := s.Client.Thumbnail.Query().Where(thumbnail.ID(tid), thumbnail.VideoID(v.ID)).Only(r.Context())
		if ent.IsNotFound(err) {
			http.Error(w, "thumbnail not found", http.StatusNotFound)
			return
		}
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.serveBlob(w, r, t.Key, cache)
	case strings.HasPrefix(file, DownloadsFolder):
		s.serveDownload(w, r, v, strings.TrimPrefix(file, DownloadsFolder), cache)
	case stillFile.MatchString(file), animatedFile.MatchString(file):
		s.serveImage(w, r, v, file, cache)
	case file == "storyboard.jpg":
		s.serveBlob(w, r, imageKey(v.ID, file), "public, max-age=300")
	case file == "storyboard.vtt":
		s.servePlaylist(w, r, imageKey(v.ID, file), token, "public, max-age=300")
	case file == "chapters.vtt":
		s.serveChapters(w, r, v, token)
	case captionFile.MatchString(file):
		m := captionFile.FindStringSubmatch(file)
		s.serveCaption(w, r, v, m[1], m[2], token)
	default:
		http.Error(w, "not found", http.StatusNotFound)
	}
}

func playlistCache(v *ent.Video) string {
	if v.Status == "ready" {
		return "public, max-age=300"
	}
	return "no-cache" // the master grows while the ladder is transcoded
}

// servePlaylist serves a playlist or WebVTT, carrying the request's token into every
// URI it names, so the player's next requests are authorised too.
func (s *Server) servePlaylist(w http.ResponseWriter, r *http.Request, key, token, cache string) {
	if body, ok := s.readBlob(w, r, key); ok {
		writePlaylist(w, r, key, body, token, cache)
	}
}

// readBlob reads a whole blob, or answers 404 (not written yet) or 500 and
// reports false.
func (s *Server) readBlob(w http.ResponseWriter, r *http.Request, key string) ([]byte, bool) {
	body, err := s.Bucket.ReadAll(r.Context(), key)
	if gcerrors.Code(err) == gcerrors.NotFound {
		http.Error(w, "not available yet", http.StatusNotFound)
		return nil, false
	}
	if err != nil {
		s.fail(w, r, err)
		return nil, false
	}
	return body, true
}

// writePlaylist writes a playlist or WebVTT body (named by key, for its type) with
// the request's token carried into its URIs.
func writePlaylist(w http.ResponseWriter, r *http.Request, key string, body []byte, token, cache string) {
	if token != "" {
		body = withToken(body, token)
		cache = "private, no-cache"
	}
	writeBody(w, r, key, body, cache)
}

// writeBody answers a whole manifest held in memory, typed by its key's
// extension, with the Cache-Control given (ranges and conditional requests
// as http.ServeContent does them).
func writeBody(w http.ResponseWriter, r *http.Request, key string, body []byte, cache string) {
	w.Header().Set("Content-Type", media.ContentType(key))
	w.Header().Set("Cache-Control", cache)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

var keyURI = regexp.MustCompile(`URI="([^"]*)"`)

// withToken appends ?token= to each URI line (playlists, segments, WebVTT), each URI="..." attribute and each
// WebVTT image reference of a playlist.
func withToken(body []byte, token string) []byte {
	return withQuery(body, "token="+url.QueryEscape(token))
}

// withQuery appends the query q to each URI a playlist names, as withToken says.
func withQuery(body []byte, q string) []byte {
	add := func(u string) string {
		base, frag, hasFrag := strings.Cut(u, "#")
		sep := "?"
		if strings.Contains(base, "?") {
			sep = "&"
		}
		if hasFrag {
			return base + sep + q + "#" + frag
		}
		return base + sep + q
	}
	lines := strings.Split(string(body), "\n")
	for i, l := range lines {
		switch {
		case strings.HasPrefix(l, "#"):
			lines[i] = keyURI.ReplaceAllStringFunc(l, func(m string) string {
				return `URI="` + add(keyURI.FindStringSubmatch(m)[1]) + `"`
			})
		case strings.Contains(l, "#xywh="), strings.HasSuffix(l, ".m3u8"), strings.HasSuffix(l, ".ts"), strings.HasSuffix(l, ".m4s"), strings.HasSuffix(l, ".vtt"):
			lines[i] = add(l)
		}
	}
	return []byte(strings.Join(lines, "\n"))
}

// serveKey serves the AES-128 key of an encrypted video, only with a valid token.
func (s *Server) serveKey(w http.ResponseWriter, r *http.Request, v *ent.Video, tokenErr error) {
	if !v.Encrypted || v.EncryptionKey == "" {
		http.Error(w, "the video is not encrypted", http.StatusNotFound)
		return
	}
	if refuseToken(w, tokenErr) {
		return
	}
	key, err := hex.DecodeString(v.EncryptionKey)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(key)
}

// refuseToken answers a key request whose playback token failed (401 when
// there is none, 403 when it is bad) and reports whether it did.
func refuseToken(w http.ResponseWriter, tokenErr error) bool {
	if tokenErr == nil {
		return false
	}
	status := http.StatusForbidden
	if errors.Is(tokenErr, ErrTokenMissing) {
		status = http.StatusUnauthorized
	}
	http.Error(w, tokenErr.Error(), status)
	return true
}

// serveBlob streams a blob with Range support, or answers 404 when it is not
// written yet.
func (s *Server) serveBlob(w http.ResponseWriter, r *http.Request, key, cache string) {
	if !s.serveStoredBlob(w, r, key, cache) {
		http.Error(w, "not available yet", http.StatusNotFound)
	}
}

// serveStoredBlob streams the blob at key with Range support and reports true,
// or writes nothing and reports false when there is no such blob (an error
// reading it is answered, and reported true).
func (s *Server) serveStoredBlob(w http.ResponseWriter, r *http.Request, key, cache string) bool {
	rd, err := s.Bucket.NewReader(r.Context(), key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return false
	}
	if err != nil {
		s.fail(w, r, err)
		return true
	}
	defer func() { _ = rd.Close() }()
	w.Header().Set("Content-Type", media.ContentType(key))
	w.Header().Set("Cache-Control", cache)
	http.ServeContent(w, r, "", rd.ModTime(), readSeeker{rd})
	return true
}

// readSeeker adapts blob.Reader (which seeks) for http.ServeContent.
type readSeeker struct{ *blob.Reader }

var _ io.ReadSeeker = readSeeker{}

func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	s.Log.ErrorContext(r.Context(), "playback", "path", r.URL.Path, "err", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}
