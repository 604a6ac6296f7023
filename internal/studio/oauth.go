package studio

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// oauthCallback is the path OAuth providers send the browser back to.
var oauthCallback = regexp.MustCompile(`^/v1/auth/oauth2/([a-z0-9]+)/callback$`)

// OAuthReturn sends a browser coming back from an OAuth provider to the
// console's page for it (/studio/oauth/{provider}?code=&state=), which finishes
// the sign-in with the oauthCallback mutation and keeps the tokens. Only a page
// navigation (Accept naming text/html) is sent there: a REST client calling the
// callback gets the JSON answer of its route, as before.
func OAuthReturn(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := oauthCallback.FindStringSubmatch(r.URL.Path)
		if m == nil || r.Method != http.MethodGet || !strings.Contains(r.Header.Get("Accept"), "text/html") {
			next.ServeHTTP(w, r)
			return
		}
		q := url.Values{}
		for _, k := range []string{"code", "state", "error", "error_description"} {
			if v := r.URL.Query().Get(k); v != "" {
				q.Set(k, v)
			}
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, Prefix+"oauth/"+m[1]+"?"+q.Encode(), http.StatusSeeOther)
	})
}
