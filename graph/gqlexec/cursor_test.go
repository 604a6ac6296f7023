package gqlexec_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

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

// TestCursorsWrittenAsEntgql compares MarshalCursor and CursorRef with
// entgql's Cursor.MarshalGQL for ids alone and with order values of each
// kind, and checks that writing one allocates less than entgql's.
func TestCursorsWrittenAsEntgql(t *testing.T) {
	cursors := []entgql.Cursor[uuid.UUID]{{}, {ID: uuid.New()}, {ID: uuid.New(), Value: "Video 000123"}, {ID: uuid.New(), Value: int64(-42)},
		{ID: uuid.New(), Value: 3.5}, {ID: uuid.New(), Value: true}, {ID: uuid.New(), Value: time.Date(2026, 11, 22, 21, 0, 0, 5, time.UTC)}}
	for range 200 {
		cursors = append(cursors, entgql.Cursor[uuid.UUID]{ID: uuid.New(), Value: strings.Repeat("é", len(cursors)%40)})
	}
	for _, c := range cursors {
		want := written(c)
		bothWays(t, gqlexec.MarshalCursor(c), want)
		m, ok := gqlexec.CursorRef(&c)
		if !ok {
			t.Fatalf("CursorRef refused %+v", c)
		}
		bothWays(t, m, want)
	}
	c := cursors[2]
	var buf bytes.Buffer
	ours := testing.AllocsPerRun(100, func() {
		buf.Reset()
		m, _ := gqlexec.CursorRef(&c)
		m.MarshalGQL(&buf)
	})
	theirs := testing.AllocsPerRun(100, func() {
		buf.Reset()
		c.MarshalGQL(&buf)
	})
	if ours >= theirs {
		t.Fatalf("%v allocations per cursor written, entgql's %v", ours, theirs)
	}
}
