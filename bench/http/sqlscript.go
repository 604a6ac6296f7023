package main

import (
	"strings"
)

// splitScript turns a psql script (the kit's schema.sql and seed.sql) into the
// statements to send one by one on one connection: psql's own commands are
// dropped (\set) or end the statement before them (\gset), and semicolons end a
// statement except inside quotes, comments and dollar-quoted bodies.
func splitScript(script string) []string {
	var stmts []string
	var cur strings.Builder
	flush := func() {
		if s := strings.TrimSpace(cur.String()); s != "" && !onlyComments(s) {
			stmts = append(stmts, s)
		}
		cur.Reset()
	}
	for i := 0; i < len(script); {
		c := script[i]
		switch {
		case c == '\\' && atLineStartOrAfterSpace(script, i):
			// A psql meta-command runs to the end of its line; \gset ends the query before it.
			end := strings.IndexByte(script[i:], '\n') + 1
			if end == 0 {
				end = len(script) - i
			}
			if strings.HasPrefix(script[i:], `\g`) {
				flush()
			}
			i += end
		case c == '-' && strings.HasPrefix(script[i:], "--"):
			end := strings.IndexByte(script[i:], '\n')
			if end < 0 {
				end = len(script) - i
			}
			cur.WriteString(script[i : i+end])
			i += end
		case c == '\'' || c == '"':
			end := closing(script, i+1, c)
			cur.WriteString(script[i:end])
			i = end
		case c == '$':
			tag, ok := dollarTag(script[i:])
			if !ok {
				cur.WriteByte(c)
				i++
				continue
			}
			end := strings.Index(script[i+len(tag):], tag)
			if end < 0 {
				end = len(script) - i - len(tag)
			} else {
				end += len(tag)
			}
			cur.WriteString(script[i : i+len(tag)+end])
			i += len(tag) + end
		case c == ';':
			flush()
			i++
		default:
			cur.WriteByte(c)
			i++
		}
	}
	flush()
	return stmts
}

// closing is the index just past the quote q that closes a string opened before
// from (a doubled quote is part of the string).
func closing(s string, from int, q byte) int {
	for i := from; i < len(s); i++ {
		if s[i] == q {
			if i+1 < len(s) && s[i+1] == q {
				i++
				continue
			}
			return i + 1
		}
	}
	return len(s)
}

// dollarTag is the $tag$ that opens a dollar-quoted string at the start of s.
func dollarTag(s string) (string, bool) {
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == '$' {
			return s[:i+1], true
		}
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 1 && c >= '0' && c <= '9') {
			return "", false
		}
	}
	return "", false
}

func atLineStartOrAfterSpace(s string, i int) bool {
	return i == 0 || s[i-1] == '\n' || s[i-1] == ' ' || s[i-1] == '\t'
}

func onlyComments(s string) bool {
	for _, line := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(line); t != "" && !strings.HasPrefix(t, "--") {
			return false
		}
	}
	return true
}
