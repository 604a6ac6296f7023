// Package vimeo is the little of the Vimeo API (https://developer.vimeo.com/api)
// that the Vimeo importer needs: who a token belongs to (GET /me) and the
// account's videos with their download links (GET /me/videos, page by page).
package vimeo

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultBaseURL is the address of the Vimeo API.
const DefaultBaseURL = "https://api.vimeo.com"

// PageSize is how many videos one page of /me/videos asks for (Vimeo's maximum).
const PageSize = 100

// maxPages bounds one listing, so a provider that never ends its paging cannot
// keep a sync running for ever (100 000 videos at PageSize).
const maxPages = 1000

// ErrUnauthorized means Vimeo refused the access token (401): wrong, revoked or expired.
var ErrUnauthorized = errors.New("vimeo refused the access token")

// Client calls the Vimeo API at BaseURL.
type Client struct {
	// BaseURL is the API's address without a trailing slash (VIDRA_VIMEO_API_URL).
	BaseURL string
	// HTTP sends the requests; a client with a 30-second timeout when nil.
	HTTP *http.Client
}

// New is a client of the API at baseURL (DefaultBaseURL when empty).
func New(baseURL string) *Client {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	return &Client{BaseURL: strings.TrimRight(baseURL, "/"), HTTP: &http.Client{Timeout: 30 * time.Second}}
}

// User is the account an access token belongs to.
type User struct {
	// URI is the account's API path, e.g. /users/123.
	URI  string `json:"uri"`
	Name string `json:"name"`
}

// File is one downloadable file of a video (an entry of its download or files list).
type File struct {
	Quality string `json:"quality"`
	Type    string `json:"type"`
	Width   int    `json:"width"`
	Height  int    `json:"height"`
	Link    string `json:"link"`
	Size    int64  `json:"size"`
}

// Video is one video of the account.
type Video struct {
	// URI is the video's API path, e.g. /videos/123.
	URI         string  `json:"uri"`
	Name        string  `json:"name"`
	Description *string `json:"description"`
	// Duration is the length in seconds.
	Duration    int       `json:"duration"`
	CreatedTime time.Time `json:"created_time"`
	// Download lists the files the owner may download (Vimeo gives it to paid
	// plans and tokens with the video_files scope).
	Download []File `json:"download"`
	// Files lists the playable files (the same scope), HLS and DASH included.
	Files []File `json:"files"`
}

// ID is the video's id: the last segment of its URI (123 of /videos/123).
func (v Video) ID() string {
	return v.URI[strings.LastIndex(v.URI, "/")+1:]
}

// Best is the file to import: the original upload (quality source) when offered,
// else the download or progressive file of the largest picture, then the largest
// size. Streaming manifests (HLS, DASH) are never chosen. ok is false when the
// video offers nothing downloadable.
func (v Video) Best() (best File, ok bool) {
	better := func(a, b File) bool {
		if (a.Quality == "source") != (b.Quality == "source") {
			return a.Quality == "source"
		}
		if a.Width*a.Height != b.Width*b.Height {
			return a.Width*a.Height > b.Width*b.Height
		}
		return a.Size > b.Size
	}
	for _, list := range [][]File{v.Download, v.Files} {
		for _, f := range list {
			if f.Link == "" || f.Quality == "hls" || f.Quality == "dash" {
				continue
			}
			if !ok || better(f, best) {
				best, ok = f, true
			}
		}
		if ok {
			return best, true // downloads are preferred to playable files
		}
	}
	return best, ok
}

// Page is one page of a listing.
type Page struct {
	Total   int `json:"total"`
	Page    int `json:"page"`
	PerPage int `json:"per_page"`
	Paging  struct {
		Next     *string `json:"next"`
		Previous *string `json:"previous"`
		First    string  `json:"first"`
		Last     string  `json:"last"`
	} `json:"paging"`
	Data []Video `json:"data"`
}

// Me returns the account of token.
func (c *Client) Me(ctx context.Context, token string) (*User, error) {
	var u User
	if err := c.get(ctx, token, "/me?fields=uri,name", &u); err != nil {
		return nil, err
	}
	return &u, nil
}

// Videos reads the account's videos page by page, following paging.next until it
// is null, and calls page with each.
func (c *Client) Videos(ctx context.Context, token string, page func(*Page) error) error {
	next := fmt.Sprintf("/me/videos?page=1&per_page=%d", PageSize)
	for n := 0; next != ""; n++ {
		if n == maxPages {
			return fmt.Errorf("vimeo: more than %d pages of videos", maxPages)
		}
		var p Page
		if err := c.get(ctx, token, next, &p); err != nil {
			return err
		}
		if err := page(&p); err != nil {
			return err
		}
		next = ""
		if p.Paging.Next != nil {
			next = *p.Paging.Next
		}
	}
	return nil
}

// get reads path (an API path, such as paging.next gives) into out. Only paths
// are followed, so the token is never sent to another host.
func (c *Client) get(ctx context.Context, token, path string, out any) error {
	if !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") {
		return fmt.Errorf("vimeo: refusing to follow %q: not an API path", path)
	}
	u, err := url.Parse(c.BaseURL + path)
	if err != nil {
		return fmt.Errorf("vimeo: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return fmt.Errorf("vimeo: %w", err)
	}
	req.Header.Set("Authorization", "bearer "+token)
	req.Header.Set("Accept", "application/vnd.vimeo.*+json;version=3.4")
	hc := c.HTTP
	if hc == nil {
		hc = &http.Client{Timeout: 30 * time.Second}
	}
	res, err := hc.Do(req)
	if err != nil {
		return fmt.Errorf("vimeo: %w", err)
	}
	defer func() { _ = res.Body.Close() }()
	switch {
	case res.StatusCode == http.StatusUnauthorized:
		return ErrUnauthorized
	case res.StatusCode != http.StatusOK:
		body, _ := io.ReadAll(io.LimitReader(res.Body, 512))
		return &StatusError{Status: res.StatusCode, Body: strings.TrimSpace(string(body))}
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<20)).Decode(out); err != nil {
		return fmt.Errorf("vimeo: undecodable answer to GET %s: %w", u.Path, err)
	}
	return nil
}

// StatusError is an answer of Vimeo other than 200 and 401.
type StatusError struct {
	Status int
	// Body is the start of the answer (Vimeo's error object).
	Body string
}

func (e *StatusError) Error() string {
	return fmt.Sprintf("vimeo answered %d %s: %s", e.Status, http.StatusText(e.Status), e.Body)
}

// Temporary reports whether retrying later may succeed (rate limits, server errors).
func (e *StatusError) Temporary() bool {
	return e.Status == http.StatusTooManyRequests || e.Status >= 500
}
