package tenancy_test

import (
	"context"
	"errors"
	"sort"
	"testing"

	"entgo.io/ent/privacy"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// world is two organizations, A with two projects and B with one, each
// project holding one video named after it.
type world struct {
	client                *ent.Client
	orgA, orgB            uuid.UUID
	projA1, projA2, projB uuid.UUID
	vidA1, vidA2, vidB    uuid.UUID
	titleOf               map[uuid.UUID]string
	system                context.Context
}

// newWorld makes the world on a fresh database of dialect d.
func newWorld(t *testing.T, d string) *world {
	t.Helper()
	db := testdb.Open(t, d)
	ctx := tenancy.SystemContext(context.Background(), "test fixture: tenancy world")
	c := db.Client
	w := &world{client: c, system: ctx, titleOf: map[uuid.UUID]string{}}
	orgA := c.Organization.Create().SetName("A").SaveX(ctx)
	orgB := c.Organization.Create().SetName("B").SaveX(ctx)
	w.orgA, w.orgB = orgA.ID, orgB.ID
	project := func(org *ent.Organization, name string) (uuid.UUID, uuid.UUID) {
		p := c.Project.Create().SetOrganization(org).SetName(name).SaveX(ctx)
		v := c.Video.Create().SetProject(p).SetTitle("video of " + name).SaveX(ctx)
		w.titleOf[v.ID] = v.Title
		return p.ID, v.ID
	}
	w.projA1, w.vidA1 = project(orgA, "a1")
	w.projA2, w.vidA2 = project(orgA, "a2")
	w.projB, w.vidB = project(orgB, "b")
	return w
}

// as is a context of a signed-in user of org with role and grants.
func as(org uuid.UUID, role perm.Role, grants ...perm.Grant) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{
		Kind: auth.KindUser, UserID: uuid.New(), SessionID: uuid.New(), OrganizationID: org, Role: role, Grants: grants,
	})
}

// sortedIDs sorts ids for comparison.
func sortedIDs(ids ...uuid.UUID) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = id.String()
	}
	sort.Strings(out)
	return out
}

func equalIDs(a, b []uuid.UUID) bool {
	x, y := sortedIDs(a...), sortedIDs(b...)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

// TestReadsStayInTheOrganization checks, on both databases, which projects and
// videos each principal's queries return, and that a lookup of another
// organization's row is NOT_FOUND.
func TestReadsStayInTheOrganization(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			cases := []struct {
				name             string
				ctx              context.Context
				projects, videos []uuid.UUID
				hidden           []uuid.UUID // videos Get must not find
			}{
				{"admin of A", as(w.orgA, perm.Admin), []uuid.UUID{w.projA1, w.projA2}, []uuid.UUID{w.vidA1, w.vidA2}, []uuid.UUID{w.vidB}},
				{"owner of B", as(w.orgB, perm.Owner), []uuid.UUID{w.projB}, []uuid.UUID{w.vidB}, []uuid.UUID{w.vidA1, w.vidA2}},
				{"member of A reading a1", as(w.orgA, perm.Member, perm.Grant{EntityType: perm.Projects, EntityID: w.projA1, Name: "custom", Action: perm.Read}),
					[]uuid.UUID{w.projA1}, []uuid.UUID{w.vidA1}, []uuid.UUID{w.vidA2, w.vidB}},
				{"member of A whose grant names B's project", as(w.orgA, perm.Member, perm.Grant{EntityType: perm.Projects, EntityID: w.projB, Name: "custom", Action: perm.All}),
					nil, nil, []uuid.UUID{w.vidA1, w.vidA2, w.vidB}},
				{"member of A without grants", as(w.orgA, perm.Member), nil, nil, []uuid.UUID{w.vidA1, w.vidA2, w.vidB}},
				{"admin of no organization", as(uuid.Nil, perm.Admin), nil, nil, []uuid.UUID{w.vidA1, w.vidB}},
				{"system context", w.system, []uuid.UUID{w.projA1, w.projA2, w.projB}, []uuid.UUID{w.vidA1, w.vidA2, w.vidB}, nil},
			}
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) {
					projects, err := w.client.Project.Query().IDs(c.ctx)
					if err != nil {
						t.Fatalf("projects: %v", err)
					}
					if !equalIDs(projects, c.projects) {
						t.Errorf("projects %v, want %v", sortedIDs(projects...), sortedIDs(c.projects...))
					}
					videos, err := w.client.Video.Query().IDs(c.ctx)
					if err != nil {
						t.Fatalf("videos: %v", err)
					}
					if !equalIDs(videos, c.videos) {
						t.Errorf("videos %v, want %v", sortedIDs(videos...), sortedIDs(c.videos...))
					}
					for _, id := range c.videos {
						v, err := w.client.Video.Get(c.ctx, id)
						if err != nil || v.Title != w.titleOf[id] {
							t.Errorf("Get(%s): %v, %v", id, v, err)
						}
					}
					for _, id := range c.hidden {
						if v, err := w.client.Video.Get(c.ctx, id); !ent.IsNotFound(err) {
							t.Errorf("Get(%s) of a hidden video: %v, %v; want not found", id, v, err)
						}
					}
				})
			}
		})
	}
}

// TestWritesStayInTheOrganization checks changes: another organization's row
// is NOT_FOUND, a visible row without the permission is FORBIDDEN (matching
// privacy.Deny), a bulk change reaches only visible rows, and a refused change
// leaves the row as it was.
func TestWritesStayInTheOrganization(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			adminA := as(w.orgA, perm.Admin)
			readerA1 := as(w.orgA, perm.Member, perm.Grant{EntityType: perm.Projects, EntityID: w.projA1, Name: "custom", Action: perm.Read})

			// Another organization's video: not found, unchanged.
			err := w.client.Video.UpdateOneID(w.vidB).SetTitle("taken").Exec(adminA)
			var nf *tenancy.NotFoundError
			if !errors.As(err, &nf) || nf.Error() != "video not found" {
				t.Errorf("admin of A renaming B's video: %v (%T), want tenancy.NotFoundError \"video not found\"", err, err)
			}
			err = w.client.Video.DeleteOneID(w.vidB).Exec(adminA)
			if !errors.As(err, &nf) {
				t.Errorf("admin of A deleting B's video: %v, want not found", err)
			}

			// A visible video without the write permission: forbidden.
			err = w.client.Video.UpdateOneID(w.vidA1).SetTitle("changed").Exec(readerA1)
			var de *tenancy.DeniedError
			if !errors.As(err, &de) || !errors.Is(err, privacy.Deny) {
				t.Errorf("reader renaming a1's video: %v (%T), want a DeniedError matching privacy.Deny", err, err)
			}
			// An invisible one of the same organization: not found.
			err = w.client.Video.UpdateOneID(w.vidA2).SetTitle("changed").Exec(readerA1)
			if !errors.As(err, &nf) {
				t.Errorf("reader renaming a2's video: %v, want not found", err)
			}

			// A bulk rename by the admin of A reaches A's videos only.
			n, err := w.client.Video.Update().SetTitle("renamed").Save(adminA)
			if err != nil || n != 2 {
				t.Errorf("bulk rename by the admin of A: %d rows, %v; want 2", n, err)
			}

			// A video created in B's project by the admin of A: refused.
			_, err = w.client.Video.Create().SetProjectID(w.projB).SetTitle("intruder").Save(adminA)
			if err == nil {
				t.Error("the admin of A created a video in B's project")
			}
			// A project created in B by the admin of A (not a member of B): refused.
			_, err = w.client.Project.Create().SetOrganizationID(w.orgB).SetName("intruder").Save(adminA)
			if err == nil {
				t.Error("the admin of A created a project in B")
			}

			// What the database holds after all that.
			for id, want := range map[uuid.UUID]string{w.vidA1: "renamed", w.vidA2: "renamed", w.vidB: "video of b"} {
				v, err := w.client.Video.Get(w.system, id)
				if err != nil || v.Title != want {
					t.Errorf("video %s: %v, %v; want title %q", id, v, err, want)
				}
			}
			if n := w.client.Video.Query().CountX(w.system); n != 3 {
				t.Errorf("%d videos, want the 3 of the fixture", n)
			}
			if n := w.client.Project.Query().CountX(w.system); n != 3 {
				t.Errorf("%d projects, want the 3 of the fixture", n)
			}
		})
	}
}

// TestNoPrincipalIsRefused checks that a query or change with neither a
// principal nor a system context fails with the programming error, rather
// than seeing everything or nothing.
func TestNoPrincipalIsRefused(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			w := newWorld(t, d)
			ctx := context.Background()
			const msg = "no principal: sign in, or run system work in tenancy.SystemContext"
			_, err := w.client.Video.Query().All(ctx)
			var de *tenancy.DeniedError
			if !errors.As(err, &de) || de.Message != msg {
				t.Errorf("query without a principal: %v, want %q", err, msg)
			}
			err = w.client.Video.UpdateOneID(w.vidA1).SetTitle("x").Exec(ctx)
			if !errors.As(err, &de) || de.Message != msg {
				t.Errorf("update without a principal: %v, want %q", err, msg)
			}
			if v := w.client.Video.GetX(w.system, w.vidA1); v.Title != "video of a1" {
				t.Errorf("title %q after a refused update", v.Title)
			}
		})
	}
}

// TestRequire checks the decision for a change that may write no row:
// NOT_FOUND unless readable, FORBIDDEN unless allowed, and the system bypass.
func TestRequire(t *testing.T) {
	org, proj := uuid.New(), uuid.New()
	res := perm.Resource{OrganizationID: org, Area: perm.Folders, ProjectID: proj}
	reader := as(org, perm.Member, perm.Grant{EntityType: perm.Projects, EntityID: proj, Name: "custom", Action: perm.Read})
	cases := []struct {
		name string
		ctx  context.Context
		a    perm.Action
		want string // "" allowed, else the error text
		kind string // "notfound" or "denied"
	}{
		{"admin", as(org, perm.Admin), perm.Delete, "", ""},
		{"reader reads", reader, perm.Read, "", ""},
		{"reader writes", reader, perm.Write, "not allowed: changing a video needs the write permission on folders", "denied"},
		{"reader deletes", reader, perm.Delete, "not allowed: deleting a video needs the delete permission on folders", "denied"},
		{"admin of another organization", as(uuid.New(), perm.Admin), perm.Read, "video not found", "notfound"},
		{"no principal", context.Background(), perm.Read, "no principal: sign in, or run system work in tenancy.SystemContext", "denied"},
		{"system", tenancy.SystemContext(context.Background(), "test"), perm.Delete, "", ""},
	}
	for _, c := range cases {
		err := tenancy.Require(c.ctx, c.a, res, "video")
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: %v, want allowed", c.name, err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		case c.kind == "denied" && !errors.Is(err, privacy.Deny):
			t.Errorf("%s: %v does not match privacy.Deny", c.name, err)
		case c.kind == "notfound":
			var nf *tenancy.NotFoundError
			if !errors.As(err, &nf) || nf.Entity != "video" || errors.Is(err, privacy.Deny) {
				t.Errorf("%s: %v (%T), want a NotFoundError of a video", c.name, err, err)
			}
		}
	}
}

// TestSystemContexts checks which contexts bypass the rules and the reason
// each keeps.
func TestSystemContexts(t *testing.T) {
	bg := context.Background()
	cases := []struct {
		name   string
		ctx    context.Context
		system bool
		reason string
	}{
		{"background", bg, false, ""},
		{"principal", as(uuid.New(), perm.Owner), false, ""},
		{"system", tenancy.SystemContext(bg, "start-up"), true, "start-up"},
		{"credential", tenancy.CredentialContext(bg, "session lookup"), true, "session lookup"},
		{"routine", tenancy.RoutineContext(bg, "heartbeat"), true, "heartbeat"},
		{"token", tenancy.TokenContext(bg, "playback"), true, "playback"},
		{"bare privacy allow", privacy.DecisionContext(bg, privacy.Allow), true, ""},
		{"privacy deny", privacy.DecisionContext(bg, privacy.Deny), false, ""},
		{"system with a principal", tenancy.SystemContext(as(uuid.New(), perm.Member), "job"), true, "job"},
	}
	for _, c := range cases {
		if got := tenancy.IsSystem(c.ctx); got != c.system {
			t.Errorf("%s: IsSystem %v, want %v", c.name, got, c.system)
		}
		if got := tenancy.Reason(c.ctx); got != c.reason {
			t.Errorf("%s: Reason %q, want %q", c.name, got, c.reason)
		}
	}
}
