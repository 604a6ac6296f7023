// Package textcut shortens text for columns and protocol fields with a byte
// limit without leaving invalid UTF-8 behind (PostgreSQL refuses a character cut
// in two; a websocket close reason must be UTF-8).
package textcut

import "strings"

// UTF8 shortens s to at most n bytes, dropping a character the cut would split.
func UTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "")
}
