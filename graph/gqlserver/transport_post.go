package gqlserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/vidra-dev/vidra/graph/gqlexec"
	"github.com/vidra-dev/vidra/internal/fault"
)

// NewPOST returns the POST transport: postTransport answering 413 to a body
// longer than maxBodyBytes.
func NewPOST(maxBodyBytes int64) graphql.Transport {
	return postTransport{maxBodyBytes: maxBodyBytes}
}

// postTransport is gqlgen's POST transport (application/json bodies) with the
// response written from its parts: the data as the executor wrote it, between
// the errors and the extensions encoded by encoding/json. gqlgen's transport
// encodes the whole response with json.Marshal, which runs the data (a
// json.RawMessage, some kilobytes for a page of videos) through its compactor
// byte by byte and copies it, about a twelfth of the server's CPU on such a
// page. The bytes written are the same as gqlgen's, checked by test.
//
// Requests the fast path does not take (an unreadable or malformed body, an
// operation that cannot be prepared, a response with incremental delivery
// fields) are handed to gqlgen's POST transport with their body as it was,
// so their status codes and errors are gqlgen's own.
//
// A body longer than maxBodyBytes is answered 413 (TOO_LARGE) as soon as its
// Content-Length or its bytes tell, without reading more of it.
type postTransport struct {
	transport.POST
	maxBodyBytes int64
}

// Do answers one POST request.
func (t postTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	start := graphql.Now()
	if r.ContentLength > t.maxBodyBytes {
		writeRefused(w, http.StatusRequestEntityTooLarge, fault.KindTooLarge, bodyTooLargeMessage(t.maxBodyBytes))
		return
	}
	body, readErr := io.ReadAll(http.MaxBytesReader(w, r.Body, t.maxBodyBytes))
	if tooLarge := (*http.MaxBytesError)(nil); errors.As(readErr, &tooLarge) {
		writeRefused(w, http.StatusRequestEntityTooLarge, fault.KindTooLarge, bodyTooLargeMessage(t.maxBodyBytes))
		return
	}
	if timeout := net.Error(nil); errors.As(readErr, &timeout) && timeout.Timeout() {
		// The server's read timeout passed before the body arrived.
		writeRefused(w, http.StatusRequestTimeout, fault.KindBadRequest, "the request body did not arrive in time")
		return
	}
	var params graphql.RawParams
	decoder := json.NewDecoder(bytes.NewReader(body))
	decoder.UseNumber() // as gqlgen decodes variables
	if readErr != nil || decoder.Decode(&params) != nil {
		t.handOver(w, r, exec, body, readErr)
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	ctx := r.Context()
	rc, opErr := exec.CreateOperationContext(ctx, &params)
	if opErr != nil {
		t.handOver(w, r, exec, body, nil)
		return
	}
	w.Header().Set("Content-Type", postResponseContentType(r.Header.Get("Accept")))
	// The response is written before Do returns, and nothing keeps it: its
	// data can go into a pooled buffer.
	ctx, release := gqlexec.WithResponseBuffer(ctx)
	defer release()
	responses, ctx := exec.DispatchOperation(ctx, rc)
	resp := responses(ctx)
	if resp == nil {
		// The executor answers nothing once the request's context is done
		// (the client went away); otherwise it is our fault.
		if errors.Is(r.Context().Err(), context.Canceled) {
			return
		}
		resp = &graphql.Response{Errors: gqlerror.List{{Message: "internal error", Extensions: map[string]any{"code": "INTERNAL"}}}}
	}
	writeResponse(w, resp)
}

// handOver lets gqlgen's POST transport answer the request, with its body (and
// the error reading it ended with, if any) to read again.
func (t postTransport) handOver(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor, body []byte, readErr error) {
	var rest io.Reader = bytes.NewReader(body)
	if readErr != nil {
		rest = io.MultiReader(rest, failingReader{readErr})
	}
	r.Body = io.NopCloser(rest)
	// gqlgen's transport reports an unreadable or malformed body through the
	// executor's response extensions, which need an operation context (entgql's
	// Transactioner panics without one): an empty one, as nothing is executed.
	r = r.WithContext(graphql.WithOperationContext(r.Context(), &graphql.OperationContext{}))
	t.POST.Do(w, r, exec)
}

// failingReader fails every read with err.
type failingReader struct{ err error }

func (f failingReader) Read([]byte) (int, error) { return 0, f.err }

// postResponseContentType is the response's media type for an Accept header,
// chosen as gqlgen's POST transport (with no options set) chooses it: JSON when
// the client names no type, any type or JSON, the GraphQL response type when it
// names that, the first of its types that is one of these deciding, and the
// GraphQL response type when none is.
func postResponseContentType(accept string) string {
	const (
		jsonType     = "application/json"
		responseType = "application/graphql-response+json"
	)
	if accept == "" {
		return jsonType
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", jsonType:
			return jsonType
		case responseType:
			return responseType
		}
	}
	return responseType
}

// writeResponse writes resp as json.Marshal would, without passing its data
// through encoding/json when that would change nothing: the executor writes
// compact JSON, and encoding/json changes it only where it escapes <, >, & and
// the line and paragraph separators U+2028 and U+2029.
func writeResponse(w io.Writer, resp *graphql.Response) {
	if resp.Label != "" || resp.Path != nil || resp.HasNext != nil ||
		(resp.Data != nil && len(resp.Data) == 0) || !passesUnescaped(resp.Data) {
		writeMarshalled(w, resp)
		return
	}
	out := gqlexec.GetResponseBuffer()
	defer gqlexec.PutResponseBuffer(out)
	out.WriteByte('{')
	if len(resp.Errors) > 0 {
		errs, err := json.Marshal(resp.Errors)
		if err != nil {
			writeMarshalled(w, resp)
			return
		}
		out.WriteString(`"errors":`)
		out.Write(errs)
		out.WriteByte(',')
	}
	out.WriteString(`"data":`)
	if resp.Data == nil {
		out.WriteString("null")
	} else {
		out.Write(resp.Data)
	}
	if len(resp.Extensions) > 0 {
		ext, err := json.Marshal(resp.Extensions)
		if err != nil {
			writeMarshalled(w, resp)
			return
		}
		out.WriteString(`,"extensions":`)
		out.Write(ext)
	}
	out.WriteByte('}')
	writeWhole(w, out.Bytes())
}

// writeWhole writes a response's body in one Write, with its length in the
// Content-Length header when w is the HTTP response: net/http then sends it
// as it is rather than in chunks, and a body larger than its 4 KiB buffer
// leaves in two writes to the connection instead of three (the last chunk's
// terminator is a write of its own). A Writer does not keep what it is given.
func writeWhole(w io.Writer, body []byte) {
	if hw, ok := w.(http.ResponseWriter); ok {
		hw.Header().Set("Content-Length", strconv.Itoa(len(body)))
	}
	_, _ = w.Write(body)
}

// writeMarshalled writes resp encoded by encoding/json, as gqlgen's transports do.
func writeMarshalled(w io.Writer, resp *graphql.Response) {
	b, err := json.Marshal(resp)
	if err != nil {
		// gqlgen panics here; the recoverer answers 500 with the cause logged.
		panic("gqlserver: response cannot be encoded: " + err.Error())
	}
	writeWhole(w, b)
}

// passesUnescaped reports whether encoding/json would write data unchanged:
// it holds none of the characters it escapes in strings (<, >, &, U+2028 and
// U+2029, the latter two encoded as E2 80 A8 and E2 80 A9). One bytes.IndexByte
// pass per byte looked for: each is vectorised, where bytes.ContainsAny with a
// set of three walks the data a byte at a time (a tenth of a microsecond per
// kilobyte, some microseconds on a page of videos).
func passesUnescaped(data []byte) bool {
	for _, c := range []byte("<>&") {
		if bytes.IndexByte(data, c) >= 0 {
			return false
		}
	}
	for rest := data; ; {
		i := bytes.IndexByte(rest, 0xE2)
		if i < 0 {
			return true
		}
		if i+2 < len(rest) && rest[i+1] == 0x80 && (rest[i+2] == 0xA8 || rest[i+2] == 0xA9) {
			return false
		}
		rest = rest[i+1:]
	}
}
