package browsertest_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/oauthtest"
)

// TestStudioAccount: a stranger opens the server's address, registers, creates
// a project, signs out, fails a sign-in, resets the password with the code
// mailed and signs in with the new one (browser/studio/scenarios/account.mjs),
// on both databases; axe-core finds no serious violation on any screen.
func TestStudioAccount(t *testing.T) {
	mail, mailbox := studioMailbox(t)
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "account", Mailbox: mailbox, Shots: studioShots(t),
		})
	}, apptest.Options{Env: map[string]string{"VIDRA_SMTP_URL": mail.URL}})
}

// studioMailbox starts a loopback SMTP server for the test server (its
// VIDRA_SMTP_URL is mail.URL) and the address a scenario reads its mail from
// (t.mail: GET ?to=<email> answers the next mail to it).
func studioMailbox(t *testing.T) (mail *mailtest.Server, mailbox string) {
	mail = mailtest.Start(t)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Mail goes out from a job: on a loaded machine it can take a while.
		to := r.URL.Query().Get("to")
		m, ok := mail.Next(to, time.Minute)
		if !ok {
			http.Error(w, "no mail to "+to+" within a minute", http.StatusNotFound)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"subject": m.Subject, "text": m.Text})
	}))
	t.Cleanup(srv.Close)
	return mail, srv.URL
}

// studioShots is where scenarios save their screenshots: docs/studio when
// VIDRA_STUDIO_SCREENSHOTS=1 (to refresh the documentation's), else the test
// artifacts.
func studioShots(t *testing.T) string {
	if os.Getenv("VIDRA_STUDIO_SCREENSHOTS") == "1" {
		dir, err := filepath.Abs(filepath.Join("..", "..", "docs", "studio"))
		if err != nil {
			t.Fatal(err)
		}
		_ = os.MkdirAll(dir, 0o755)
		return dir
	}
	dir := filepath.Join(browsertest.Artifacts(t), "studio")
	_ = os.MkdirAll(dir, 0o755)
	return dir
}

// TestStudioOAuth: the sign-in page offers the configured provider (a fake
// GitHub on loopback) and only it; signing in with it goes through the provider
// and the server's callback back to the console, signed in as the provider's
// account.
func TestStudioOAuth(t *testing.T) {
	github := oauthtest.Start(t, "github")
	github.SignInAs(oauthtest.Account{Subject: "4242", Email: "octo@example.test", Verified: true, Name: "Octo Cat"})
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		browsertest.RunStudio(t, browsertest.StudioOptions{
			Base: s.URL, Scenario: "oauth", Env: map[string]any{"email": "octo@example.test"},
		})
	}, apptest.Options{Env: github.Env()})
}
