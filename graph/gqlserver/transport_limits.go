package gqlserver

import (
	"fmt"
	"io"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/vidra-dev/vidra/internal/fault"
)

// NewGET returns gqlgen's GET transport refusing, with 414, a query string
// longer than maxURLBytes (getTransport).
func NewGET(maxURLBytes int) graphql.Transport { return getTransport{maxURLBytes: maxURLBytes} }

// getTransport is gqlgen's GET transport refusing, with 414, a query string
// longer than MaxURLBytes: the query, variables and extensions a GET carries
// are all in it, and it is read whole before anything else.
type getTransport struct {
	transport.GET
	maxURLBytes int
}

// Do answers one GET request.
func (t getTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	if n := len(r.URL.RawQuery); n > t.maxURLBytes {
		writeRefused(w, http.StatusRequestURITooLong, fault.KindTooLarge,
			fmt.Sprintf("query string is %d bytes long, which exceeds the limit of %d", n, t.maxURLBytes))
		return
	}
	t.GET.Do(w, r, exec)
}

// NewMultipart returns gqlgen's multipart transport (GraphQL uploads) for
// bodies of at most maxUploadSize bytes, answering 413 past it
// (multipartTransport).
func NewMultipart(maxUploadSize int64) graphql.Transport {
	return multipartTransport{transport.MultipartForm{MaxUploadSize: maxUploadSize, MaxMemory: 8 << 20}}
}

// multipartTransport is gqlgen's multipart transport (GraphQL uploads) answering
// 413 to a body larger than its MaxUploadSize: gqlgen's answers such a body 200
// when its Content-Length says so, and 422 when the body turns out longer as it
// is read.
type multipartTransport struct {
	transport.MultipartForm
}

// Do answers one multipart request.
func (t multipartTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	if r.ContentLength > t.MaxUploadSize {
		writeRefused(w, http.StatusRequestEntityTooLarge, fault.KindTooLarge, bodyTooLargeMessage(t.MaxUploadSize))
		return
	}
	body := &overflowWatch{ReadCloser: r.Body, left: t.MaxUploadSize}
	r.Body = body
	t.MultipartForm.Do(&tooLargeStatus{ResponseWriter: w, body: body}, r, exec)
}

// overflowWatch is a request body noting whether more than left bytes were read
// from it (gqlgen's transport reads one byte past its limit to tell).
type overflowWatch struct {
	io.ReadCloser
	left     int64
	overflow bool
}

// Read implements io.Reader.
func (o *overflowWatch) Read(p []byte) (int, error) {
	n, err := o.ReadCloser.Read(p)
	o.left -= int64(n)
	if o.left < 0 {
		o.overflow = true
	}
	return n, err
}

// tooLargeStatus answers 413 in place of the status a transport gives when
// the body it read ran past the limit.
type tooLargeStatus struct {
	http.ResponseWriter
	body        *overflowWatch
	wroteHeader bool
}

// WriteHeader implements http.ResponseWriter.
func (t *tooLargeStatus) WriteHeader(code int) {
	if t.wroteHeader {
		return
	}
	t.wroteHeader = true
	if t.body.overflow {
		code = http.StatusRequestEntityTooLarge
	}
	t.ResponseWriter.WriteHeader(code)
}

// Write implements http.ResponseWriter.
func (t *tooLargeStatus) Write(b []byte) (int, error) {
	t.WriteHeader(http.StatusOK)
	return t.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the connection.
func (t *tooLargeStatus) Unwrap() http.ResponseWriter { return t.ResponseWriter }

// bodyTooLargeMessage is the message of a body refused for its size.
func bodyTooLargeMessage(limit int64) string {
	return fmt.Sprintf("request body exceeds the limit of %d bytes", limit)
}

// writeRefused answers a request refused before anything of it was executed
// with status and a GraphQL error of kind: the error is written as it is, not
// through the executor's extensions.
func writeRefused(w http.ResponseWriter, status int, kind fault.Kind, message string) {
	err := &gqlerror.Error{Message: message, Extensions: map[string]any{"code": string(kind)}}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	writeMarshalled(w, &graphql.Response{Errors: gqlerror.List{err}})
}
