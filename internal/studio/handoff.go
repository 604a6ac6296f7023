package studio

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// handoff is an API link a browser may open as a page, and the console's page
// for it.
type handoff struct {
	path *regexp.Regexp
	to   func(match []string, query url.Values) string
}

// handoffs are the links a person opens in a browser: the OAuth providers'
// callback (the console finishes the sign-in with oauthCallback and keeps the
// tokens) and an invitation mail's link (the console shows the invitation and
// accepts it, signed in or after registering).
var handoffs = []handoff{
	{regexp.MustCompile(`^/v1/auth/oauth2/([a-z0-9]+)/callback$`), func(m []string, query url.Values) string {
		q := url.Values{}
		for _, k := range []string{"code", "state", "error", "error_description"} {
			if v := query.Get(k); v != "" {
				q.Set(k, v)
			}
		}
		return Prefix + "oauth/" + m[1] + "?" + q.Encode()
	}},
	{regexp.MustCompile(`^/v1/organization/invitations/([^/]+)$`), func(m []string, _ url.Values) string {
		return Prefix + "invitations/" + url.PathEscape(m[1])
	}},
}

// Handoff sends a browser opening one of the handoffs' links to the console's
// page for it. Only a page navigation (GET, Accept naming text/html) goes
// there: a REST client calling the same path gets its route's JSON, as before.
func Handoff(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && strings.Contains(r.Header.Get("Accept"), "text/html") {
			for _, h := range handoffs {
				if m := h.path.FindStringSubmatch(r.URL.Path); m != nil {
					w.Header().Set("Cache-Control", "no-store")
					w.Header().Set("Referrer-Policy", "no-referrer")
					http.Redirect(w, r, h.to(m, r.URL.Query()), http.StatusSeeOther)
					return
				}
			}
		}
		next.ServeHTTP(w, r)
	})
}
