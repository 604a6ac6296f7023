package auth_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/auth"
)

// TestVerifiedTokensAreRememberedAndStillTimed verifies a token, then checks
// that the remembered token still expires, is still not valid before its
// time, that a changed token is not taken for it, and that the memory is
// bounded.
func TestVerifiedTokensAreRememberedAndStillTimed(t *testing.T) {
	issued := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	now := issued
	s := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now })
	user, sid := uuid.New(), uuid.New()
	tok, err := s.Issue(user, sid, uuid.Nil)
	if err != nil {
		t.Fatal(err)
	}
	want := auth.TokenIdentity{UserID: user, SessionID: sid}
	for range 2 {
		if id, err := s.Verify(tok); err != nil || id != want {
			t.Fatalf("Verify = %+v, %v", id, err)
		}
	}
	if n := s.VerifiedTokens(); n != 1 {
		t.Fatalf("%d tokens remembered after verifying one twice, want 1", n)
	}

	// A token differing in one character of its signature (in the middle: the
	// last one carries padding bits) is not the remembered one, and fails as
	// it would have.
	at := len(tok) - 10
	tampered := tok[:at] + string("AB"[boolIndex(tok[at] == 'A')]) + tok[at+1:]
	if _, err := s.Verify(tampered); err == nil || err.Error() != "access token signature invalid" {
		t.Fatalf("tampered token: %v", err)
	}

	now = issued.Add(-time.Minute) // before its nbf
	if _, err := s.Verify(tok); err == nil || err.Error() != "access token invalid" {
		t.Fatalf("token before its time: %v", err)
	}
	now = issued.Add(auth.AccessTokenTTL - time.Second)
	if _, err := s.Verify(tok); err != nil {
		t.Fatalf("token in its last second: %v", err)
	}
	now = issued.Add(auth.AccessTokenTTL)
	if _, err := s.Verify(tok); err == nil || err.Error() != "access token expired" {
		t.Fatalf("remembered token at its expiry: %v", err)
	}

	now = issued
	s.KeepVerifiedTokens(3)
	for range 5 {
		other, _ := s.Issue(uuid.New(), uuid.New(), uuid.Nil)
		if _, err := s.Verify(other); err != nil {
			t.Fatal(err)
		}
	}
	if n := s.VerifiedTokens(); n != 3 {
		t.Fatalf("%d tokens remembered with a bound of 3", n)
	}
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}
