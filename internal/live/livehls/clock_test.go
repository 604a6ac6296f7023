package livehls

import (
	"testing"
	"time"
)

// TestRungsDateAsTheSourcePublished: a segment's date is fixed when it closes;
// when later units pull the mapping earlier (a start-up burst read late, a
// loaded box), the rungs, which close their segments after the source, still
// date the same instant as the source did, and later instants from that date.
// Before the pins, the rungs read the moved mapping and were dated ~260 ms
// early under load (TestTranscodedRungsShareTheSourcePDT).
func TestRungsDateAsTheSourcePublished(t *testing.T) {
	base := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	var c wallClock
	c.tick(0, base.Add(300*time.Millisecond)) // the first frame read 300 ms late
	published := c.pin(0)
	if !published.Equal(base.Add(300 * time.Millisecond)) {
		t.Fatalf("segment 0 published at %s", published)
	}
	// A later frame arrives on time: the mapping moves 300 ms earlier.
	c.tick(2*90000, base.Add(2*time.Second))
	if at := c.at(0); !at.Equal(base) {
		t.Fatalf("the mapping of 0 moved to %s, want %s", at, base)
	}
	if d := c.dated(0); !d.Equal(published) {
		t.Errorf("a rung's segment at 0 is dated %s, the source published %s", d, published)
	}
	if d := c.dated(90000); !d.Equal(published.Add(time.Second)) {
		t.Errorf("a rung's instant 1 s in is dated %s, want %s", d, published.Add(time.Second))
	}
	// The same segment closing again (a part then the whole) keeps its date.
	if again := c.pin(0); !again.Equal(published) {
		t.Errorf("segment 0 re-dated %s", again)
	}
	// Before any segment closed, the estimate.
	var fresh wallClock
	fresh.tick(0, base)
	if d := fresh.dated(45000); !d.Equal(base.Add(500 * time.Millisecond)) {
		t.Errorf("dated before any pin = %s", d)
	}
}
