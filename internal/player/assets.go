// Package player serves Vidra's embeddable player: the page GET /embed/{videoId}
// (configured by the project's player entity, with the project's access control
// applied to the page that embeds it), its script and style bundles under
// /embed/assets/ (built from web/ by esbuild into dist/, committed, embedded in
// the binary: serving them needs no Node.js), and oEmbed (GET /oembed).
package player

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// dist holds the bundles `make player` builds from web/ (web/build.mjs): each
// file name carries a hash of its content, so it is cached for good, and each
// has its gzip encoding beside it (name.gz), compressed by zopfli at build time.
//
//go:embed dist
var dist embed.FS

// assetCache is the caching of a content-hashed bundle: a new build has a new name.
const assetCache = "public, max-age=31536000, immutable"

// Assets are the bundles, read from dist at start, with their gzip encodings
// (as built: sent as they are to clients that accept gzip).
type Assets struct {
	// Script is the player's script, Style its stylesheet, Ads the VAST ad code
	// (loaded only by pages whose project has enabled advertisements): their
	// hashed file names.
	Script, Style, Ads string

	files map[string]assetFile
}

// assetFile is a bundle's bytes, as built and gzip-compressed (dist's name.gz).
type assetFile struct {
	raw, gz []byte
}

// LoadAssets reads the bundles of dist and finds them by their prefixes
// (player.<hash>.js, player.<hash>.css, ads.<hash>.js), each with its gzip
// encoding (<name>.gz), which must decompress to the bundle's bytes: a stale
// or missing one is an error (make player writes both).
func LoadAssets() (*Assets, error) {
	entries, err := fs.ReadDir(dist, "dist")
	if err != nil {
		return nil, err
	}
	a := &Assets{files: map[string]assetFile{}}
	for _, e := range entries {
		n := e.Name()
		switch {
		case strings.HasPrefix(n, "player.") && strings.HasSuffix(n, ".js"):
			a.Script = n
		case strings.HasPrefix(n, "player.") && strings.HasSuffix(n, ".css"):
			a.Style = n
		case strings.HasPrefix(n, "ads.") && strings.HasSuffix(n, ".js"):
			a.Ads = n
		default:
			continue
		}
		raw, err := fs.ReadFile(dist, "dist/"+n)
		if err != nil {
			return nil, err
		}
		gz, err := fs.ReadFile(dist, "dist/"+n+".gz")
		if err != nil {
			return nil, fmt.Errorf("player: the gzip encoding of %s (make player): %w", n, err)
		}
		if err := sameContent(gz, raw); err != nil {
			return nil, fmt.Errorf("player: %s.gz: %w (make player)", n, err)
		}
		a.files[n] = assetFile{raw: raw, gz: gz}
	}
	if a.Script == "" || a.Style == "" || a.Ads == "" {
		return nil, fmt.Errorf("player: bundles missing from dist (make player): %w", fs.ErrNotExist)
	}
	return a, nil
}

// sameContent checks that gz is a gzip stream of exactly raw.
func sameContent(gz, raw []byte) error {
	zr, err := gzip.NewReader(bytes.NewReader(gz))
	if err != nil {
		return err
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, raw) {
		return fmt.Errorf("does not decompress to the bundle's bytes")
	}
	return nil
}

// Weight is the gzip size in bytes of the bundles a page loads: script and
// style, and the ad code when withAds.
func (a *Assets) Weight(withAds bool) int {
	n := len(a.files[a.Script].gz) + len(a.files[a.Style].gz)
	if withAds {
		n += len(a.files[a.Ads].gz)
	}
	return n
}

// assetPrefix is where the bundles are served.
const assetPrefix = "/embed/assets/"

// ServeHTTP serves a bundle by its hashed name under /embed/assets/, gzipped
// for clients that accept it.
func (a *Assets) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(r.URL.Path, assetPrefix)
	f, ok := a.files[name]
	if !ok {
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", assetCache)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Vary", "Accept-Encoding")
	h.Set("ETag", `"`+name+`"`)
	switch path.Ext(name) {
	case ".js":
		h.Set("Content-Type", "text/javascript; charset=utf-8")
	case ".css":
		h.Set("Content-Type", "text/css; charset=utf-8")
	}
	body := f.raw
	if acceptsGzip(r) {
		h.Set("Content-Encoding", "gzip")
		body = f.gz
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}
