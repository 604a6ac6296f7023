package org_test

import (
	"context"
	"errors"
	"log/slog"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/mailtest"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
)

// world is an organization "Acme" with an owner (ada), an admin (bob) and a
// member (cyd, who may read project one and manage API keys), its two projects, and another
// organization with a project of its own; eve has an account but no
// membership.
type world struct {
	svc           *org.Service
	client        *ent.Client
	mail          *mailtest.Server
	system        context.Context
	org, other    uuid.UUID
	one, two      uuid.UUID
	elsewhere     uuid.UUID
	ada, bob, cyd *ent.User
	eve           *ent.User
	cydGrants     []perm.Grant
	publicURL     string
}

// newWorld makes the world on a fresh database of dialect d; mail goes to a
// loopback SMTP server.
func newWorld(t *testing.T, d string) *world {
	t.Helper()
	dw := domaintest.NewWorld(t, d)
	m := mailtest.Start(t)
	mailer, err := vmail.New(m.URL, "vidra@example.org", slog.Default())
	if err != nil {
		t.Fatal(err)
	}
	c, ctx := dw.Client, dw.System
	w := &world{client: c, mail: m, publicURL: "https://vidra.example.org", system: ctx,
		org: dw.Org, one: dw.Project, elsewhere: dw.Elsewhere, ada: dw.Ada}
	acc := account.New(c, account.Deps{Mailer: mailer, PublicURL: w.publicURL}, nil)
	w.svc = org.New(org.Deps{Client: c, Account: acc})
	w.other = c.Project.GetX(ctx, dw.Elsewhere).OrganizationID
	w.two = c.Project.Create().SetOrganizationID(w.org).SetName("two").SaveX(ctx).ID
	user := func(name string) *ent.User {
		return c.User.Create().SetEmail(name + "@example.org").SetName(name).SaveX(ctx)
	}
	w.bob, w.cyd, w.eve = user("bob"), user("cyd"), user("eve")
	w.cydGrants = []perm.Grant{
		{EntityType: perm.Projects, EntityID: w.one, Name: "custom", Action: perm.Read},
		{EntityType: perm.Organizations, EntityID: w.org, Name: "api", Action: perm.All},
	}
	c.Membership.Create().SetOrganizationID(w.org).SetUserID(w.bob.ID).SetRole(membership.RoleAdmin).ExecX(ctx)
	c.Membership.Create().SetOrganizationID(w.org).SetUserID(w.cyd.ID).SetRole(membership.RoleMember).SetGrants(w.cydGrants).ExecX(ctx)
	return w
}

// as is the context of u signed in with role in organization o (uuid.Nil:
// none), carrying grants.
func (w *world) as(u *ent.User, o uuid.UUID, role perm.Role, grants ...perm.Grant) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{
		Kind: auth.KindUser, UserID: u.ID, SessionID: uuid.New(), OrganizationID: o, Role: role, Grants: grants,
	})
}

// owner, admin and member are the contexts of ada, bob and cyd in Acme.
func (w *world) owner() context.Context  { return w.as(w.ada, w.org, perm.Owner) }
func (w *world) admin() context.Context  { return w.as(w.bob, w.org, perm.Admin) }
func (w *world) member() context.Context { return w.as(w.cyd, w.org, perm.Member, w.cydGrants...) }

// key is the context of a request with API key id of Acme holding grants.
func (w *world) key(id uuid.UUID, grants ...perm.Grant) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{
		Kind: auth.KindAPIKey, APIKeyID: id, OrganizationID: w.org, Role: perm.APIKey, Grants: grants,
	})
}

// wantFault fails unless err is a fault of kind on field whose message is msg.
func wantFault(t *testing.T, err error, kind fault.Kind, field, msg string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind || fe.Field != field || fe.Message != msg {
		t.Fatalf("got %#v, want %s on %q: %q", err, kind, field, msg)
	}
}

// roleOf is u's role in Acme, or "" when it is not a member.
func (w *world) roleOf(t *testing.T, u *ent.User) membership.Role {
	t.Helper()
	m, err := w.client.Membership.Query().Where(membership.OrganizationID(w.org), membership.UserID(u.ID)).Only(w.system)
	if ent.IsNotFound(err) {
		return ""
	} else if err != nil {
		t.Fatal(err)
	}
	return m.Role
}
