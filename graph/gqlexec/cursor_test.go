package gqlexec_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// TestCursorsReadAsEntgql checks UnmarshalCursor reads what entgql writes (an
// id alone, an id with an order value) into what entgql reads, and refuses
// what entgql refuses with its error.
func TestCursorsReadAsEntgql(t *testing.T) {
	for _, c := range []entgql.Cursor[uuid.UUID]{
		{ID: uuid.New()},
		{ID: uuid.New(), Value: "Video 000123"},
		{ID: uuid.New(), Value: int64(42)},
	} {
		var buf bytes.Buffer
		gqlexec.MarshalCursor(c).MarshalGQL(&buf)
		var text string
		if err := json.Unmarshal(buf.Bytes(), &text); err != nil {
			t.Fatalf("cursor %+v written as %s: %v", c, buf.Bytes(), err)
		}
		got, err := gqlexec.UnmarshalCursor(text)
		if err != nil {
			t.Fatal(err)
		}
		var want entgql.Cursor[uuid.UUID]
		if err := want.UnmarshalGQL(text); err != nil {
			t.Fatal(err)
		}
		if got.ID != want.ID || got.Value != want.Value || got.ID != c.ID {
			t.Fatalf("read %+v, entgql reads %+v, written %+v", got, want, c)
		}
	}
	for _, bad := range []any{42, "", "not base64!", "AAAA"} {
		var want entgql.Cursor[uuid.UUID]
		wantErr := want.UnmarshalGQL(bad)
		_, err := gqlexec.UnmarshalCursor(bad)
		if err == nil || wantErr == nil {
			t.Fatalf("%v: error %v, entgql's %v; want both to fail", bad, err, wantErr)
		}
		if !strings.HasPrefix(err.Error(), strings.SplitN(wantErr.Error(), ":", 2)[0]) {
			t.Fatalf("%v: error %q, entgql's %q", bad, err, wantErr)
		}
	}
}
