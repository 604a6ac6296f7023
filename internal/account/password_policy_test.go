package account

import (
	"errors"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/fault"
)

func TestCheckPasswordPolicy(t *testing.T) {
	for _, c := range []struct {
		password, want string
	}{
		{"short", "at least 8 characters"},
		{strings.Repeat("x", maxPasswordLength+1), "at most 256 bytes"},
		{"ada@example.org", "must not be the email address"},
		{"password123", "common password"},
		{"ada-lovelace-1815", "your email address or name"},
		{"zxcvbnm,./asdf", "keyboard pattern"},
		{"correct horse battery staple", ""},
		{"tz7#Qm!v2Lr9", ""},
	} {
		err := checkPassword("password", c.password, "ada@example.org", "Ada Lovelace")
		if c.want == "" {
			if err != nil {
				t.Errorf("%q refused: %v", c.password, err)
			}
			continue
		}
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Kind != fault.KindInvalidInput || fe.Field != "password" ||
			!strings.Contains(fe.Message, c.want) {
			t.Errorf("%q: got %v, want INVALID_INPUT on password containing %q", c.password, err, c.want)
		}
	}
}

func TestNormalizeEmail(t *testing.T) {
	for in, want := range map[string]string{
		"  Ada@Example.ORG ": "ada@example.org",
		"":                   "email is required",
		"ada":                `"ada" is not an email address`,
		"ada@localhost":      `"ada@localhost" is not an email address`,
		"Ada <ada@x.org>":    `"Ada <ada@x.org>" is not an email address`,
	} {
		got, err := NormalizeEmail("email", in)
		if err != nil {
			got = err.Error()
		}
		if got != want {
			t.Errorf("NormalizeEmail(%q) = %q, want %q", in, got, want)
		}
	}
}
