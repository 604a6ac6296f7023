package player

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"

	"github.com/vidra-dev/vidra/internal/acceptenc"
)

// acceptsGzip reports whether the request's Accept-Encoding allows gzip.
func acceptsGzip(r *http.Request) bool { return acceptenc.Gzip(r) }

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
