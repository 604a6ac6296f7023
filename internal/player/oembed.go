package player

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/thumbnail"
	"github.com/vidra-dev/vidra/ent/video"
)

// oEmbed is an oEmbed 1.0 response of type video.
type oEmbed struct {
	Version         string `json:"version"`
	Type            string `json:"type"`
	ProviderName    string `json:"provider_name"`
	ProviderURL     string `json:"provider_url"`
	Title           string `json:"title"`
	HTML            string `json:"html"`
	Width           int    `json:"width"`
	Height          int    `json:"height"`
	ThumbnailURL    string `json:"thumbnail_url,omitempty"`
	ThumbnailWidth  int    `json:"thumbnail_width,omitempty"`
	ThumbnailHeight int    `json:"thumbnail_height,omitempty"`
}

// ServeOEmbed serves GET /oembed?url=<embed or video URL>&format=json
// [&maxwidth=&maxheight=]: the iframe snippet of a public video's player.
// format=xml is 501 (JSON only); a URL that names no video of this server, or a
// video not ready, is 404; a video whose project signs playback is 401 (its
// page needs a token the customer's backend mints).
func (s *Server) ServeOEmbed(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	if f := q.Get("format"); f != "" && f != "json" {
		oembedError(w, http.StatusNotImplemented, "only format=json is supported")
		return
	}
	maxW, errW := dimension(q.Get("maxwidth"))
	maxH, errH := dimension(q.Get("maxheight"))
	if errW != nil || errH != nil {
		oembedError(w, http.StatusBadRequest, "maxwidth and maxheight are positive integers")
		return
	}
	raw := q.Get("url")
	if raw == "" {
		oembedError(w, http.StatusBadRequest, "url is required")
		return
	}
	id, ok := s.videoOf(r, raw)
	if !ok {
		oembedError(w, http.StatusNotFound, "the URL is not a video of this server")
		return
	}
	ctx := r.Context()
	v, err := s.Client.Video.Get(ctx, id)
	if ent.IsNotFound(err) || (err == nil && v.Status != video.StatusReady) {
		oembedError(w, http.StatusNotFound, "no embeddable video at this URL")
		return
	}
	if err != nil {
		s.Log.ErrorContext(ctx, "oembed", "err", err)
		oembedError(w, http.StatusInternalServerError, "internal error")
		return
	}
	policy, err := s.Policies.PolicyFor(ctx, v.ProjectID)
	if err != nil {
		s.Log.ErrorContext(ctx, "oembed", "err", err)
		oembedError(w, http.StatusInternalServerError, "internal error")
		return
	}
	if policy.SignedOnly {
		oembedError(w, http.StatusUnauthorized, "this video plays only with a playback token")
		return
	}
	width, height := frameSize(v.Width, v.Height, maxW, maxH)
	out := oEmbed{
		Version: "1.0", Type: "video", ProviderName: "Vidra", ProviderURL: s.PublicURL + "/",
		Title: v.Title, HTML: EmbedCode(s.PublicURL, v.ID, v.Title, width, height), Width: width, Height: height,
	}
	if ok, _ := s.Client.Thumbnail.Query().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).Exist(ctx); ok {
		out.ThumbnailURL = s.PublicURL + playURL(v.ID, "poster.jpg", "")
		out.ThumbnailWidth, out.ThumbnailHeight = frameSize(v.Width, v.Height, maxW, maxH)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=300")
	_ = json.NewEncoder(w).Encode(out)
}

// videoOf is the video id of an embed URL (/embed/{id}) of this server: its
// host must be the public URL's, or the host the request was sent to.
func (s *Server) videoOf(r *http.Request, raw string) (uuid.UUID, bool) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return uuid.UUID{}, false
	}
	pub, _ := url.Parse(s.PublicURL)
	if !strings.EqualFold(u.Host, r.Host) && (pub == nil || !strings.EqualFold(u.Host, pub.Host)) {
		return uuid.UUID{}, false
	}
	rest, ok := strings.CutPrefix(u.Path, "/embed/")
	if !ok || len(rest) != 36 {
		return uuid.UUID{}, false
	}
	id, err := uuid.Parse(rest)
	return id, err == nil
}

// dimension reads maxwidth or maxheight: 0 when absent.
func dimension(raw string) (int, error) {
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err == nil && n <= 0 {
		err = strconv.ErrRange
	}
	return n, err
}

// oembedError answers with a status and a plain message.
func oembedError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(msg + "\n"))
}
