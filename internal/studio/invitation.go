package studio

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
)

// invitationLink is the path of the link an invitation mail carries
// (GET /v1/organization/invitations/{token}).
var invitationLink = regexp.MustCompile(`^/v1/organization/invitations/([^/]+)$`)

// InvitationLink sends a browser opening an invitation's link from its mail to
// the console's page for it (/studio/invitations/{token}), which shows the
// invitation and accepts it, signed in or after registering. As with
// OAuthReturn, only a page navigation (GET, Accept naming text/html) goes
// there: a REST client reading the link gets the route's JSON, as before.
func InvitationLink(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m := invitationLink.FindStringSubmatch(r.URL.Path)
		if m == nil || r.Method != http.MethodGet || !strings.Contains(r.Header.Get("Accept"), "text/html") {
			next.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Cache-Control", "no-store")
		w.Header().Set("Referrer-Policy", "no-referrer")
		http.Redirect(w, r, Prefix+"invitations/"+url.PathEscape(m[1]), http.StatusSeeOther)
	})
}
