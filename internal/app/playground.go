package app

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/99designs/gqlgen/graphql/playground"
)

// The parts of gqlgen's GraphiQL page its Content-Security-Policy is made of.
var (
	inlineScript   = regexp.MustCompile(`(?s)<script>(.*?)</script>`)
	externalScript = regexp.MustCompile(`(?s)<script\s+src="([^"]+)"`)
	stylesheet     = regexp.MustCompile(`(?s)<link\s+rel="stylesheet"\s+href="([^"]+)"`)
)

// playgroundHandler serves gqlgen's GraphiQL page for endpoint with a
// Content-Security-Policy allowing exactly what the page loads: its scripts
// from the CDN by address (each also pinned by subresource integrity), its
// inline script by hash, its stylesheet, requests to this origin only; and no
// framing (frame-ancestors and X-Frame-Options). Inline styles stay allowed:
// GraphiQL's components set some at run time. The page is rendered once, at
// start, to read what it loads.
func playgroundHandler(title, endpoint string) (http.Handler, error) {
	page := playground.Handler(title, endpoint)
	rec := &renderedPage{header: http.Header{}}
	page(rec, &http.Request{})
	csp, err := playgroundPolicy(rec.body.String())
	if err != nil {
		return nil, err
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Frame-Options", "DENY")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		page(w, r)
	}), nil
}

// playgroundPolicy is the Content-Security-Policy of a rendered GraphiQL page.
func playgroundPolicy(html string) (string, error) {
	var scripts, styles []string
	for _, m := range externalScript.FindAllStringSubmatch(html, -1) {
		scripts = append(scripts, m[1])
	}
	for _, m := range inlineScript.FindAllStringSubmatch(html, -1) {
		sum := sha256.Sum256([]byte(m[1]))
		scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	for _, m := range stylesheet.FindAllStringSubmatch(html, -1) {
		styles = append(styles, m[1])
	}
	if len(scripts) == 0 || len(styles) == 0 {
		return "", fmt.Errorf("playground: the GraphiQL page has changed: no scripts or stylesheets found")
	}
	return strings.Join([]string{
		"default-src 'none'",
		"script-src " + strings.Join(scripts, " "),
		"style-src " + strings.Join(styles, " ") + " 'unsafe-inline'",
		"connect-src 'self'",
		"img-src 'self' data:",
		"font-src data:",
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	}, "; "), nil
}

// renderedPage is a ResponseWriter keeping what a handler writes.
type renderedPage struct {
	header http.Header
	body   bytes.Buffer
}

// Header implements http.ResponseWriter.
func (p *renderedPage) Header() http.Header { return p.header }

// Write implements http.ResponseWriter.
func (p *renderedPage) Write(b []byte) (int, error) { return p.body.Write(b) }

// WriteHeader implements http.ResponseWriter.
func (p *renderedPage) WriteHeader(int) {}
