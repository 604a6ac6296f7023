package rest

import (
	"strings"
	"unicode"
)

// snake turns a GraphQL name into its REST spelling: createdAt -> created_at,
// organizationID -> organization_id, tagIDs -> tag_ids, logoURL -> logo_url.
// Every name crossing the boundary goes through this one function, in both
// directions (inputs are matched by comparing snake(schemaName) with the key).
func snake(name string) string {
	r := []rune(name)
	var b strings.Builder
	b.Grow(len(name) + 4)
	for i := 0; i < len(r); i++ {
		c := r[i]
		if unicode.IsUpper(c) {
			// "IDs" is one word, not "I" + "Ds".
			if c == 'I' && i+2 < len(r) && r[i+1] == 'D' && r[i+2] == 's' && (i+3 == len(r) || unicode.IsUpper(r[i+3])) {
				if i > 0 {
					b.WriteByte('_')
				}
				b.WriteString("ids")
				i += 2
				continue
			}
			prevLower := i > 0 && (unicode.IsLower(r[i-1]) || unicode.IsDigit(r[i-1]))
			nextLower := i+1 < len(r) && unicode.IsLower(r[i+1])
			prevUpper := i > 0 && unicode.IsUpper(r[i-1])
			if i > 0 && (prevLower || (prevUpper && nextLower)) {
				b.WriteByte('_')
			}
			b.WriteRune(unicode.ToLower(c))
			continue
		}
		b.WriteRune(c)
	}
	return b.String()
}
