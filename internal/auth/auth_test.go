package auth_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
)

func TestPasswordHashRoundTrip(t *testing.T) {
	p := auth.PasswordParams{Memory: 1024, Time: 1, Threads: 1}
	h, err := auth.HashPassword("s3cret pass", p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(h, "$argon2id$v=19$m=1024,t=1,p=1$") {
		t.Fatalf("hash = %q", h)
	}
	h2, _ := auth.HashPassword("s3cret pass", p)
	if h == h2 {
		t.Fatal("two hashes of one password are equal: no salt")
	}
	for pw, want := range map[string]bool{"s3cret pass": true, "s3cret pas": false, "": false} {
		if ok, err := auth.VerifyPassword(pw, h); err != nil || ok != want {
			t.Errorf("VerifyPassword(%q) = %v, %v; want %v", pw, ok, err, want)
		}
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=1,t=1,p=1$AA$AA", "$argon2id$v=19$m=x$AA$AA", "$argon2id$v=19$m=1,t=1,p=1$!!$AA"} {
		if _, err := auth.VerifyPassword("x", bad); err != auth.ErrMalformedHash {
			t.Errorf("VerifyPassword(%q) err = %v", bad, err)
		}
	}
}

func TestSignerAcceptsOnlyItsOwnHS256Tokens(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	s := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), clock)
	user, sid, org := uuid.New(), uuid.New(), uuid.New()
	tok, err := s.Issue(user, sid, org)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Verify(tok)
	if err != nil || id != (auth.TokenIdentity{UserID: user, SessionID: sid, OrganizationID: org}) {
		t.Fatalf("Verify = %+v, %v", id, err)
	}
	later := auth.NewSigner([]byte("0123456789abcdef0123456789abcdef"), func() time.Time { return now.Add(auth.AccessTokenTTL + time.Second) })
	if _, err := later.Verify(tok); err == nil || err.Error() != "access token expired" {
		t.Fatalf("expired token: %v", err)
	}
	none, _ := jwt.NewWithClaims(jwt.SigningMethodNone, jwt.MapClaims{"iss": "vidra", "sub": user.String(), "sid": sid.String(),
		"exp": now.Add(time.Hour).Unix()}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if _, err := s.Verify(none); err == nil || err.Error() != "access token algorithm not accepted" {
		t.Fatalf("alg none: %v", err)
	}
}

func TestSecretIsGeneratedOnceWithMode0600(t *testing.T) {
	dir := t.TempDir()
	a, err := auth.LoadOrCreateSecret("", dir)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := auth.LoadOrCreateSecret("", dir)
	if string(a) != string(b) || len(a) < 32 {
		t.Fatalf("secret changed or short: %q %q", a, b)
	}
	st, _ := os.Stat(filepath.Join(dir, "jwt.secret"))
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode = %v", st.Mode())
	}
	if _, err := auth.LoadOrCreateSecret("short", dir); err == nil {
		t.Fatal("short configured secret accepted")
	}
}

func TestDeviceNames(t *testing.T) {
	for ua, want := range map[string]string{
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15": "Safari on macOS",
		"Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36":        "Chrome on Windows",
		"curl/8.5.0": "curl/8.5.0",
		"":           "Unknown device",
	} {
		if got := auth.Device(ua); got != want {
			t.Errorf("Device(%q) = %q, want %q", ua, got, want)
		}
	}
}

func TestLimiterRefusesOverBurstPerKey(t *testing.T) {
	l := auth.NewLimiter(auth.Limit{Burst: 2, Every: time.Hour})
	for i, want := range []bool{true, true, false} {
		if ok, wait := l.Allow("a"); ok != want || (!ok && wait <= 0) {
			t.Fatalf("attempt %d: %v %v", i, ok, wait)
		}
	}
	if ok, _ := l.Allow("b"); !ok {
		t.Fatal("key b limited by key a")
	}
}
