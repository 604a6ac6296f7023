package app_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"entgo.io/ent/dialect"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/poll"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestSessionChangesReachEveryServer runs two servers on one PostgreSQL
// database, as two processes would: each with its own pool, ent client and
// session change feed. Server a remembers its session checks (it reads no
// session while nothing changes); changes committed by server b, and by SQL
// that runs no Vidra code at all, reach a's next requests through the
// triggers' notifications, well before a remembered check would expire (as do
// changes to a project whose lookup a remembered); and
// when a's feed loses its connection, a forgets what it remembered and
// listens again.
func TestSessionChangesReachEveryServer(t *testing.T) {
	if !slices.Contains(testdb.Dialects(t), dialect.Postgres) {
		t.Skip("PostgreSQL is not reachable")
	}
	// One signing secret, so that both servers accept the same tokens.
	env := map[string]string{"VIDRA_WORKERS": "false", "VIDRA_JWT_SECRET": strings.Repeat("shared secret ", 3)}
	db, counter := testdb.OpenCounting(t, dialect.Postgres)
	a := apptest.New(t, dialect.Postgres, apptest.Options{DB: db, Env: env})
	otherDB, err := database.Open(t.Context(), db.URL, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = otherDB.Close() })
	b := apptest.New(t, dialect.Postgres, apptest.Options{DB: otherDB, Env: env, Anonymous: true}).As(a.Token)

	const whoAmI = `{ apiAccessCheck { role } }`
	role := func() string {
		t.Helper()
		var out struct{ APIAccessCheck struct{ Role string } }
		a.MustGraphQL(whoAmI, nil, &out)
		return out.APIAccessCheck.Role
	}
	sessionReads := func() int {
		t.Helper()
		counter.Reset()
		role()
		n := 0
		for _, q := range counter.Statements() {
			if strings.Contains(q, `FROM "sessions" AS "s"`) {
				n++
			}
		}
		return n
	}
	eventually := func(what string, done func() bool) {
		t.Helper()
		// Well under the 30 s a remembered check may live unannounced.
		poll.Until(t, what, 10*time.Second, done)
	}
	feedConnections := func() int {
		t.Helper()
		var n int
		if err := db.SQL.QueryRowContext(t.Context(), `SELECT count(*) FROM pg_stat_activity
			WHERE datname = current_database() AND application_name = 'vidra-listen'`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}

	role()
	if n := sessionReads(); n != 0 {
		t.Fatalf("a read the session %d times on a request after the first, want 0 (remembered)", n)
	}
	if n := feedConnections(); n != 2 {
		t.Fatalf("%d listening connections, want one per server (its change feed and session feed share it)", n)
	}

	// A change by SQL alone (no ent hook runs anywhere) is announced by the trigger.
	if _, err := db.SQL.ExecContext(t.Context(), `UPDATE memberships SET role = 'admin'`); err != nil {
		t.Fatal(err)
	}
	eventually("a sees the role changed by SQL", func() bool { return role() == "admin" })

	// a's feed loses its connection: what a remembered is forgotten, changes
	// made meanwhile are seen, and once a listens again it remembers again.
	if _, err := db.SQL.ExecContext(t.Context(), `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = 'vidra-listen' AND pid IN (
			SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'vidra-listen' ORDER BY backend_start LIMIT 1)`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SQL.ExecContext(t.Context(), `UPDATE memberships SET role = 'owner'`); err != nil {
		t.Fatal(err)
	}
	eventually("a sees the role changed while its feed reconnects", func() bool { return role() == "owner" })
	eventually("both feeds listen again", func() bool { return feedConnections() == 2 })
	eventually("a remembers again", func() bool { role(); return sessionReads() == 0 })

	// A project lookup is remembered with the session's checks, and a change
	// to the project by SQL alone reaches a's next lookups the same way.
	var who struct {
		APIAccessCheck struct{ Organization struct{ ID string } }
	}
	a.MustGraphQL(`{ apiAccessCheck { organization { id } } }`, nil, &who)
	lookup := map[string]any{"p": a.CreateProject(who.APIAccessCheck.Organization.ID, "Films")}
	projectName := func() string {
		t.Helper()
		var out struct{ Project struct{ Name string } }
		a.MustGraphQL(`query($p: ID!) { project(id: $p) { name } }`, lookup, &out)
		return out.Project.Name
	}
	eventually("a remembers the project", func() bool {
		projectName()
		counter.Reset()
		projectName()
		return !slices.ContainsFunc(counter.Statements(), func(q string) bool { return strings.Contains(q, "projects") })
	})
	if _, err := db.SQL.ExecContext(t.Context(), `UPDATE projects SET name = 'Reels'`); err != nil {
		t.Fatal(err)
	}
	eventually("a sees the project renamed by SQL", func() bool { return projectName() == "Reels" })

	// Signing out through b ends the session on a too.
	b.MustGraphQL(`mutation { logout }`, nil, nil)
	eventually("a refuses the session b signed out", func() bool {
		res := a.GraphQL(whoAmI, nil)
		return len(res.Errors) > 0 && res.Errors[0].Message == "session has been revoked"
	})
}
