package pglisten_test

import (
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/database/pglisten"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// recorder keeps what a follower was told.
type recorder struct {
	mu       sync.Mutex
	payloads []string
	missed   int
	up       []bool
}

func (r *recorder) follower(channel string) pglisten.Follower {
	return pglisten.Follower{
		Channel: channel,
		Notify:  func(p string) { r.mu.Lock(); r.payloads = append(r.payloads, p); r.mu.Unlock() },
		Missed:  func() { r.mu.Lock(); r.missed++; r.mu.Unlock() },
		Up:      func(up bool) { r.mu.Lock(); r.up = append(r.up, up); r.mu.Unlock() },
	}
}

func (r *recorder) read(fn func(r *recorder) bool) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return fn(r)
}

// TestFollowersShareOneConnection follows two channels on one listener: each
// follower gets its own channel's payloads in order, the process holds one
// listening connection, a lost connection tells both followers they are down,
// that notifications may have been missed, and up again once it is back; an
// unfollowed channel gets nothing more.
func TestFollowersShareOneConnection(t *testing.T) {
	if !slices.Contains(testdb.Dialects(t), dialect.Postgres) {
		t.Skip("PostgreSQL is not reachable")
	}
	db := testdb.Open(t, dialect.Postgres)
	l := pglisten.Open(db.URL, slog.New(slog.DiscardHandler))
	t.Cleanup(l.Close)
	var a, b recorder
	if !l.Follow(a.follower("test_a"), 5*time.Second) || !l.Follow(b.follower("test_b"), 5*time.Second) {
		t.Fatal("not listening within 5 s")
	}
	eventually := func(what string, done func() bool) {
		t.Helper()
		poll.Until(t, what, 10*time.Second, done)
	}
	notify := func(channel, payload string) {
		t.Helper()
		if _, err := db.SQL.ExecContext(t.Context(), `SELECT pg_notify($1, $2)`, channel, payload); err != nil {
			t.Fatal(err)
		}
	}
	connections := func() int {
		t.Helper()
		var n int
		if err := db.SQL.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = 'vidra-listen'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	for _, p := range []string{"1", "2", "3"} {
		notify("test_a", "a"+p)
		notify("test_b", "b"+p)
	}
	eventually("each follower gets its channel's payloads in order", func() bool {
		return a.read(func(r *recorder) bool { return slices.Equal(r.payloads, []string{"a1", "a2", "a3"}) }) &&
			b.read(func(r *recorder) bool { return slices.Equal(r.payloads, []string{"b1", "b2", "b3"}) })
	})
	if n := connections(); n != 1 {
		t.Fatalf("%d listening connections for two channels, want 1", n)
	}

	if _, err := db.SQL.ExecContext(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = 'vidra-listen'`); err != nil {
		t.Fatal(err)
	}
	for _, r := range []*recorder{&a, &b} {
		eventually("told of missed notifications and down, then up again", func() bool {
			return r.read(func(r *recorder) bool {
				// up, then down, then up again
				first := slices.Index(r.up, true)
				return r.missed == 1 && first >= 0 && slices.Contains(r.up[first:], false) && r.up[len(r.up)-1]
			})
		})
	}
	notify("test_a", "a4")
	eventually("payloads arrive after the reconnection", func() bool {
		return a.read(func(r *recorder) bool { return slices.Equal(r.payloads, []string{"a1", "a2", "a3", "a4"}) })
	})

	l.Unfollow("test_b")
	if !b.read(func(r *recorder) bool { return !r.up[len(r.up)-1] }) {
		t.Fatal("an unfollowed channel's follower was not told it is down")
	}
	notify("test_b", "b4")
	notify("test_a", "a5")
	eventually("a's next payload", func() bool {
		return a.read(func(r *recorder) bool { return len(r.payloads) == 5 })
	})
	if got := b.read(func(r *recorder) bool { return len(r.payloads) == 3 }); !got {
		t.Fatal("an unfollowed channel still gets payloads")
	}
}
