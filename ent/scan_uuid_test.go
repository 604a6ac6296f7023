package ent

import (
	"testing"

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
