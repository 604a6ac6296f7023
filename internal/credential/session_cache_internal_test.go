package credential

import (
	"context"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestSessionCacheServesOnlyCurrentChecks covers the rules the bearer check
// relies on: a check read before an invalidation is never served after it,
// even when stored after it; a shared database's checks are used only while
// the change feed listens; and a check expires after sessionCheckMaxAge.
func TestSessionCacheServesOnlyCurrentChecks(t *testing.T) {
	id, now := uuid.New(), time.Now()
	check := sessionCheck{found: true, userID: uuid.New(), role: "owner"}

	t.Run("stored", func(t *testing.T) {
		c := newSessionCache(false)
		c.store(id, check, c.begin(), now)
		if got, _, ok := c.lookup(id, now.Add(time.Second)); !ok || got.role != "owner" {
			t.Fatalf("lookup = %+v, %v; want the stored check", got, ok)
		}
		if _, _, ok := c.lookup(uuid.New(), now); ok {
			t.Fatal("another session's check was served")
		}
	})
	t.Run("read before an invalidation", func(t *testing.T) {
		c := newSessionCache(false)
		epoch := c.begin() // the read starts
		c.invalidate()     // a change commits meanwhile
		c.store(id, check, epoch, now)
		if _, _, ok := c.lookup(id, now); ok {
			t.Fatal("a check read before the change was served after it")
		}
	})
	t.Run("stored then invalidated", func(t *testing.T) {
		c := newSessionCache(false)
		c.store(id, check, c.begin(), now)
		c.invalidate()
		if _, _, ok := c.lookup(id, now); ok {
			t.Fatal("an invalidated check was served")
		}
	})
	t.Run("expired", func(t *testing.T) {
		c := newSessionCache(false)
		c.store(id, check, c.begin(), now)
		if _, _, ok := c.lookup(id, now.Add(sessionCheckMaxAge+time.Millisecond)); ok {
			t.Fatal("a check older than sessionCheckMaxAge was served")
		}
		if _, _, ok := c.lookup(id, now.Add(-time.Second)); ok {
			t.Fatal("a check read in the future (clock stepped back) was served")
		}
	})
	t.Run("shared database without a feed", func(t *testing.T) {
		c := newSessionCache(true)
		c.store(id, check, c.begin(), now)
		if _, _, ok := c.lookup(id, now); ok || c.len() != 0 {
			t.Fatal("a check was remembered with no feed listening")
		}
		c.setListening(true)
		epoch := c.begin()
		c.store(id, check, epoch, now)
		if _, _, ok := c.lookup(id, now); !ok {
			t.Fatal("a check was not remembered while the feed listens")
		}
		c.setListening(false)
		if _, _, ok := c.lookup(id, now); ok {
			t.Fatal("a check was served after the feed stopped listening")
		}
		c.setListening(true)
		if _, _, ok := c.lookup(id, now); ok {
			t.Fatal("a check from before the feed's outage was served after it")
		}
	})
	t.Run("touched", func(t *testing.T) {
		c := newSessionCache(false)
		c.store(id, check, c.begin(), now)
		c.touched(id, now.Add(time.Minute))
		if got, _, _ := c.lookup(id, now); !got.lastSeen.Equal(now.Add(time.Minute)) {
			t.Fatalf("lastSeen = %v after a touch", got.lastSeen)
		}
	})
}

// TestSessionChangesInvalidateOnCommit runs mutations through an ent client
// with the cache's hooks and checks which forget remembered checks, and when:
// the last-seen touch and a new project do not; a revocation, an organization
// switch, a membership change and a project change do, once committed, and not
// when rolled back.
func TestSessionChangesInvalidateOnCommit(t *testing.T) {
	client := testdb.Open(t, dialect.SQLite).Client
	c := newSessionCache(false)
	c.watchSessionChanges(client)
	ctx := tenancy.SystemContext(context.Background(), "test fixture")
	u := client.User.Create().SetEmail("a@example.test").SetName("A").SaveX(ctx)
	org := client.Organization.Create().SetName("Acme").SaveX(ctx)
	s := client.Session.Create().SetUserID(u.ID).SetLastSeenAt(time.Now()).SaveX(ctx)

	invalidates := func(what string, want bool, mutate func()) {
		t.Helper()
		before := c.begin()
		mutate()
		if got := c.begin() != before; got != want {
			t.Errorf("%s: invalidated = %v, want %v", what, got, want)
		}
	}
	invalidates("a new session", false, func() {
		client.Session.Create().SetUserID(u.ID).SetLastSeenAt(time.Now()).ExecX(ctx)
	})
	invalidates("the last-seen touch", false, func() {
		client.Session.UpdateOne(s).SetLastSeenAt(time.Now()).SetIPAddress("127.0.0.1").ExecX(ctx)
	})
	invalidates("a new membership", true, func() {
		client.Membership.Create().SetUserID(u.ID).SetOrganizationID(org.ID).SetRole(membership.RoleMember).ExecX(ctx)
	})
	invalidates("an organization switch rolled back", false, func() {
		tx, err := client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		tx.Session.UpdateOne(s).SetOrganizationID(org.ID).ExecX(ctx)
		if err := tx.Rollback(); err != nil {
			t.Fatal(err)
		}
	})
	invalidates("an organization switch, once committed", true, func() {
		tx, err := client.Tx(ctx)
		if err != nil {
			t.Fatal(err)
		}
		before := c.begin()
		tx.Session.UpdateOne(s).SetOrganizationID(org.ID).ExecX(ctx)
		if c.begin() != before {
			t.Error("invalidated before the commit: a request could remember the old row meanwhile")
		}
		if err := tx.Commit(); err != nil {
			t.Fatal(err)
		}
	})
	invalidates("leaving the organization (cleared field)", true, func() {
		client.Session.UpdateOne(s).ClearOrganizationID().ExecX(ctx)
	})
	invalidates("a revocation", true, func() {
		client.Session.Update().Where(session.ID(s.ID)).SetRevokedAt(time.Now()).ExecX(ctx)
	})
	invalidates("a new project", false, func() {
		client.Project.Create().SetOrganizationID(org.ID).SetName("Films").ExecX(ctx)
	})
	invalidates("a project renamed", true, func() {
		client.Project.Update().SetName("Reels").ExecX(ctx)
	})
	invalidates("a user deleted", true, func() {
		other := client.User.Create().SetEmail("b@example.test").SetName("B").SaveX(ctx)
		client.User.DeleteOne(other).ExecX(ctx)
	})
}

// TestProjectLookupsServeOnlyTheirSessionCheckEpoch covers the rules of the
// remembered project lookups: one is stored only when no change has committed
// since the request's session check was read, served only to a request whose
// session check is of the current epoch, and forgotten with the checks. A
// served project is a copy whose edges the request may load freely.
func TestProjectLookupsServeOnlyTheirSessionCheckEpoch(t *testing.T) {
	key, now := projectKey{session: uuid.New(), project: uuid.New()}, time.Now()
	films := &ent.Project{ID: key.project, Name: "Films"}

	t.Run("stored and served as a copy", func(t *testing.T) {
		c := newSessionCache(false)
		epoch := c.begin()
		c.storeProject(key, films, epoch, now)
		got, ok := c.lookupProject(key, epoch, now)
		if !ok || got.Name != "Films" || got == films {
			t.Fatalf("lookup = %+v, %v; want a copy of the stored project", got, ok)
		}
		got.Name = "changed by a request"
		if again, _ := c.lookupProject(key, epoch, now); again.Name != "Films" {
			t.Fatalf("a request's change to its copy reached the next one: %q", again.Name)
		}
		if _, ok := c.lookupProject(projectKey{session: uuid.New(), project: key.project}, epoch, now); ok {
			t.Fatal("another session's lookup was served")
		}
	})
	t.Run("session check read before a change", func(t *testing.T) {
		c := newSessionCache(false)
		checkEpoch := c.begin() // the request's principal is built
		c.invalidate()          // a membership change commits
		c.storeProject(key, films, checkEpoch, now)
		if c.projects.Len() != 0 {
			t.Fatal("a lookup made with a principal from before the change was remembered")
		}
	})
	t.Run("served only to a current session check", func(t *testing.T) {
		c := newSessionCache(false)
		stale := c.begin()
		c.invalidate()
		current := c.begin()
		c.storeProject(key, films, current, now)
		if _, ok := c.lookupProject(key, stale, now); ok {
			t.Fatal("a lookup was served to a request whose principal predates a change")
		}
		if _, ok := c.lookupProject(key, current, now.Add(sessionCheckMaxAge+time.Millisecond)); ok {
			t.Fatal("a lookup older than sessionCheckMaxAge was served")
		}
		c.invalidate()
		if _, ok := c.lookupProject(key, c.begin(), now); ok {
			t.Fatal("an invalidated lookup was served")
		}
	})
	t.Run("shared database without a feed", func(t *testing.T) {
		c := newSessionCache(true)
		c.storeProject(key, films, c.begin(), now)
		if c.projects.Len() != 0 {
			t.Fatal("a lookup was remembered with no feed listening")
		}
	})
}

// TestOriginAllowed covers the forms of an API key's origin: any, a full
// origin (scheme and host), a bare host with or without port, and a wildcard
// for subdomains, which does not cover the domain itself.
func TestOriginAllowed(t *testing.T) {
	for _, c := range []struct {
		key, origin string
		want        bool
	}{
		{"*", "https://anything.example", true},
		{"https://app.example.com", "https://app.example.com", true},
		{"https://app.example.com/", "https://APP.example.com", true},
		{"https://app.example.com", "http://app.example.com", false},
		{"https://app.example.com", "https://app.example.com:8443", false},
		{"app.example.com", "https://app.example.com:8443", true},
		{"app.example.com:8443", "https://app.example.com:8443", true},
		{"app.example.com", "https://evil.example.com", false},
		{"*.example.com", "https://a.b.example.com", true},
		{"*.example.com", "https://example.com", false},
		{"*.example.com", "https://badexample.com", false},
		{"app.example.com", "not a url", false},
	} {
		if got := originAllowed(c.key, c.origin); got != c.want {
			t.Errorf("originAllowed(%q, %q) = %v, want %v", c.key, c.origin, got, c.want)
		}
	}
}
