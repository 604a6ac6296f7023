package credential

import (
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"
)

// Session checks are remembered, not read from the database on every bearer
// request, for as long as nothing that could change them has committed.
//
// The check reads a session row and its user's membership row. Every change
// to those rows that can change its answer invalidates all remembered checks:
//   - in this process, by ent hooks (session_changes.go) that invalidate when
//     the mutation's transaction commits;
//   - in every process sharing a PostgreSQL database, by the triggers of the
//     session_change_notify migration, which NOTIFY SessionChangeChannel on
//     commit; the App listens (internal/app/session_feed.go) and calls
//     Checker.SessionsChanged.
//
// On PostgreSQL remembered checks are used only while that feed listens: until
// it has connected, and from the moment it loses its connection until it has
// listened again, every request reads the database. On SQLite the database is
// one process's file, so the hooks are enough.
//
// The bearer check is the one database round trip of an authenticated request
// besides the request's own work; in BenchmarkVideoListPage it is a fifth of
// the server's throughput.

// SessionChangeChannel is the PostgreSQL notification channel on which the
// session_change_notify triggers announce committed changes to sessions,
// memberships and projects.
const SessionChangeChannel = "vidra_session_changes"

const (
	// sessionChecksKept bounds how many sessions' checks are remembered.
	sessionChecksKept = 16384
	// sessionCheckMaxAge is how long a remembered check may be used even with
	// no change announced, a bound on what a change made outside Vidra's code
	// and triggers (a hand-edited SQLite file, say) can go unnoticed.
	sessionCheckMaxAge = 30 * time.Second
)

// sessionCache remembers session checks by session id.
//
// Every invalidation moves epoch on; an entry is served only while the epoch
// it was read in is current. A check read from the database before a change
// committed can therefore never be served after the change is announced, even
// when it is stored after the announcement: it was read in an older epoch.
type sessionCache struct {
	entries *lru.Cache[uuid.UUID, rememberedSession]
	// projects are the sessions' project lookups (project_cache.go).
	projects *lru.Cache[projectKey, rememberedProject]
	epoch    atomic.Uint64
	// shared is true when other processes may write the database: entries are
	// used only while listening is true.
	shared    bool
	listening atomic.Bool
}

// rememberedSession is one session's check and when it was read.
type rememberedSession struct {
	check  sessionCheck
	epoch  uint64
	readAt time.Time
}

func newSessionCache(shared bool) *sessionCache {
	entries, err := lru.New[uuid.UUID, rememberedSession](sessionChecksKept)
	if err != nil {
		panic("credential: session cache: " + err.Error())
	}
	projects, err := lru.New[projectKey, rememberedProject](projectLookupsKept)
	if err != nil {
		panic("credential: session cache: " + err.Error())
	}
	return &sessionCache{entries: entries, projects: projects, shared: shared}
}

// usable reports whether remembered checks may be used and stored now.
func (c *sessionCache) usable() bool { return !c.shared || c.listening.Load() }

// begin returns the epoch to pass to store for a check about to be read.
func (c *sessionCache) begin() uint64 { return c.epoch.Load() }

// lookup returns the remembered check of a session and the epoch it was read
// in, if one of the current epoch, read less than sessionCheckMaxAge before
// now, is there to use.
func (c *sessionCache) lookup(id uuid.UUID, now time.Time) (sessionCheck, uint64, bool) {
	if !c.usable() {
		return sessionCheck{}, 0, false
	}
	e, ok := c.entries.Get(id)
	if !ok || !c.servable(e.epoch, e.readAt, now) {
		return sessionCheck{}, 0, false
	}
	return e.check, e.epoch, true
}

// servable reports whether an entry read in epoch at readAt may be served at
// now: its epoch is the current one and it is less than sessionCheckMaxAge old.
func (c *sessionCache) servable(epoch uint64, readAt, now time.Time) bool {
	return epoch == c.epoch.Load() && !now.Before(readAt) && now.Sub(readAt) <= sessionCheckMaxAge
}

// storable reports whether what was read under epoch may be remembered: the
// cache is usable and nothing has been invalidated since.
func (c *sessionCache) storable(epoch uint64) bool { return c.usable() && epoch == c.epoch.Load() }

// store remembers a check read from the database after begin returned epoch.
func (c *sessionCache) store(id uuid.UUID, check sessionCheck, epoch uint64, readAt time.Time) {
	if !c.storable(epoch) {
		return
	}
	c.entries.Add(id, rememberedSession{check: check, epoch: epoch, readAt: readAt})
}

// touched records that a session's last_seen_at was written, so that the
// next requests do not write it again.
func (c *sessionCache) touched(id uuid.UUID, at time.Time) {
	e, ok := c.entries.Peek(id)
	if !ok || e.epoch != c.epoch.Load() {
		return
	}
	e.check.lastSeen = at
	c.entries.Add(id, e)
}

// invalidate forgets every remembered check and project lookup.
func (c *sessionCache) invalidate() {
	c.epoch.Add(1)
	c.entries.Purge()
	c.projects.Purge()
}

// setListening records whether the change feed listens. Both ways, what was
// remembered is forgotten: changes may have gone unannounced.
func (c *sessionCache) setListening(up bool) {
	if up {
		c.invalidate()
		c.listening.Store(true)
		return
	}
	c.listening.Store(false)
	c.invalidate()
}

// len is how many checks are remembered.
func (c *sessionCache) len() int { return c.entries.Len() }

// SessionsChanged tells the checker that sessions, memberships or projects
// changed in the database, committed by any process: remembered session
// checks and project lookups are forgotten. The App calls it for every
// notification on SessionChangeChannel.
func (ch *Checker) SessionsChanged() { ch.cache.invalidate() }

// SessionFeedListening tells the checker whether the App listens on
// SessionChangeChannel. On PostgreSQL, session checks are remembered only
// while it does.
func (ch *Checker) SessionFeedListening(up bool) { ch.cache.setListening(up) }
