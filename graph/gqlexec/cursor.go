package gqlexec

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"sync"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vmihailenco/msgpack/v5"
)

// The Cursor scalar (gqlgen.yml binds it here as gqlexec.Cursor) is entgql's
// cursor: msgpack in unpadded base64, written by entgql. Reading one, entgql
// stacks a msgpack stream decoder, with its 4 KiB read buffer, on a base64
// stream decoder, about 5 KB of garbage for a 30-byte argument on every page
// request. UnmarshalCursor decodes the same bytes the same way, from memory.

// MarshalCursor writes c as entgql does: msgpack, in unpadded base64, quoted.
// entgql makes a msgpack encoder and a base64 stream encoder for every cursor
// it writes; this encodes with msgpack's pooled encoders into a pooled buffer.
func MarshalCursor(c entgql.Cursor[uuid.UUID]) graphql.Marshaler { return cursorValue(c) }

// CursorRef writes the cursor p points to as MarshalCursor does (see
// ResolveLeafRef).
func CursorRef(p *entgql.Cursor[uuid.UUID]) (graphql.Marshaler, bool) { return cursorRef{p}, true }

// cursorValue is what MarshalCursor returns; cursorRef, what CursorRef does.
type (
	cursorValue entgql.Cursor[uuid.UUID]
	cursorRef   struct{ p *entgql.Cursor[uuid.UUID] }
)

// MarshalGQL writes the cursor.
func (c cursorValue) MarshalGQL(w io.Writer) { writeCursor(w, (*entgql.Cursor[uuid.UUID])(&c)) }

// MarshalGQL writes the cursor.
func (r cursorRef) MarshalGQL(w io.Writer) { writeCursor(w, r.p) }

// cursorBuffer holds a cursor's msgpack bytes and its quoted base64 text.
type cursorBuffer struct {
	packed bytes.Buffer
	text   []byte
}

// cursorBuffers keeps the buffers writeCursor is done with.
var cursorBuffers = sync.Pool{New: func() any { return new(cursorBuffer) }}

// writeCursor writes c as entgql's Cursor.MarshalGQL does, what msgpack
// encoded of it when encoding fails part way included.
func writeCursor(w io.Writer, c *entgql.Cursor[uuid.UUID]) {
	buf := cursorBuffers.Get().(*cursorBuffer)
	defer cursorBuffers.Put(buf)
	buf.packed.Reset()
	enc := msgpack.GetEncoder()
	enc.Reset(&buf.packed)
	_ = enc.Encode(c)
	msgpack.PutEncoder(enc)
	buf.text = append(buf.text[:0], '"')
	buf.text = base64.RawStdEncoding.AppendEncode(buf.text, buf.packed.Bytes())
	buf.text = append(buf.text, '"')
	_, _ = w.Write(buf.text)
}

// UnmarshalCursor reads a cursor written by MarshalCursor (or entgql), with
// entgql's errors.
func UnmarshalCursor(v any) (entgql.Cursor[uuid.UUID], error) {
	var c entgql.Cursor[uuid.UUID]
	s, ok := v.(string)
	if !ok {
		return c, fmt.Errorf("%T is not a string", v)
	}
	raw, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return c, fmt.Errorf("cannot decode cursor: %w", err)
	}
	if err := msgpack.Unmarshal(raw, &c); err != nil {
		return c, fmt.Errorf("cannot decode cursor: %w", err)
	}
	return c, nil
}
