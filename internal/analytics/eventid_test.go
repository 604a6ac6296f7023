package analytics

import "testing"

func TestEventIDPacksViewAndSeq(t *testing.T) {
	for _, c := range []struct {
		ref int64
		seq int
	}{{1, 0}, {1, maxSeq}, {7, 42}, {1 << 40, maxSeq}} {
		id := EventID(c.ref, c.seq)
		lo, hi := EventRange(c.ref)
		if EventSeq(id) != c.seq || id < lo || id >= hi || id>>seqBits != c.ref {
			t.Errorf("EventID(%d, %d) = %d: seq %d, range [%d, %d)", c.ref, c.seq, id, EventSeq(id), lo, hi)
		}
		if _, next := EventRange(c.ref - 1); next != lo {
			t.Errorf("ranges of %d and %d are not adjacent", c.ref-1, c.ref)
		}
	}
	if maxSeq >= EventIDSpan {
		t.Fatalf("maxSeq %d does not fit the %d ids of a view", maxSeq, EventIDSpan)
	}
}

func TestEventTypeCodesRoundTrip(t *testing.T) {
	for _, name := range typeNames {
		c, ok := EventTypeCode(name)
		if !ok || EventTypeName(c) != name {
			t.Errorf("%s: code %d (%v) names %q", name, c, ok, EventTypeName(c))
		}
	}
	if _, ok := EventTypeCode("nope"); ok {
		t.Error("an unknown type has a code")
	}
	if EventTypeName(-1) != "" || EventTypeName(int16(len(typeNames))) != "" {
		t.Error("an unknown code names a type")
	}
	// The codes are stored: the first ones never move.
	if c, _ := EventTypeCode(EvHeartbeat); c != 9 {
		t.Errorf("heartbeat is code %d, stored as 9", c)
	}
}
