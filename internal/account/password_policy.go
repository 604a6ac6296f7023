package account

import (
	"slices"
	"strings"
	"unicode"

	zxcvbn "github.com/ccojocar/zxcvbn-go"

	"github.com/vidra-dev/vidra/internal/fault"
)

// The password policy: besides its length, a new password must not be easy to
// guess, as the zxcvbn strength estimator judges it (common passwords, words,
// names, the user's own email and name, keyboard patterns, sequences, repeats and
// dates all count against it).
const (
	// minPasswordScore is the least zxcvbn score (0 to 4) of a new password: 3,
	// "safely unguessable" (about 10^10 guesses).
	minPasswordScore = 3
	// scoredPasswordRunes bounds the estimator's work, which grows steeply with
	// the length: it judges the first 64 characters, enough for any password
	// strong enough to pass.
	scoredPasswordRunes = 64
)

// checkPassword applies the password policy to a new password; userInputs are the
// account's own words (email, name), which make a password guessable.
func checkPassword(field, password, email string, userInputs ...string) error {
	switch {
	case len([]rune(password)) < minPasswordLength:
		return fault.FieldError(field, "password must be at least %d characters", minPasswordLength)
	case len(password) > maxPasswordLength:
		return fault.FieldError(field, "password must be at most %d bytes", maxPasswordLength)
	case strings.EqualFold(strings.TrimSpace(password), email):
		return fault.FieldError(field, "password must not be the email address")
	}
	if why := weakPassword(password, append([]string{email}, userInputs...)); why != "" {
		return fault.FieldError(field, "password is too easy to guess: %s; a few unrelated words, or a longer password, make a strong one", why)
	}
	return nil
}

// weakPassword says why a password is too easy to guess, or "" when it is not.
func weakPassword(password string, userInputs []string) string {
	if r := []rune(password); len(r) > scoredPasswordRunes {
		password = string(r[:scoredPasswordRunes])
	}
	result := zxcvbn.PasswordStrength(password, accountWords(userInputs))
	if result.Score >= minPasswordScore {
		return ""
	}
	var reasons []string
	add := func(reason string) {
		if !slices.Contains(reasons, reason) {
			reasons = append(reasons, reason)
		}
	}
	for _, m := range result.MatchSequence {
		switch {
		case m.Pattern == "dictionary" && m.DictionaryName == "user_inputs":
			add("it contains your email address or name")
		case m.Pattern == "dictionary" && m.DictionaryName == "Passwords":
			add("it is or contains a common password")
		case m.Pattern == "dictionary":
			add("it is made of common words or names")
		case m.Pattern == "spatial":
			add("it contains a keyboard pattern")
		case m.Pattern == "sequence":
			add("it contains a sequence such as abc or 123")
		case m.Pattern == "repeat":
			add("it contains repeated characters")
		case m.Pattern == "date":
			add("it contains a date")
		}
	}
	if len(reasons) == 0 {
		reasons = append(reasons, "it is too short or too simple")
	}
	return strings.Join(reasons, ", ")
}

// accountWords are the account's own words for the estimator: each input whole
// (lower case) and its parts (the email's name and domain words, the name's words).
func accountWords(inputs []string) []string {
	var words []string
	for _, in := range inputs {
		in = strings.ToLower(strings.TrimSpace(in))
		if in == "" {
			continue
		}
		words = append(words, in)
		for _, part := range strings.FieldsFunc(in, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			if len(part) >= 3 && !slices.Contains(words, part) {
				words = append(words, part)
			}
		}
	}
	return words
}
