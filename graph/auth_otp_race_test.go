package graph_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent/authcode"
	"github.com/vidra-dev/vidra/graph"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestConcurrentWrongCodesAreCountedAtomically sends ten wrong reset codes at
// once, on each database: at most five are compared (the others are refused as
// locked without a comparison), the code records five attempts, and the right
// code afterwards is refused as locked.
func TestConcurrentWrongCodesAreCountedAtomically(t *testing.T) {
	limits := graph.DefaultAuthLimits
	limits.CodePerIP = auth.Limit{Burst: 100, Every: time.Second}
	limits.CodePerAccount = auth.Limit{Burst: 100, Every: time.Second}
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			m := mailtest.Start(t)
			s := apptest.New(t, d, apptest.Options{Env: map[string]string{"VIDRA_SMTP_URL": m.URL}, AuthLimits: limits})
			m.Wait(t, apptest.DefaultEmail)
			anon := s.Anonymous()
			anon.MustGraphQL(forgotOp, map[string]any{"e": apptest.DefaultEmail}, nil)
			code := mailedCode(t, m, apptest.DefaultEmail)
			wrong := "000000"
			if code == wrong {
				wrong = "111111"
			}
			const guesses = 10
			answers := make([]string, guesses)
			var start, done sync.WaitGroup
			start.Add(1)
			for i := range guesses {
				done.Add(1)
				go func() {
					defer done.Done()
					start.Wait()
					res := anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": wrong})
					if len(res.Errors) == 0 {
						answers[i] = "accepted"
						return
					}
					answers[i] = res.Errors[0].Code() + ": " + res.Errors[0].Message
				}()
			}
			start.Done()
			done.Wait()
			compared, locked := 0, 0
			for _, a := range answers {
				switch {
				case a == "INVALID_INPUT: the code is wrong or expired" || strings.HasPrefix(a, "FORBIDDEN: wrong code; it is now locked"):
					compared++
				case strings.HasPrefix(a, "FORBIDDEN: this code is locked"):
					locked++
				default:
					t.Errorf("unexpected answer %q", a)
				}
			}
			if compared != 5 || locked != guesses-5 {
				t.Errorf("compared %d, refused as locked %d; want 5 and %d: %q", compared, locked, guesses-5, answers)
			}
			stored := s.App.DB.Client.AuthCode.Query().Where(authcode.PurposeEQ(authcode.PurposeResetOtp)).OnlyX(apptest.System())
			if stored.Attempts != 5 {
				t.Errorf("attempts = %d, want 5", stored.Attempts)
			}
			wantError(t, anon.GraphQL(verifyOp, map[string]any{"e": apptest.DefaultEmail, "o": code}), "FORBIDDEN",
				"this code is locked after 5 wrong tries; request a new one")
		})
	}
}
