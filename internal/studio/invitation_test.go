package studio

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestInvitationLink: a browser opening an invitation link is sent to the
// console's page for it; an API client, another method or another path is not.
func TestInvitationLink(t *testing.T) {
	api := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	h := Handoff(api)
	for _, c := range []struct {
		method, path, accept string
		status               int
		location             string
	}{
		{http.MethodGet, "/v1/organization/invitations/tok_abc", "text/html,application/xhtml+xml", http.StatusSeeOther, "/studio/invitations/tok_abc"},
		{http.MethodGet, "/v1/organization/invitations/tok_abc", "application/json", http.StatusTeapot, ""},
		{http.MethodPost, "/v1/organization/invitations/tok_abc/accept", "text/html", http.StatusTeapot, ""},
		{http.MethodGet, "/v1/organization/invitations", "text/html", http.StatusTeapot, ""},
		{http.MethodDelete, "/v1/organization/invitations/tok_abc", "text/html", http.StatusTeapot, ""},
	} {
		req := httptest.NewRequest(c.method, c.path, nil)
		req.Header.Set("Accept", c.accept)
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.status || rec.Header().Get("Location") != c.location {
			t.Errorf("%s %s (Accept %s): %d %q, want %d %q", c.method, c.path, c.accept, rec.Code, rec.Header().Get("Location"), c.status, c.location)
		}
	}
}
