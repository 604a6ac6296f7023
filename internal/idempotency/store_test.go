package idempotency_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestStoreVerdicts: a key is claimed once; a second claim of the same request
// is refused while it runs and replays it once done; another request under the
// key is a mismatch; a released key runs again; a running key older than
// AbandonAfter is taken over; an expired key is reused and cleaned up.
func TestStoreVerdicts(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db := testdb.Open(t, d)
			now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
			s := &idempotency.Store{Client: db.Client, Now: func() time.Time { return now }}
			ctx := context.Background()
			begin := func(scope, key, hash string, want idempotency.Verdict) idempotency.Outcome {
				t.Helper()
				out, err := s.Begin(ctx, scope, key, hash)
				if err != nil || out.Verdict != want {
					t.Fatalf("Begin(%s, %s, %s) = %+v, %v; want verdict %d", scope, key, hash, out, err, want)
				}
				return out
			}
			first := begin("user:a", "k1", "h1", idempotency.Proceed)
			begin("user:a", "k1", "h1", idempotency.InProgress)
			begin("user:a", "k1", "h2", idempotency.Mismatch)
			begin("user:b", "k1", "h2", idempotency.Proceed) // another caller's key is its own
			if err := s.Complete(ctx, first.ID, 201, "application/json", []byte(`{"ok":true}`)); err != nil {
				t.Fatal(err)
			}
			replay := begin("user:a", "k1", "h1", idempotency.Replay)
			if replay.Status != 201 || string(replay.Body) != `{"ok":true}` || replay.ContentType != "application/json" {
				t.Errorf("replay %+v", replay)
			}
			begin("user:a", "k1", "h2", idempotency.Mismatch)

			failed := begin("user:a", "k2", "h1", idempotency.Proceed)
			if err := s.Release(ctx, failed.ID); err != nil {
				t.Fatal(err)
			}
			begin("user:a", "k2", "h1", idempotency.Proceed)

			// A running key of a dead process is taken over after AbandonAfter.
			now = now.Add(idempotency.AbandonAfter + time.Second)
			begin("user:a", "k2", "h1", idempotency.Proceed)
			begin("user:a", "k2", "h1", idempotency.InProgress)

			// After 24 h the key is free again, and the cleanup removes what expired.
			now = now.Add(idempotency.TTL)
			begin("user:a", "k1", "h2", idempotency.Proceed)
			n, err := s.DeleteExpired(ctx)
			if err != nil || n != 2 { // user:b/k1 and user:a/k2
				t.Errorf("DeleteExpired = %d, %v; want 2", n, err)
			}
		})
	}
}

// TestStoreConcurrentClaims: of many simultaneous claims of one key exactly one
// proceeds, on both databases.
func TestStoreConcurrentClaims(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			s := &idempotency.Store{Client: testdb.Open(t, d).Client}
			var wg sync.WaitGroup
			var mu sync.Mutex
			verdicts := map[idempotency.Verdict]int{}
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					out, err := s.Begin(context.Background(), "user:a", "same", "h")
					mu.Lock()
					defer mu.Unlock()
					if err != nil {
						t.Error(err)
						return
					}
					verdicts[out.Verdict]++
				}()
			}
			wg.Wait()
			if verdicts[idempotency.Proceed] != 1 || verdicts[idempotency.InProgress] != 7 {
				t.Errorf("verdicts %v, want one Proceed and 7 InProgress", verdicts)
			}
		})
	}
}

// TestHash: the hash ignores map order and tells different requests apart.
func TestHash(t *testing.T) {
	a, _ := idempotency.Hash("POST", "/v1/projects", map[string]any{"input": map[string]any{"name": "A", "x": 1}})
	b, _ := idempotency.Hash("POST", "/v1/projects", map[string]any{"input": map[string]any{"x": 1, "name": "A"}})
	c, _ := idempotency.Hash("POST", "/v1/projects", map[string]any{"input": map[string]any{"name": "B", "x": 1}})
	if a != b || a == c || len(a) != 64 {
		t.Errorf("hashes %s %s %s", a, b, c)
	}
	for _, bad := range []string{"", "has space", string(make([]byte, 256))} {
		if idempotency.CheckKey(bad) == nil {
			t.Errorf("CheckKey(%q) accepted", bad)
		}
	}
	if err := idempotency.CheckKey("order-42_retry:1"); err != nil {
		t.Error(err)
	}
}
