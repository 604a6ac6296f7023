package gqlexec

import (
	"bytes"
	"encoding/hex"
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
)

// The ID and Time scalars (gqlgen.yml binds them here as gqlexec.UUID and
// gqlexec.Time) marshal to the same bytes as gqlgen's graphql.UUID and
// graphql.Time, and unmarshal with them. gqlgen's marshallers format the value
// into a string, quote it into another and keep both in a closure: three
// allocations for each id and time of a response, a twentieth of the CPU of a
// page of videos. These write the value straight into the response buffer.

// MarshalTime writes t in RFC 3339 with nanoseconds, quoted; the zero time is
// null, as with graphql.MarshalTime.
func MarshalTime(t time.Time) graphql.Marshaler {
	if t.IsZero() {
		return graphql.Null
	}
	return timeValue(t)
}

// UnmarshalTime reads a time as graphql.UnmarshalTime does.
func UnmarshalTime(v any) (time.Time, error) { return graphql.UnmarshalTime(v) }

// MarshalUUID writes id in its canonical form, quoted; the nil UUID is null,
// as with graphql.MarshalUUID.
func MarshalUUID(id uuid.UUID) graphql.Marshaler {
	if id == uuid.Nil {
		return graphql.Null
	}
	return uuidValue(id)
}

// UnmarshalUUID reads an id as graphql.UnmarshalUUID does.
func UnmarshalUUID(v any) (uuid.UUID, error) { return graphql.UnmarshalUUID(v) }

// timeValue is a time marshalled by MarshalTime.
type timeValue time.Time

// MarshalGQL writes the time. RFC 3339 uses no character JSON escapes, so
// quoting is putting it between quotes.
func (t timeValue) MarshalGQL(w io.Writer) {
	WriteAppended(w, func(b []byte) []byte {
		b = append(b, '"')
		b = time.Time(t).AppendFormat(b, time.RFC3339Nano)
		return append(b, '"')
	})
}

// uuidValue is an id marshalled by MarshalUUID.
type uuidValue uuid.UUID

// MarshalGQL writes the id as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx, quoted.
func (u uuidValue) MarshalGQL(w io.Writer) {
	WriteAppended(w, func(b []byte) []byte {
		b = append(b, '"')
		b = AppendUUID(b, uuid.UUID(u))
		return append(b, '"')
	})
}

// AppendUUID appends id as xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (what
// uuid.UUID's String returns, without its allocation).
func AppendUUID(b []byte, id uuid.UUID) []byte {
	var text [36]byte
	hex.Encode(text[0:8], id[0:4])
	text[8] = '-'
	hex.Encode(text[9:13], id[4:6])
	text[13] = '-'
	hex.Encode(text[14:18], id[6:8])
	text[18] = '-'
	hex.Encode(text[19:23], id[8:10])
	text[23] = '-'
	hex.Encode(text[24:], id[10:])
	return append(b, text[:]...)
}

// WriteAppended writes what appendTo appends: into the spare capacity of a
// bytes.Buffer (what the executor writes responses into), with no allocation
// when it fits, and through a small buffer otherwise.
func WriteAppended(w io.Writer, appendTo func([]byte) []byte) {
	if buf, ok := w.(*bytes.Buffer); ok {
		_, _ = buf.Write(appendTo(buf.AvailableBuffer()))
		return
	}
	var small [64]byte
	_, _ = w.Write(appendTo(small[:0]))
}
