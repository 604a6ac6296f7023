package gqlexec

import (
	"bytes"
	"context"
	"sync"
)

// The executor writes each response's data into a buffer of its own, which
// grows by doubling from nothing: about 15 KB of garbage for a page of 50
// videos, most of it copies. A transport that is done with a response once it
// has written it (graph's POST transport) lends the operation a pooled buffer
// instead (WithResponseBuffer); the generated executor takes it with
// ResponseBuffer (graph/codegen).

// maxPooledResponseBuffer keeps the odd huge response's buffer out of the pool.
const maxPooledResponseBuffer = 256 << 10

var responseBufferPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

// GetResponseBuffer returns an empty buffer from the pool of response
// buffers, which the executor's lent buffers (WithResponseBuffer) and the
// transport's assembled responses share; PutResponseBuffer returns it.
func GetResponseBuffer() *bytes.Buffer { return responseBufferPool.Get().(*bytes.Buffer) }

// PutResponseBuffer returns a buffer to the pool, unless it grew too large
// to keep; nothing may use it afterwards.
func PutResponseBuffer(buf *bytes.Buffer) {
	if buf.Cap() <= maxPooledResponseBuffer {
		buf.Reset()
		responseBufferPool.Put(buf)
	}
}

// responseBufferKey is the context key of a lent buffer.
type responseBufferKey struct{}

// lentBuffer is a pooled buffer lent to one operation's first response.
type lentBuffer struct {
	mu    sync.Mutex
	buf   *bytes.Buffer
	taken bool
}

// WithResponseBuffer returns ctx lending a pooled buffer to the first response
// of the operation run in it, and release, which returns the buffer to the
// pool: call it once that response's data has been written out and is no
// longer referenced.
func WithResponseBuffer(ctx context.Context) (context.Context, func()) {
	lent := &lentBuffer{buf: GetResponseBuffer()}
	release := func() {
		lent.mu.Lock()
		buf := lent.buf
		lent.buf = nil
		lent.mu.Unlock()
		if buf != nil {
			PutResponseBuffer(buf)
		}
	}
	return context.WithValue(ctx, responseBufferKey{}, lent), release
}

// ResponseBuffer returns the buffer ctx lends for a response's data, empty, the
// first time it is asked, and a new buffer otherwise (no buffer lent, a later
// response of a deferred operation, or a released one).
func ResponseBuffer(ctx context.Context) *bytes.Buffer {
	if lent, ok := ctx.Value(responseBufferKey{}).(*lentBuffer); ok {
		lent.mu.Lock()
		defer lent.mu.Unlock()
		if !lent.taken && lent.buf != nil {
			lent.taken = true
			return lent.buf
		}
	}
	return new(bytes.Buffer)
}
