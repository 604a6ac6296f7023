package ingest

import (
	"testing"
	"time"
)

// TestInputMeterSplitsHours: connected time is split at UTC hour boundaries,
// an hour is due only once it is over (or at the end), and a recorded hour is
// handed out once.
func TestInputMeterSplitsHours(t *testing.T) {
	at := func(h, m, s int) time.Time { return time.Date(2026, 11, 26, h, m, s, 0, time.UTC) }
	var m inputMeter
	m.start(at(10, 59, 58))
	m.stop(at(11, 0, 3)) // 2 s in hour 10, 3 s in hour 11
	m.stop(at(11, 0, 9)) // not connected: nothing counts
	m.start(at(11, 30, 0))
	m.start(at(11, 30, 5)) // already counting: keeps 11:30:00
	due := m.due(at(11, 30, 10), false)
	if len(due) != 1 || !due[0].Hour.Equal(at(10, 0, 0)) || due[0].Input != 2*time.Second {
		t.Fatalf("due in hour 11: %+v", due)
	}
	m.done(due)
	if again := m.due(at(11, 30, 10), false); len(again) != 0 {
		t.Fatalf("a recorded hour handed out again: %+v", again)
	}
	m.stop(at(12, 0, 1))
	final := m.due(at(12, 0, 1), true)
	want := []hourInput{{at(11, 0, 0), 30*time.Minute + 3*time.Second}, {at(12, 0, 0), time.Second}}
	if len(final) != 2 || final[0] != want[0] || final[1] != want[1] {
		t.Fatalf("final %+v, want %+v", final, want)
	}
}

// TestSplitHours covers an interval inside one hour and one over three.
func TestSplitHours(t *testing.T) {
	from := time.Date(2026, 11, 26, 9, 10, 0, 0, time.UTC)
	if got := splitHours(from, from.Add(time.Minute)); len(got) != 1 || got[from.Truncate(time.Hour)] != time.Minute {
		t.Fatalf("one hour: %v", got)
	}
	got := splitHours(from, from.Add(2*time.Hour))
	if len(got) != 3 || got[from.Truncate(time.Hour)] != 50*time.Minute ||
		got[from.Truncate(time.Hour).Add(time.Hour)] != time.Hour || got[from.Truncate(time.Hour).Add(2*time.Hour)] != 10*time.Minute {
		t.Fatalf("three hours: %v", got)
	}
}
