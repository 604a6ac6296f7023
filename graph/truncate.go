package graph

import "strings"

// truncate shortens s to at most n bytes, keeping it valid UTF-8 (PostgreSQL
// refuses a character cut in two).
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") // a character cut in two is dropped
}
