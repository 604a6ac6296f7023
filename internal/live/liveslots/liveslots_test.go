package liveslots

import (
	"runtime"
	"testing"
)

func TestBudget(t *testing.T) {
	b := New(5)
	if b.Total() != 5 || b.VODThreads() != 0 {
		t.Fatalf("fresh budget: total %d, VOD threads %d", b.Total(), b.VODThreads())
	}
	a, ok := b.Acquire(3)
	if !ok || b.InUse() != 3 {
		t.Fatalf("acquire 3 of 5: %v, in use %d", ok, b.InUse())
	}
	if _, ok := b.Acquire(3); ok {
		t.Fatal("3 more slots taken from the 2 left")
	}
	if want := max(1, runtime.NumCPU()-2); b.VODThreads() != want {
		t.Fatalf("VOD threads with 3 live renditions: %d, want %d", b.VODThreads(), want)
	}
	c, ok := b.Acquire(2)
	if !ok || b.InUse() != 5 {
		t.Fatalf("acquire the last 2: %v, in use %d", ok, b.InUse())
	}
	a.Release()
	a.Release() // once only
	if b.InUse() != 2 {
		t.Fatalf("in use after releasing 3 twice: %d", b.InUse())
	}
	c.Release()
	if b.InUse() != 0 || b.VODThreads() != 0 {
		t.Fatalf("in use %d, VOD threads %d after all released", b.InUse(), b.VODThreads())
	}
	var none *Budget
	if _, ok := none.Acquire(1); ok {
		t.Fatal("a nil budget admitted a rendition")
	}
	if New(-1).Total() != Default() {
		t.Fatal("New(-1) is not the default budget")
	}
	if _, ok := New(0).Acquire(1); ok {
		t.Fatal("an empty budget admitted a rendition")
	}
}
