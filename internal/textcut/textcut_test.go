package textcut

import (
	"testing"
	"unicode/utf8"
)

// TestUTF8KeepsValidText checks the byte limit and that a split character is dropped.
func TestUTF8KeepsValidText(t *testing.T) {
	for _, c := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"abcdef", 3, "abc"},
		{"héllo", 2, "h"}, // é is two bytes: cut in two, dropped
		{"héllo", 3, "hé"},
		{"exactly", 7, "exactly"},
		{"a€b", 3, "a"},  // € is 3 bytes
		{"a€b", 4, "a€"}, // a whole rune fits
		{"€", 0, ""},
	} {
		got := UTF8(c.in, c.n)
		if got != c.want || !utf8.ValidString(got) || len(got) > c.n {
			t.Errorf("UTF8(%q, %d) = %q, want %q", c.in, c.n, got, c.want)
		}
	}
}
