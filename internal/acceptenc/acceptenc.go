// Package acceptenc reads a request's Accept-Encoding: whether it admits the gzip
// bytes the player and the console keep beside each of their bundles.
package acceptenc

import (
	"net/http"
	"strconv"
	"strings"
)

// Gzip reports whether the request's Accept-Encoding allows gzip (named, or by
// *, with a q-value above 0).
func Gzip(r *http.Request) bool {
	gz, star := -1.0, -1.0 // the q-values given, -1 when not named
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			q := 1.0
			if name, val, ok := strings.Cut(strings.TrimSpace(params), "="); ok && strings.TrimSpace(name) == "q" {
				if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
					q = f
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gz = q
			case "*":
				star = q
			}
		}
	}
	if gz >= 0 {
		return gz > 0
	}
	return star > 0
}
