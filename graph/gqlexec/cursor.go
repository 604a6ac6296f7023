package gqlexec

import (
	"encoding/base64"
	"fmt"

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

// MarshalCursor writes c as entgql does.
func MarshalCursor(c entgql.Cursor[uuid.UUID]) graphql.Marshaler { return c }

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
