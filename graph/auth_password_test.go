package graph_test

import (
	"net/http"
	"regexp"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/authcode"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

var (
	linkPattern = regexp.MustCompile(`https?://\S+/v1/auth/verify-email\?token=(\S+)`)
	codePattern = regexp.MustCompile(`code is (\d{6})`)
)

const (
	forgotOp = `mutation($e: String!) { forgotPassword(email: $e) }`
	resendOp = `mutation($e: String!) { resendOtp(email: $e) }`
	verifyOp = `mutation($e: String!, $o: String!) { verifyPasswordResetOtp(email: $e, otp: $o) { resetToken expiresIn } }`
	setOp    = `mutation($t: String!, $p: String!) { setForgottenPassword(resetToken: $t, password: $p) }`
)

// forEachDialectWithMail runs a test on each dialect with a server that sends
// its mail to a loopback SMTP server, with the given reset-code cool-down.
func forEachDialectWithMail(t *testing.T, cooldown time.Duration, test func(t *testing.T, s *apptest.Server, m *mailtest.Server)) {
	t.Helper()
	limits := graph.DefaultAuthLimits
	limits.CodeMailCooldown = cooldown
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			m := mailtest.Start(t)
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_SMTP_URL": m.URL}, AuthLimits: limits})
			m.Wait(t, apptest.DefaultEmail) // the default user's verification mail
			test(t, s, m)
		})
	}
}

func mailedCode(t *testing.T, m *mailtest.Server, to string) string {
	t.Helper()
	mail := m.Wait(t, to)
	c := codePattern.FindStringSubmatch(mail.Text)
	if mail.Subject != "Your Vidra password reset code" || c == nil {
		t.Fatalf("reset mail = %+v", mail)
	}
	return c[1]
}

func TestVerifyEmailWithTheMailedLink(t *testing.T) {
	forEachDialectWithMail(t, time.Minute, func(t *testing.T, s *apptest.Server, m *mailtest.Server) {
		s.SignUp("grace@example.test", "compiler pioneer", "Grace")
		mail := m.Wait(t, "grace@example.test")
		link := linkPattern.FindStringSubmatch(mail.Text)
		if mail.Subject != "Confirm your email address" || link == nil {
			t.Fatalf("verification mail = %+v", mail)
		}
		const op = `mutation($t: String!) { verifyEmail(token: $t) { email emailVerified hasPassword } }`
		var out struct {
			VerifyEmail struct {
				Email                      string
				EmailVerified, HasPassword bool
			}
		}
		s.Anonymous().MustGraphQL(op, map[string]any{"t": link[1]}, &out)
		if out.VerifyEmail.Email != "grace@example.test" || !out.VerifyEmail.EmailVerified || !out.VerifyEmail.HasPassword {
			t.Fatalf("verifyEmail = %+v", out.VerifyEmail)
		}
		wantError(t, s.Anonymous().GraphQL(op, map[string]any{"t": link[1]}), "INVALID_INPUT", "the verification link is invalid, used or expired")
		wantError(t, s.Anonymous().GraphQL(op, map[string]any{"t": "nope"}), "INVALID_INPUT", "the verification link is invalid, used or expired")
	})
}

func TestForgotPasswordCodeLockoutResendAndReset(t *testing.T) {
	forEachDialectWithMail(t, time.Second, func(t *testing.T, s *apptest.Server, m *mailtest.Server) {
		ctx := apptest.System()
		anon := s.Anonymous()
		other := s.Login(apptest.DefaultEmail, apptest.DefaultPassword)

		// Unknown and known addresses get the same answer; only the known one gets mail.
		var ok struct{ ForgotPassword bool }
		anon.MustGraphQL(forgotOp, map[string]any{"e": "nobody@example.test"}, &ok)
		if !ok.ForgotPassword {
			t.Fatal("forgotPassword(unknown) = false")
		}
		anon.MustGraphQL(forgotOp, map[string]any{"e": apptest.DefaultEmail}, &ok)
		code := mailedCode(t, m, apptest.DefaultEmail)
		stored := s.App.DB.Client.AuthCode.Query().Where(authcode.PurposeEQ(authcode.PurposeResetOtp)).OnlyX(ctx)
		if stored.CodeHash == code || len(stored.CodeHash) != 64 || time.Until(stored.ExpiresAt) > 10*time.Minute {
			t.Fatalf("stored code %q expires %v", stored.CodeHash, stored.ExpiresAt)
		}

		// Resend within the cool-down is refused with Retry-After.
		status, hdr, res := rawGraphQL(t, s, resendOp, map[string]any{"e": apptest.DefaultEmail}, nil)
		wantError(t, res, "RATE_LIMITED", "too many attempts; retry in 1 seconds")
		if status != http.StatusOK || hdr.Get("Retry-After") != "1" || res.Errors[0].Extensions["retryAfter"] != float64(1) {
			t.Fatalf("status %d Retry-After %q ext %v", status, hdr.Get("Retry-After"), res.Errors[0].Extensions)
		}

		// Five wrong tries lock the code: even the right one fails afterwards.
		wrong := "000000"
		if code == wrong {
			wrong = "111111"
		}
		for i := range 4 {
			wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": wrong}), "INVALID_INPUT", "the code is wrong or expired")
			if n := s.App.DB.Client.AuthCode.GetX(ctx, stored.ID).Attempts; n != i+1 {
				t.Fatalf("attempts = %d, want %d", n, i+1)
			}
		}
		wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": wrong}), "FORBIDDEN",
			"wrong code; it is now locked after 5 wrong tries, request a new one")
		wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": code}), "FORBIDDEN",
			"this code is locked after 5 wrong tries; request a new one")
		wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": "12ab"}), "INVALID_INPUT", "the code is 6 digits")
		wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": "nobody@example.test", "o": "123456"}), "INVALID_INPUT", "the code is wrong or expired")

		// After the cool-down a new code replaces the locked one. The cool-down
		// is on the wall clock, so the test lets it pass.
		time.Sleep(1100 * time.Millisecond)
		var resent struct{ ResendOtp bool }
		anon.MustGraphQL(resendOp, map[string]any{"e": apptest.DefaultEmail}, &resent)
		code = mailedCode(t, m, apptest.DefaultEmail)
		var ticket struct {
			VerifyPasswordResetOtp struct {
				ResetToken string
				ExpiresIn  int
			}
		}
		anon.MustGraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": code}, &ticket)
		if ticket.VerifyPasswordResetOtp.ExpiresIn != 600 || ticket.VerifyPasswordResetOtp.ResetToken == "" {
			t.Fatalf("ticket = %+v", ticket)
		}
		wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": code}), "INVALID_INPUT", "the code is wrong or expired")

		tok := ticket.VerifyPasswordResetOtp.ResetToken
		wantError(t, anon.GraphQL(setOp, map[string]any{"t": tok, "p": "short"}), "INVALID_INPUT", "password must be at least 8 characters")
		wantError(t, anon.GraphQL(setOp, map[string]any{"t": tok, "p": "password1"}), "INVALID_INPUT", "")
		var set struct{ SetForgottenPassword bool }
		anon.MustGraphQL(setOp, map[string]any{"t": tok, "p": "a brand new secret"}, &set)
		wantError(t, anon.GraphQL(setOp, map[string]any{"t": tok, "p": "another new secret"}), "INVALID_INPUT", "the reset token is invalid, used or expired")

		// Every session ended; the old password no longer works, the new one does.
		if n := s.App.DB.Client.Session.Query().Where(session.RevokedAtIsNil()).CountX(ctx); n != 0 {
			t.Fatalf("%d sessions still active after a password reset", n)
		}
		wantError(t, s.As(other.AccessToken).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		wantError(t, anon.GraphQL(loginOp, map[string]any{"e": apptest.DefaultEmail, "p": apptest.DefaultPassword}), "UNAUTHENTICATED", "email or password is incorrect")
		s.Login(apptest.DefaultEmail, "a brand new secret")
		if m.Count() != 0 {
			t.Fatalf("%d unexpected mails (the unknown address must get none)", m.Count())
		}
	})
}

func TestUpdateAndSetPassword(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		second := s.Login(apptest.DefaultEmail, apptest.DefaultPassword)
		const upd = `mutation($c: String!, $n: String!) { updatePassword(currentPassword: $c, newPassword: $n) }`
		wantError(t, s.GraphQL(upd, map[string]any{"c": "wrong one", "n": "new maple circuit 1"}), "INVALID_INPUT", "the current password is incorrect")
		wantError(t, s.GraphQL(upd, map[string]any{"c": apptest.DefaultPassword, "n": "short"}), "INVALID_INPUT", "password must be at least 8 characters")
		wantError(t, s.GraphQL(upd, map[string]any{"c": apptest.DefaultPassword, "n": "iloveyou2024"}), "INVALID_INPUT", "")
		var out struct{ UpdatePassword bool }
		s.MustGraphQL(upd, map[string]any{"c": apptest.DefaultPassword, "n": "new maple circuit 1"}, &out)
		if !out.UpdatePassword {
			t.Fatal("updatePassword = false")
		}
		s.MustGraphQL(whoAmIOp, nil, nil) // the caller's session stays
		wantError(t, s.As(second.AccessToken).GraphQL(whoAmIOp, nil), "UNAUTHENTICATED", "session has been revoked")
		s.Login(apptest.DefaultEmail, "new maple circuit 1")
		wantError(t, s.GraphQL(`mutation { setPassword(password: "whatever 123") }`, nil), "CONFLICT",
			"the account already has a password; use updatePassword")
	})
}
