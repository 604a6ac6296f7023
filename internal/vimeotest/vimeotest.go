// Package vimeotest is a Vimeo API on loopback for tests: GET /me and GET
// /me/videos (paged, the real response shape), 401 for any other token, and the
// videos' download links served by the same server.
package vimeotest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// Token is the access token the fake accepts unless Options.Token says otherwise.
const Token = "vimeo-test-token-0123456789"

// Video is one video of the fake account.
type Video struct {
	ID          string
	Name        string
	Description string
	Duration    int
	// NoDownload leaves its download and files lists empty (a video the account may not download).
	NoDownload bool
}

// Options shape the fake.
type Options struct {
	// Token is the one valid access token (Token when empty).
	Token string
	// Videos are the account's videos, in listing order.
	Videos []Video
	// PerPage caps the page size whatever per_page asks (forcing several pages).
	PerPage int
	// Clip is the file every download link serves; without it the links answer 404.
	Clip []byte
}

// Server is a running fake Vimeo API.
type Server struct {
	*httptest.Server
	opts Options
	// Downloads counts the requests of download links.
	Downloads atomic.Int64
	revoked   atomic.Bool
	mu        sync.Mutex
	pages     []string
}

// New starts a fake on loopback, closed at the test's cleanup.
func New(t testing.TB, o Options) *Server {
	s := Start(o)
	t.Cleanup(s.Close)
	return s
}

// Start starts a fake on loopback that the caller closes.
func Start(o Options) *Server {
	if o.Token == "" {
		o.Token = Token
	}
	if o.PerPage <= 0 {
		o.PerPage = 100
	}
	s := &Server{opts: o}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /me", s.authorized(s.me))
	mux.HandleFunc("GET /me/videos", s.authorized(s.videos))
	mux.HandleFunc("GET /download/{file}", s.download)
	s.Server = httptest.NewServer(mux)
	return s
}

// DefaultVideos are three videos, the last without downloads.
func DefaultVideos() []Video {
	return []Video{
		{ID: "1001", Name: "Launch film", Description: "Our launch.", Duration: 2},
		{ID: "1002", Name: "Behind the scenes", Duration: 2},
		{ID: "1003", Name: "Private cut", Description: "No downloads.", Duration: 2, NoDownload: true},
	}
}

// Revoke makes the valid token invalid from now on, as a user revoking it on Vimeo.
func (s *Server) Revoke() { s.revoked.Store(true) }

// Pages are the /me/videos pages requested so far ("1", "2", ...).
func (s *Server) Pages() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.pages...)
}

// DownloadURL is the link of a video's file.
func (s *Server) DownloadURL(id string) string { return s.URL + "/download/" + id + ".mp4" }

func (s *Server) authorized(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		scheme, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		if !strings.EqualFold(scheme, "bearer") || token != s.opts.Token || s.revoked.Load() {
			w.Header().Set("Content-Type", "application/vnd.vimeo.error+json")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"error": "You must provide a valid authenticated access token.", "link": null, "developer_message": "The authentication token is missing a user ID and must be provided when making this request.", "error_code": 8003}`))
			return
		}
		next(w, r)
	}
}

func (s *Server) me(w http.ResponseWriter, _ *http.Request) {
	writeJSON(w, map[string]any{"uri": "/users/4242", "name": "Test Studio", "link": "https://vimeo.com/teststudio"})
}

func (s *Server) videos(w http.ResponseWriter, r *http.Request) {
	page, _ := strconv.Atoi(r.URL.Query().Get("page"))
	page = max(page, 1)
	per, _ := strconv.Atoi(r.URL.Query().Get("per_page"))
	if per <= 0 || per > s.opts.PerPage {
		per = s.opts.PerPage
	}
	s.mu.Lock()
	s.pages = append(s.pages, strconv.Itoa(page))
	s.mu.Unlock()
	all := s.opts.Videos
	last := max(1, (len(all)+per-1)/per)
	link := func(p int) string { return fmt.Sprintf("/me/videos?page=%d&per_page=%d", p, per) }
	var next, prev any
	if page < last {
		next = link(page + 1)
	}
	if page > 1 {
		prev = link(page - 1)
	}
	data := []any{}
	for i := (page - 1) * per; i < min(page*per, len(all)); i++ {
		data = append(data, s.video(all[i]))
	}
	writeJSON(w, map[string]any{
		"total": len(all), "page": page, "per_page": per,
		"paging": map[string]any{"next": next, "previous": prev, "first": link(1), "last": link(last)},
		"data":   data,
	})
}

// video is a video as Vimeo shows it (the fields the importer reads and a few more).
func (s *Server) video(v Video) map[string]any {
	var desc any
	if v.Description != "" {
		desc = v.Description
	}
	download, files := []any{}, []any{}
	if !v.NoDownload {
		link := s.DownloadURL(v.ID)
		download = []any{
			map[string]any{"quality": "sd", "type": "video/mp4", "width": 160, "height": 90, "link": link + "?q=sd", "size": len(s.opts.Clip) / 2, "rendition": "240p"},
			map[string]any{"quality": "hd", "type": "video/mp4", "width": 320, "height": 180, "link": link, "size": len(s.opts.Clip), "rendition": "360p"},
		}
		files = []any{
			map[string]any{"quality": "hls", "type": "video/mp4", "link": s.URL + "/play/" + v.ID + ".m3u8"},
		}
	}
	return map[string]any{
		"uri": "/videos/" + v.ID, "name": v.Name, "description": desc, "duration": v.Duration,
		"type": "video", "link": "https://vimeo.com/" + v.ID, "created_time": "2026-01-02T03:04:05+00:00",
		"pictures": map[string]any{"uri": "/videos/" + v.ID + "/pictures/1", "active": true, "sizes": []any{
			map[string]any{"width": 100, "height": 75, "link": s.URL + "/pictures/" + v.ID + ".jpg"},
		}},
		"download": download, "files": files,
	}
}

func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	s.Downloads.Add(1)
	if s.opts.Clip == nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "video/mp4")
	w.Header().Set("Content-Length", strconv.Itoa(len(s.opts.Clip)))
	_, _ = w.Write(s.opts.Clip)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/vnd.vimeo.video+json")
	_ = json.NewEncoder(w).Encode(v)
}
