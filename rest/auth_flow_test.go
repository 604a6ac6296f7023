package rest_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/oauthtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// signIn is the sign-in result of docs/ROUTES.md.
type signIn struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	User         struct {
		ID    string `json:"id"`
		Email string `json:"email"`
		Name  string `json:"name"`
	} `json:"user"`
}

func decode[T any](t *testing.T, env apptest.Envelope) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(env.Result, &v); err != nil {
		t.Fatalf("result %s: %v", env.Result, err)
	}
	return v
}

// wantREST asserts a REST call's status and, for failures, the message.
func wantREST(t *testing.T, status int, env apptest.Envelope, wantStatus int, wantMessage string) {
	t.Helper()
	if status != wantStatus || env.Success != (wantStatus == http.StatusOK) || (wantMessage != "" && env.Message != wantMessage) {
		t.Fatalf("status %d %+v; want %d %q", status, env, wantStatus, wantMessage)
	}
}

func bearer(token string) http.Header { return http.Header{"Authorization": {"Bearer " + token}} }

func TestAuthFlowsOverREST(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			m := mailtest.Start(t)
			google, github := oauthtest.Start(t, "google"), oauthtest.Start(t, "github")
			env := map[string]string{"VIDRA_SMTP_URL": m.URL}
			for k, v := range google.Env() {
				env[k] = v
			}
			for k, v := range github.Env() {
				env[k] = v
			}
			s := apptest.New(t, d, apptest.Options{Env: env, Anonymous: true})
			testPasswordFlows(t, s, m)
			testOAuthFlows(t, s, google, github)
		})
	}
}

func testPasswordFlows(t *testing.T, s *apptest.Server, m *mailtest.Server) {
	// Register, then verify the email with the link from the mail.
	status, env := s.REST("POST", "/v1/auth/register", `{"email": "Rest@Example.test", "password": "river lantern quartz", "name": "Rest"}`)
	wantREST(t, status, env, http.StatusOK, "registered")
	reg := decode[signIn](t, env)
	if reg.TokenType != "Bearer" || reg.ExpiresIn != 900 || reg.User.Email != "rest@example.test" || reg.AccessToken == "" {
		t.Fatalf("register = %+v", reg)
	}
	status, env = s.REST("POST", "/v1/auth/register", `{"email": "rest@example.test", "password": "river lantern quartz"}`)
	wantREST(t, status, env, http.StatusConflict, "an account with this email already exists")
	status, env = s.REST("POST", "/v1/auth/register", `{"email": "x@example.test", "password": "short"}`)
	wantREST(t, status, env, http.StatusUnprocessableEntity, "password must be at least 8 characters")
	status, env = s.REST("POST", "/v1/auth/register", `{"email": "x@example.test", "password": "12345678"}`)
	wantREST(t, status, env, http.StatusUnprocessableEntity,
		"password is too easy to guess: it is or contains a common password; a few unrelated words, or a longer password, make a strong one")
	status, env = s.REST("POST", "/v1/auth/login", `{"email": "rest@example.test", "password": `)
	wantREST(t, status, env, http.StatusBadRequest, "")

	link := regexp.MustCompile(`verify-email\?token=(\S+)`).FindStringSubmatch(m.Wait(t, "rest@example.test").Text)
	status, env = s.REST("GET", "/v1/auth/verify-email?token="+link[1], "")
	wantREST(t, status, env, http.StatusOK, "email verified")
	if v := decode[map[string]any](t, env); v["email_verified"] != true {
		t.Fatalf("verify-email = %v", v)
	}
	status, env = s.REST("GET", "/v1/auth/verify-email?token="+link[1], "")
	wantREST(t, status, env, http.StatusUnprocessableEntity, "the verification link is invalid, used or expired")

	// Login, refresh (rotation), reuse of the old refresh token revokes the session.
	status, env = s.REST("POST", "/v1/auth/login", `{"email": "rest@example.test", "password": "wrong password"}`)
	wantREST(t, status, env, http.StatusUnauthorized, "email or password is incorrect")
	status, env = s.REST("POST", "/v1/auth/login", `{"email": "rest@example.test", "password": "river lantern quartz"}`)
	wantREST(t, status, env, http.StatusOK, "logged in")
	login := decode[signIn](t, env)
	status, env = s.REST("POST", "/v1/auth/refresh-token", `{"refresh_token": "`+login.RefreshToken+`"}`)
	wantREST(t, status, env, http.StatusOK, "token refreshed")
	rotated := decode[signIn](t, env)
	status, env = s.REST("POST", "/v1/auth/refresh-token", `{"refresh_token": "`+login.RefreshToken+`"}`)
	wantREST(t, status, env, http.StatusUnauthorized, "refresh token was already used; the session has been revoked")
	status, env = s.REST("GET", "/v1/auth/api-access-check", "", bearer(rotated.AccessToken))
	wantREST(t, status, env, http.StatusUnauthorized, "session has been revoked")
	status, env = s.REST("GET", "/v1/user/profile", "", bearer("not.a.jwt"))
	wantREST(t, status, env, http.StatusUnauthorized, "access token invalid")
	status, env = s.REST("GET", "/v1/user/profile", "")
	wantREST(t, status, env, http.StatusUnauthorized, "sign in required: send Authorization: Bearer <access token>")

	// Sessions: list, delete one, delete the others, logout.
	a := decode[signIn](t, mustREST(t, s, "POST", "/v1/auth/login", `{"email": "rest@example.test", "password": "river lantern quartz"}`))
	b := decode[signIn](t, mustREST(t, s, "POST", "/v1/auth/login", `{"email": "rest@example.test", "password": "river lantern quartz"}`))
	sessions := decode[[]map[string]any](t, mustREST(t, s.As(a.AccessToken), "GET", "/v1/auth/sessions", ""))
	var bID string
	for _, x := range sessions {
		if x["current"] != true && bID == "" {
			bID = x["id"].(string)
		}
	}
	if len(sessions) != 3 { // registration, a, b (the refreshed one is revoked)
		t.Fatalf("sessions = %v", sessions)
	}
	mustREST(t, s.As(a.AccessToken), "DELETE", "/v1/auth/sessions/"+bID, "")
	status, env = s.As(a.AccessToken).REST("DELETE", "/v1/auth/sessions/"+bID, "")
	wantREST(t, status, env, http.StatusNotFound, "session not found")
	env = mustREST(t, s.As(a.AccessToken), "DELETE", "/v1/auth/sessions", "")
	if n := decode[int](t, env); n != 1 {
		t.Fatalf("deleted %d other sessions, want 1", n)
	}
	_ = b
	mustREST(t, s.As(a.AccessToken), "POST", "/v1/auth/logout", "")
	status, env = s.As(a.AccessToken).REST("GET", "/v1/auth/sessions", "")
	wantREST(t, status, env, http.StatusUnauthorized, "session has been revoked")

	// Forgot password: code by mail, verify, set; then update-password.
	mustREST(t, s, "POST", "/v1/auth/forgot-password", `{"email": "rest@example.test"}`)
	code := regexp.MustCompile(`code is (\d{6})`).FindStringSubmatch(m.Wait(t, "rest@example.test").Text)[1]
	status, env = s.REST("POST", "/v1/auth/resend-otp", `{"email": "rest@example.test"}`)
	wantREST(t, status, env, http.StatusTooManyRequests, "")
	status, env = s.REST("POST", "/v1/auth/forgot-password/verify-otp", `{"email": "rest@example.test", "otp": "12"}`)
	wantREST(t, status, env, http.StatusUnprocessableEntity, "the code is 6 digits")
	ticket := decode[map[string]any](t, mustREST(t, s, "POST", "/v1/auth/forgot-password/verify-otp", `{"email": "rest@example.test", "otp": "`+code+`"}`))
	mustREST(t, s, "POST", "/v1/auth/forgot-password/set", `{"reset_token": "`+ticket["reset_token"].(string)+`", "password": "amber meadow falcon"}`)
	c := decode[signIn](t, mustREST(t, s, "POST", "/v1/auth/login", `{"email": "rest@example.test", "password": "amber meadow falcon"}`))
	status, env = s.As(c.AccessToken).REST("POST", "/v1/auth/update-password", `{"current_password": "nope nope", "new_password": "copper harbor willow"}`)
	wantREST(t, status, env, http.StatusUnprocessableEntity, "the current password is incorrect")
	mustREST(t, s.As(c.AccessToken), "POST", "/v1/auth/update-password", `{"current_password": "amber meadow falcon", "new_password": "copper harbor willow"}`)
	status, env = s.As(c.AccessToken).REST("POST", "/v1/auth/set-password", `{"password": "whatever 123"}`)
	wantREST(t, status, env, http.StatusConflict, "the account already has a password; use updatePassword")

	// Avatar upload (multipart, field file).
	var img bytes.Buffer
	_ = png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2)))
	status, raw := multipartPut(t, s.As(c.AccessToken), "/v1/user/profile/avatar", img.Bytes())
	if status != http.StatusOK || !strings.Contains(raw, `"avatar_url":"http`) {
		t.Fatalf("avatar: %d %s", status, raw)
	}
	status, raw = multipartPut(t, s.As(c.AccessToken), "/v1/user/profile/avatar", []byte("plain text, not an image"))
	if status != http.StatusUnprocessableEntity || !strings.Contains(raw, "avatar must be a PNG, JPEG, GIF or WebP image") {
		t.Fatalf("text avatar: %d %s", status, raw)
	}
}

func testOAuthFlows(t *testing.T, s *apptest.Server, google, github *oauthtest.Provider) {
	for _, c := range []struct {
		p    *oauthtest.Provider
		path func(code, state string) string
	}{
		// The seed path of docs/spec.md 4.2, with the state the provider returned.
		{google, func(code, state string) string {
			return "/v1/oauth2/google/callback?provider=google&code=" + url.QueryEscape(code) + "&state=" + url.QueryEscape(state)
		}},
		{github, func(code, state string) string {
			return "/v1/auth/oauth2/github/callback?code=" + url.QueryEscape(code) + "&state=" + url.QueryEscape(state)
		}},
	} {
		c.p.SignInAs(oauthtest.Account{Subject: "77", Email: c.p.Kind + "@example.test", Verified: true, Name: "O " + c.p.Kind})
		r := decode[map[string]string](t, mustREST(t, s, "GET", "/v1/auth/oauth2/"+c.p.Kind+"/redirect", ""))
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err := noFollow.Get(r["url"])
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		loc, _ := url.Parse(res.Header.Get("Location"))
		status, env := s.REST("GET", c.path(loc.Query().Get("code"), loc.Query().Get("state")), "")
		wantREST(t, status, env, http.StatusOK, "signed in")
		got := decode[signIn](t, env)
		if got.User.Email != c.p.Kind+"@example.test" || got.AccessToken == "" {
			t.Fatalf("%s callback = %+v", c.p.Kind, got)
		}
		status, env = s.REST("GET", c.path(loc.Query().Get("code"), loc.Query().Get("state")), "")
		wantREST(t, status, env, http.StatusUnprocessableEntity, "state is invalid, used or expired")
		// An OAuth account sets its first password.
		mustREST(t, s.As(got.AccessToken), "POST", "/v1/auth/set-password", `{"password": "violet orchard basil"}`)
	}
	status, env := s.REST("GET", "/v1/oauth2/google/callback?provider=google&code=abc", "")
	wantREST(t, status, env, http.StatusUnprocessableEntity, "state is required: pass the state the provider returned to the callback")
}

func mustREST(t *testing.T, s *apptest.Server, method, path, body string) apptest.Envelope {
	t.Helper()
	status, env := s.REST(method, path, body)
	wantREST(t, status, env, http.StatusOK, "")
	return env
}

func multipartPut(t *testing.T, s *apptest.Server, path string, data []byte) (int, string) {
	t.Helper()
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	part, _ := w.CreateFormFile("file", "avatar.bin")
	_, _ = part.Write(data)
	_ = w.Close()
	req, _ := http.NewRequest(http.MethodPut, s.URL+path, &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+s.Token)
	status, _, raw := s.Do(req)
	return status, string(raw)
}
