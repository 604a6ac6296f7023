package jsonappend

import (
	"bytes"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
)

// TestAppendEscaped checks the escapes against gqlgen's string marshaller,
// whose bytes the executor's responses must keep.
func TestAppendEscaped(t *testing.T) {
	cases := []struct{ in, want string }{
		{"", ""},
		{"plain", "plain"},
		{`a"b\c`, `a\"b\\c`},
		{"tab\tcr\rlf\n", `tab\tcr\rlf\n`},
		{"\x00\x01\x1f", `\u0000\u0001\u001F`},
		{"<é 日本>", "<é 日本>"},
		{"bad \xff utf-8", "bad \xff utf-8"},
		{"\x7f", "\x7f"},
	}
	for _, c := range cases {
		got := string(AppendEscaped([]byte("prefix:"), c.in))
		if got != "prefix:"+c.want {
			t.Errorf("AppendEscaped(%q) = %q, want %q", c.in, got, "prefix:"+c.want)
		}
		var gqlgen bytes.Buffer
		graphql.MarshalString(c.in).MarshalGQL(&gqlgen)
		if quoted := `"` + c.want + `"`; gqlgen.String() != quoted {
			t.Errorf("gqlgen writes %q as %q, AppendEscaped as %q", c.in, gqlgen.String(), quoted)
		}
	}
}

// TestAppendUUID checks the text against uuid.UUID's String.
func TestAppendUUID(t *testing.T) {
	for _, id := range []uuid.UUID{uuid.Nil, uuid.MustParse("01a20579-fb38-7d96-9b77-76288f460e23"), uuid.Max, uuid.New()} {
		if got := string(AppendUUID([]byte("x"), id)); got != "x"+id.String() {
			t.Errorf("AppendUUID(%s) = %q", id, got)
		}
	}
}

// onlyWriter is an io.Writer that is not a bytes.Buffer.
type onlyWriter struct{ strings.Builder }

// TestWriteAppended checks both paths, into a bytes.Buffer and through the
// small buffer (past its 64 bytes too), and that what was written stays.
func TestWriteAppended(t *testing.T) {
	long := strings.Repeat("0123456789", 10)
	for _, text := range []string{"", "short", long} {
		appendText := func(b []byte) []byte { return append(b, text...) }
		buf := bytes.NewBufferString("head|")
		WriteAppended(buf, appendText)
		if buf.String() != "head|"+text {
			t.Errorf("into a bytes.Buffer: %q, want %q", buf.String(), "head|"+text)
		}
		var w onlyWriter
		w.WriteString("head|")
		WriteAppended(&w, appendText)
		if w.String() != "head|"+text {
			t.Errorf("into another writer: %q, want %q", w.String(), "head|"+text)
		}
	}
}
