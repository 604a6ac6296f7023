package player

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
)

// acceptsGzip reports whether the request's Accept-Encoding allows gzip (named,
// or by *, with a q-value above 0).
func acceptsGzip(r *http.Request) bool {
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

// writeHTML sends a page (its headers already set) with status, gzip-compressed
// at the best level when the client accepts it: the page is small and made per
// request, its compression costs little beside the queries that made it.
func writeHTML(w http.ResponseWriter, r *http.Request, status int, body []byte) {
	h := w.Header()
	h.Add("Vary", "Accept-Encoding")
	if r != nil && acceptsGzip(r) {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		body = buf.Bytes()
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r == nil || r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}
