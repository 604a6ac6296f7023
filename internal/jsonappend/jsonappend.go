// Package jsonappend appends the text of JSON string values (an escaped
// string, a UUID) to byte slices without allocating, and writes what they
// append to a response buffer. It is a leaf: it imports nothing of Vidra's,
// so the ent package (its eager loaders' UUID arrays), the GraphQL executor
// helpers (graph/gqlexec) and the embed links (internal/embedlink) share it
// without ent importing graph/ or player/.
package jsonappend

import (
	"bytes"
	"encoding/hex"
	"io"

	"github.com/google/uuid"
)

// hexDigits are the digits of \u00XX escapes, upper case as gqlgen writes them.
const hexDigits = "0123456789ABCDEF"

// AppendEscaped appends s, without quotes, with the escapes gqlgen's string
// marshaller writes: \t, \r, \n, \\, \" and \u00XX for the other control
// characters. Every byte it escapes is ASCII, so it reads bytes; other bytes,
// invalid UTF-8 included, are copied as they are, as gqlgen does.
func AppendEscaped(b []byte, s string) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '\\' && c != '"' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '\t':
			b = append(b, `\t`...)
		case '\r':
			b = append(b, `\r`...)
		case '\n':
			b = append(b, `\n`...)
		case '\\':
			b = append(b, `\\`...)
		case '"':
			b = append(b, `\"`...)
		default:
			b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
		}
		start = i + 1
	}
	return append(b, s[start:]...)
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
