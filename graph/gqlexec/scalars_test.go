package gqlexec_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// plainWriter is an io.Writer that is not a bytes.Buffer.
type plainWriter struct{ bytes.Buffer }

func (w *plainWriter) Write(p []byte) (int, error) { return w.Buffer.Write(p) }

// bothWays writes m into a bytes.Buffer with little spare room (the executor's
// case) and into another writer, and fails unless both give want.
func bothWays(t *testing.T, m graphql.Marshaler, want string) {
	t.Helper()
	var buf bytes.Buffer
	buf.WriteString("x") // a buffer already written to, with a small capacity
	m.MarshalGQL(&buf)
	var plain plainWriter
	m.MarshalGQL(&plain)
	if buf.String() != "x"+want || plain.String() != want {
		t.Fatalf("wrote %q and %q, want %q", buf.String()[1:], plain.String(), want)
	}
}

func TestScalarsWriteAsGqlgens(t *testing.T) {
	zones := []*time.Location{time.UTC, time.FixedZone("", 5*3600+30*60), time.FixedZone("", -7*3600)}
	for _, at := range []time.Time{
		time.Date(2026, 11, 22, 10, 30, 0, 0, time.UTC),
		time.Date(1999, 1, 2, 3, 4, 5, 123456789, zones[1]),
		time.Date(2030, 12, 31, 23, 59, 59, 100, zones[2]),
		time.Date(12345, 6, 7, 8, 9, 10, 0, time.UTC),
		time.Unix(0, 0).UTC(),
	} {
		bothWays(t, gqlexec.MarshalTime(at), written(graphql.MarshalTime(at)))
	}
	for range 20 {
		id := uuid.New()
		bothWays(t, gqlexec.MarshalUUID(id), written(graphql.MarshalUUID(id)))
	}
	id := uuid.MustParse("00000000-0000-0000-0000-0000000000ff")
	bothWays(t, gqlexec.MarshalUUID(id), `"00000000-0000-0000-0000-0000000000ff"`)
	if gqlexec.MarshalTime(time.Time{}) != graphql.Null || gqlexec.MarshalUUID(uuid.Nil) != graphql.Null {
		t.Fatal("the zero time and the nil UUID must marshal as null, as gqlgen's do")
	}
}

func TestScalarsUnmarshalAsGqlgens(t *testing.T) {
	for _, in := range []any{"2026-11-22T10:30:00Z", "2026-11-22T10:30:00.5+02:00", "", nil, 12, "not a time"} {
		got, gotErr := gqlexec.UnmarshalTime(in)
		want, wantErr := graphql.UnmarshalTime(in)
		if !got.Equal(want) || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("UnmarshalTime(%v) = %v, %v; gqlgen: %v, %v", in, got, gotErr, want, wantErr)
		}
	}
	for _, in := range []any{"0190a0b0-1c2d-7e3f-8a9b-0c1d2e3f4a5b", []byte("0190a0b0-1c2d-7e3f-8a9b-0c1d2e3f4a5b"), "nope", 7} {
		got, gotErr := gqlexec.UnmarshalUUID(in)
		want, wantErr := graphql.UnmarshalUUID(in)
		if got != want || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("UnmarshalUUID(%v) = %v, %v; gqlgen: %v, %v", in, got, gotErr, want, wantErr)
		}
	}
}
