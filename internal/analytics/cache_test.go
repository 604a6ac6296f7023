package analytics

import (
	"testing"
	"time"
)

// TestTTLCache checks the collector's cache: a value is reused until its TTL,
// then loaded again (a project's changed allowed domains apply within
// ProjectCacheTTL), and the cache keeps at most its size.
func TestTTLCache(t *testing.T) {
	c := newTTLCache[int, string](2, ProjectCacheTTL)
	loads := 0
	policy := "old"
	load := func() (string, error) { loads++; return policy, nil }
	t0 := time.Unix(1_764_000_000, 0)
	if v, _ := c.get(t0, 1, load); v != "old" || loads != 1 {
		t.Fatalf("first get = %q after %d loads", v, loads)
	}
	policy = "new"
	if v, _ := c.get(t0.Add(ProjectCacheTTL-time.Millisecond), 1, load); v != "old" || loads != 1 {
		t.Fatalf("within the TTL: %q after %d loads, want the cached value", v, loads)
	}
	if v, _ := c.get(t0.Add(ProjectCacheTTL), 1, load); v != "new" || loads != 2 {
		t.Fatalf("at the TTL: %q after %d loads, want the new value", v, loads)
	}
	for _, project := range []int{2, 3} {
		if _, err := c.get(t0, project, load); err != nil {
			t.Fatal(err)
		}
	}
	if n := c.lru.Len(); n != 2 {
		t.Fatalf("%d entries kept, want at most 2", n)
	}
}
