// Package domaintest is what the domain packages' tests share: a database with
// an organization, its owner signed in and a project, another organization's
// project to reach for, and the check of a fault error. Test code only.
package domaintest

import (
	"context"
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/database"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// World is a fresh database holding organization "Acme" with its owner ada and
// project "one", and organization "Other" with project "elsewhere".
type World struct {
	// DB is the database (testdb.Open); Client its ent client.
	DB     *database.DB
	Client *ent.Client
	// System is the system's context (tenancy bypassed), for fixtures and checks.
	System context.Context
	// Owner is ada's context: signed in, owner of Acme, acting in it.
	Owner context.Context
	// Org is Acme's id; Project its project's; Elsewhere Other's project's.
	Org, Project, Elsewhere uuid.UUID
	// Ada is Acme's owner.
	Ada *ent.User
}

// NewWorld makes the World on a fresh database of dialect d.
func NewWorld(t *testing.T, d string) *World {
	t.Helper()
	db := testdb.Open(t, d)
	c := db.Client
	sys := tenancy.SystemContext(context.Background(), "test fixture: domaintest world")
	acme := c.Organization.Create().SetName("Acme").SaveX(sys)
	other := c.Organization.Create().SetName("Other").SaveX(sys)
	ada := c.User.Create().SetEmail("ada@example.org").SetName("ada").SaveX(sys)
	c.Membership.Create().SetOrganizationID(acme.ID).SetUserID(ada.ID).SetRole(membership.RoleOwner).ExecX(sys)
	return &World{
		DB: db, Client: c, System: sys, Ada: ada, Org: acme.ID,
		Project:   c.Project.Create().SetOrganization(acme).SetName("one").SaveX(sys).ID,
		Elsewhere: c.Project.Create().SetOrganization(other).SetName("elsewhere").SaveX(sys).ID,
		Owner: auth.WithPrincipal(context.Background(), &auth.Principal{
			Kind: auth.KindUser, UserID: ada.ID, SessionID: uuid.New(), OrganizationID: acme.ID, Role: perm.Owner,
		}),
	}
}

// WantFault fails the test unless err is a fault of kind on field whose
// message is msg.
func WantFault(t *testing.T, err error, kind fault.Kind, field, msg string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind || fe.Field != field || fe.Message != msg {
		t.Fatalf("got %#v, want %s on %q: %q", err, kind, field, msg)
	}
}
