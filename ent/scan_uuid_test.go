package ent

import (
	"testing"

	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
)

// TestScannedUUIDScansAsUUID: every source gives the value and the error
// uuid.UUID's Scan gives, text in a byte slice without allocating.
func TestScannedUUIDScansAsUUID(t *testing.T) {
	id := uuid.MustParse("01a20579-fb38-7d96-9b77-76288f460e23")
	sources := []any{
		[]byte(id.String()),
		[]byte("{" + id.String() + "}"),
		id.String(),
		id[:],
		[]byte{},
		"",
		nil,
		[]byte("not-a-uuid"),
		"not-a-uuid",
		42,
	}
	for _, src := range sources {
		var want uuid.UUID
		wantErr := want.Scan(src)
		var got scannedUUID
		gotErr := got.Scan(src)
		if uuid.UUID(got) != want || (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
			t.Errorf("Scan(%#v) = %v, %v; uuid.UUID gives %v, %v", src, uuid.UUID(got), gotErr, want, wantErr)
		}
	}
	var text any = []byte(id.String()) // as the driver hands it over
	var target scannedUUID
	if allocs := testing.AllocsPerRun(100, func() { _ = target.Scan(text) }); allocs != 0 {
		t.Errorf("Scan of text made %v allocations, want 0", allocs)
	}
}

// TestScannedNullUUIDScansAsNullScanner: every source gives what ent's
// sql.NullScanner around a uuid.UUID gives (value, validity and error), NULL
// after a value included, and text without allocating.
func TestScannedNullUUIDScansAsNullScanner(t *testing.T) {
	id := uuid.MustParse("01a20579-fb38-7d96-9b77-76288f460e23")
	sources := []any{[]byte(id.String()), id.String(), id[:], nil, []byte("not-a-uuid"), 42}
	var got scannedNullUUID // reused from source to source: NULL follows a value
	for _, src := range sources {
		want := sql.NullScanner{S: new(uuid.UUID)}
		wantErr := want.Scan(src)
		gotErr := got.Scan(src)
		if uuid.UUID(got.UUID) != *want.S.(*uuid.UUID) || got.Valid != want.Valid || (gotErr == nil) != (wantErr == nil) {
			t.Errorf("Scan(%#v) = %v %v, %v; sql.NullScanner gives %v %v, %v", src,
				uuid.UUID(got.UUID), got.Valid, gotErr, *want.S.(*uuid.UUID), want.Valid, wantErr)
		}
	}
	var text any = []byte(id.String())
	if allocs := testing.AllocsPerRun(100, func() { _ = got.Scan(text) }); allocs != 0 {
		t.Errorf("Scan of text made %v allocations, want 0", allocs)
	}
}
