package app

import (
	"errors"
	"io"
	"net/http"
	"os"
	"time"

	"github.com/vidra-dev/vidra/internal/config"
)

// NewServer returns the HTTP server of one listener (main, admin or analytics):
// a request's headers must arrive within ReadHeaderTimeout and the whole
// request within ReadTimeout, so that a client sending a byte at a time cannot
// hold a connection. Uploads, whose bodies may take longer, are paced instead
// (uploadPace).
func NewServer(addr string, handler http.Handler, c config.HTTP) *http.Server {
	return &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		IdleTimeout:       120 * time.Second,
	}
}

// uploadProgressBytes is what an upload's body must deliver in every read
// timeout for its connection to stay open: 64 KiB a minute by default, some
// 1 KiB/s, far below any network an upload is sent over.
const uploadProgressBytes = 64 << 10

// uploadPace lets an upload's body (a tus chunk, a direct upload) be read for
// as long as it keeps coming: the server's whole-request ReadTimeout is
// replaced by a window of that length in which uploadProgressBytes must
// arrive, the window starting again each time they have. A body that stalls or
// trickles (a byte a second) is cut off at the end of its window; a tus client
// resumes from the bytes received.
func uploadPace(timeout time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc := http.NewResponseController(w)
		if r.Body == nil || r.Body == http.NoBody || rc.SetReadDeadline(time.Now().Add(timeout)) != nil {
			next.ServeHTTP(w, r) // no body, or not a network connection
			return
		}
		r.Body = &pacedBody{ReadCloser: r.Body, rc: rc, timeout: timeout, windowStart: time.Now()}
		next.ServeHTTP(w, r)
	})
}

// pacedBody is a request body that must deliver uploadProgressBytes in each
// window of timeout.
type pacedBody struct {
	io.ReadCloser
	rc          *http.ResponseController
	timeout     time.Duration
	windowStart time.Time
	inWindow    int
}

// Read implements io.Reader.
func (p *pacedBody) Read(b []byte) (int, error) {
	n, err := p.ReadCloser.Read(b)
	p.inWindow += n
	now := time.Now()
	switch {
	case p.inWindow >= uploadProgressBytes:
		p.windowStart, p.inWindow = now, 0
		_ = p.rc.SetReadDeadline(now.Add(p.timeout))
	case now.Sub(p.windowStart) > p.timeout && !errors.Is(err, io.EOF):
		// Trickling: stop reading the connection, as a deadline would.
		_ = p.rc.SetReadDeadline(now)
		return n, os.ErrDeadlineExceeded
	}
	return n, err
}
