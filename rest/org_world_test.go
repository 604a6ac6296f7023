package rest_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// adminKey is the admin host's key in the organization tests.
const adminKey = "admin-key-for-tests-0123456789"

// inviteLink finds the token of an invitation mail.
var inviteLink = regexp.MustCompile(`/v1/organization/invitations/([A-Za-z0-9_-]+)`)

// orgWorld is a server with an organization (Acme, the owner's current one) and a
// mail server, to add members and API keys to.
type orgWorld struct {
	t     testing.TB
	s     *apptest.Server // the owner
	mail  *mailtest.Server
	orgID string
}

// forEachOrgWorld runs a test on SQLite and PostgreSQL with an orgWorld each.
func forEachOrgWorld(t *testing.T, test func(t *testing.T, w *orgWorld)) {
	t.Helper()
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			m := mailtest.Start(t)
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{
				"VIDRA_SMTP_URL": m.URL, "VIDRA_ADMIN_API_KEY": adminKey,
			}})
			m.Wait(t, apptest.DefaultEmail)
			w := &orgWorld{t: t, s: s, mail: m}
			w.orgID = s.CreateOrganization("Acme")
			test(t, w)
		})
	}
}

// callREST sends a request as s and fails unless the status is want; it returns
// the result.
func callREST(t testing.TB, s *apptest.Server, want int, method, path, body string, headers ...http.Header) json.RawMessage {
	t.Helper()
	status, env := s.REST(method, path, body, headers...)
	if status != want {
		t.Fatalf("%s %s: status %d, want %d: %+v", method, path, status, want, env)
	}
	return env.Result
}

// invite sends an invitation as the owner and returns the mailed token.
func (w *orgWorld) invite(email, role, permissions string) string {
	w.t.Helper()
	body := `{"email": "` + email + `", "role": "` + role + `"`
	if permissions != "" {
		body += `, "permissions": ` + permissions
	}
	callREST(w.t, w.s, http.StatusOK, "POST", "/v1/organization/invitations", body+"}")
	return w.mailedToken(email)
}

// mailedToken waits for the invitation mail to email and returns its token.
func (w *orgWorld) mailedToken(email string) string {
	w.t.Helper()
	for {
		m := w.mail.Wait(w.t, email)
		if strings.HasPrefix(m.Subject, "You are invited") {
			match := inviteLink.FindStringSubmatch(m.Text)
			if match == nil {
				w.t.Fatalf("invitation mail without a link: %q", m.Text)
			}
			return match[1]
		}
	}
}

// join signs up a user, invites it with a role and grants, accepts, switches to
// Acme and returns a view of the server acting as that user.
func (w *orgWorld) join(email, role, permissions string) *apptest.Server {
	w.t.Helper()
	tokens := w.s.SignUp(email, apptest.DefaultPassword, strings.Split(email, "@")[0])
	token := w.invite(email, role, permissions)
	u := w.s.SignedIn(tokens)
	callREST(w.t, u, http.StatusOK, "POST", "/v1/organization/invitations/"+token+"/accept", "")
	u.SwitchOrganization(w.orgID)
	return u
}

// outsider signs up a user of its own organization only.
func (w *orgWorld) outsider(email string) *apptest.Server {
	w.t.Helper()
	return w.s.SignedIn(w.s.SignUp(email, apptest.DefaultPassword, "Outsider"))
}

// apiKey creates a key as the owner and returns its secret.
func (w *orgWorld) apiKey(permissions string) string {
	w.t.Helper()
	return w.s.CreateAPIKey(permissions)
}

// keyHeader is the header of a request made with an API key.
func keyHeader(key string) http.Header { return http.Header{"X-Api-Key": {key}} }

// uuidOf parses an id of a response.
func uuidOf(t testing.TB, s string) uuid.UUID {
	t.Helper()
	id, err := uuid.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// rebindPG writes $n placeholders, which both databases read.
func rebindPG(_ *orgWorld, q string) string { return q }
