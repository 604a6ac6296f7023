package ratelimit_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/ratelimit"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestSameAsInProcess: on a fake clock, the database limiter allows and refuses
// the same attempts as the in-process token bucket, with the same waits.
func TestSameAsInProcess(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			db := testdb.Open(t, d)
			now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
			store := &ratelimit.Store{SQL: db.SQL, Dialect: db.Dialect, Now: func() time.Time { return now }}
			limit := auth.Limit{Burst: 3, Every: 10 * time.Second}
			shared := store.Limiter("login", limit)
			local := auth.NewLimiterAt(limit, func() time.Time { return now })
			ctx := context.Background()
			// Attempts at these offsets (seconds) from the start.
			for i, at := range []int{0, 0, 0, 0, 1, 9, 10, 10, 15, 20, 20, 21, 60, 60, 60, 60} {
				now = time.Date(2026, 11, 26, 12, 0, at, 0, time.UTC)
				okS, waitS, err := shared.Take(ctx, "a@example.test")
				if err != nil {
					t.Fatal(err)
				}
				okL, waitL, _ := local.Take(ctx, "a@example.test")
				if okS != okL || auth.RetryAfterSeconds(waitS) != auth.RetryAfterSeconds(waitL) {
					t.Errorf("attempt %d at %ds: database %v (wait %s), in process %v (wait %s)", i, at, okS, waitS, okL, waitL)
				}
			}
			// Another key has its own bucket.
			if ok, _, _ := shared.Take(ctx, "b@example.test"); !ok {
				t.Error("another key was refused")
			}
			// Full buckets are removed by the cleanup.
			now = now.Add(time.Hour)
			if n, err := store.DeleteFull(ctx); err != nil || n != 2 {
				t.Errorf("DeleteFull = %d, %v; want 2", n, err)
			}
		})
	}
}

// TestReplicasShareOneBucket: three stores over their own connection pools to
// one database (three replicas), attempting at once, allow exactly Burst.
func TestReplicasShareOneBucket(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			first := testdb.Open(t, d)
			dbs := []*database.DB{first, first, first}
			if first.URL != "" {
				for i := 1; i < 3; i++ {
					db, err := database.Open(context.Background(), first.URL, "")
					if err != nil {
						t.Fatal(err)
					}
					t.Cleanup(func() { _ = db.Close() })
					dbs[i] = db
				}
			}
			limit := auth.Limit{Burst: 7, Every: time.Hour}
			var allowed, refused atomic.Int32
			var wg sync.WaitGroup
			for i := range 30 {
				db := dbs[i%3]
				lim := (&ratelimit.Store{SQL: db.SQL, Dialect: db.Dialect}).Limiter("login", limit)
				wg.Add(1)
				go func() {
					defer wg.Done()
					ok, wait, err := lim.Take(context.Background(), "203.0.113.7")
					switch {
					case err != nil:
						t.Error(err)
					case ok:
						allowed.Add(1)
					default:
						refused.Add(1)
						if wait <= 0 || wait > time.Hour {
							t.Errorf("wait %s", wait)
						}
					}
				}()
			}
			wg.Wait()
			if allowed.Load() != 7 || refused.Load() != 23 {
				t.Errorf("%d allowed, %d refused; want 7 and 23", allowed.Load(), refused.Load())
			}
		})
	}
}
