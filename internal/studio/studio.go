// Package studio serves Vidra Studio, the web console: a single-page application
// built from web/ (Preact and TypeScript, bundled by esbuild: web/build.mjs) into
// dist/, committed and embedded in the binary, so serving it needs no Node.js.
//
// GET / redirects to /studio/. Every other GET under /studio/ is the console's
// page (index.html, never cached: a new build is seen at the next load) except
// /studio/assets/<name>.<hash>.<ext>, the content-hashed bundles, cached for a
// year as immutable. Both are sent gzip-compressed (zopfli, at build time) to
// clients that accept it. The page's Content-Security-Policy allows scripts,
// styles and connections to this origin only, frames of this origin (the
// embedded player) and no framing of the console itself.
//
// The console speaks only the public GraphQL API (POST /graphql and graphql-ws
// subscriptions on the same path), with the persisted documents of
// web/src/operations, validated against the schema when it is built.
package studio

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/acceptenc"
)

//go:embed dist
var embedded embed.FS

// Prefix is the path under which the console is served.
const Prefix = "/studio/"

// assetCache is the caching of a content-hashed bundle: a new build has a new name.
const assetCache = "public, max-age=31536000, immutable"

// contentPolicy is the console page's Content-Security-Policy. The media the
// API links to (thumbnails, the player's page, playback, upload URLs) are
// addressed by the server's public URL, which may not be the origin the
// console was opened on (http://localhost:8080 opened as 127.0.0.1:8080, or a
// proxy's name): that origin is allowed beside 'self' for them.
func contentPolicy(publicURL string) string {
	media := "'self'"
	if u, err := url.Parse(publicURL); err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" {
		media += " " + u.Scheme + "://" + u.Host
	}
	return strings.Join([]string{
		"default-src 'none'",
		"script-src 'self'",
		"style-src 'self'",
		"connect-src " + media,
		"img-src " + media + " data: blob:",
		"media-src " + media + " blob:",
		"frame-src " + media,
		"font-src 'self'",
		"base-uri 'none'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}, "; ")
}

// Handler serves the console's page and bundles.
type Handler struct {
	page   file
	files  map[string]file
	policy string
}

// Options configure the console.
type Options struct {
	// Dir, when not empty, replaces the embedded build with a directory of the
	// same layout (VIDRA_STUDIO_DIR: a console being developed, rebuilt with
	// `node build.mjs` without rebuilding the server).
	Dir string
	// PublicURL is the server's public address (VIDRA_PUBLIC_URL), whose
	// origin the page may load media and frames from.
	PublicURL string
}

// file is a built file's bytes, as built and gzip-compressed.
type file struct {
	raw, gz []byte
}

// New reads the build: the embedded one (dist/), or opts.Dir's.
func New(opts Options) (*Handler, error) {
	var root fs.FS
	if opts.Dir != "" {
		root = os.DirFS(opts.Dir)
	} else {
		sub, err := fs.Sub(embedded, "dist")
		if err != nil {
			return nil, err
		}
		root = sub
	}
	h := &Handler{files: map[string]file{}, policy: contentPolicy(opts.PublicURL)}
	page, err := load(root, "index.html")
	if err != nil {
		return nil, err
	}
	h.page = page
	assets, err := fs.ReadDir(root, "assets")
	if err != nil {
		return nil, fmt.Errorf("studio: the console's bundles (make studio): %w", err)
	}
	for _, e := range assets {
		if e.IsDir() || strings.HasSuffix(e.Name(), ".gz") {
			continue
		}
		f, err := load(root, "assets/"+e.Name())
		if err != nil {
			return nil, err
		}
		h.files[e.Name()] = f
	}
	return h, nil
}

// load reads a built file and its gzip encoding, which must decompress to it.
func load(root fs.FS, name string) (file, error) {
	raw, err := fs.ReadFile(root, name)
	if err != nil {
		return file{}, fmt.Errorf("studio: %s (make studio): %w", name, err)
	}
	gz, err := fs.ReadFile(root, name+".gz")
	if err != nil {
		return file{}, fmt.Errorf("studio: the gzip encoding of %s (make studio): %w", name, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return file{}, fmt.Errorf("studio: %s.gz: %w (make studio)", name, err)
	}
	back, err := io.ReadAll(zr)
	if err != nil || !bytes.Equal(back, raw) {
		return file{}, fmt.Errorf("studio: %s.gz does not decompress to %s (make studio)", name, name)
	}
	return file{raw: raw, gz: gz}, nil
}

// Redirect sends GET / to the console.
func Redirect(w http.ResponseWriter, r *http.Request) {
	http.Redirect(w, r, Prefix, http.StatusFound)
}

// ServeHTTP serves a bundle under /studio/assets/, and the console's page for
// every other path under /studio/ (the console routes in the browser).
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	hd := w.Header()
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Vary", "Accept-Encoding")
	if name, ok := strings.CutPrefix(r.URL.Path, Prefix+"assets/"); ok {
		f, found := h.files[name]
		if !found {
			http.NotFound(w, r)
			return
		}
		hd.Set("Cache-Control", assetCache)
		hd.Set("Content-Type", contentType(name))
		send(w, r, f)
		return
	}
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Security-Policy", h.policy)
	hd.Set("X-Frame-Options", "DENY")
	hd.Set("Referrer-Policy", "same-origin")
	send(w, r, h.page)
}

// send writes f, gzip-compressed to clients that accept it.
func send(w http.ResponseWriter, r *http.Request, f file) {
	body := f.raw
	if acceptenc.Gzip(r) {
		w.Header().Set("Content-Encoding", "gzip")
		body = f.gz
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// contentType is the media type of a bundle by its extension.
func contentType(name string) string {
	switch path.Ext(name) {
	case ".js":
		return "text/javascript; charset=utf-8"
	case ".css":
		return "text/css; charset=utf-8"
	case ".svg":
		return "image/svg+xml"
	case ".woff2":
		return "font/woff2"
	}
	return "application/octet-stream"
}
