package gqlserver

import (
	"net/url"
	"strings"
)

// websocketOriginTrusted reports whether a browser page at origin may open a
// subscription connection with any credential: no Origin header (not a
// browser), the server's own origin (the request's host or the public URL's),
// or one of the configured app origins. A page at another origin may connect
// only with an API key bound to that origin, which the key check enforces as it
// does on HTTP requests. This is the websocket's whole origin rule, kept in one
// function so that a CORS policy for the other routes can take it over.
func websocketOriginTrusted(origin, requestHost, publicURL string, appOrigins []string) bool {
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	if strings.EqualFold(u.Host, requestHost) {
		return true
	}
	if p, err := url.Parse(publicURL); err == nil && p.Host != "" && sameOrigin(u, p) {
		return true
	}
	for _, a := range appOrigins {
		if a == "*" {
			return true
		}
		if p, err := url.Parse(strings.TrimRight(strings.TrimSpace(a), "/")); err == nil && sameOrigin(u, p) {
			return true
		}
	}
	return false
}

// sameOrigin compares scheme and host (with port) as browsers do.
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Host, b.Host)
}
