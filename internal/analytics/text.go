package analytics

import (
	"strings"
	"unicode/utf8"
)

// checkText refuses a collected string the databases cannot store or that no
// honest player sends: longer than max bytes, not valid UTF-8 (PostgreSQL
// rejects such a row, and with it the writer's transaction), or holding a
// control character such as NUL.
func checkText(name, s string, max int) error {
	if len(s) > max {
		return bad("%s is longer than %d characters", name, max)
	}
	if !validText(s) {
		return bad("%s must be UTF-8 text without control characters (such as NUL)", name)
	}
	return nil
}

// validText reports whether s is valid UTF-8 without C0 control characters
// or DEL.
func validText(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f })
}
