package tenancy

import (
	"context"
	"fmt"

	"entgo.io/ent"
	"entgo.io/ent/dialect/sql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// myOrganizations selects the organizations a user is a member of.
func myOrganizations(userID uuid.UUID) *sql.Selector {
	t := sql.Table("memberships")
	return sql.Select(t.C("organization_id")).From(t).Where(sql.EQ(t.C("user_id"), userID))
}

// Organizations is the rule of organizations: a user sees those it is a member
// of, an API key its own; only owners and admins of the current one change it.
func Organizations() Rule { return organizationRule{} }

type organizationRule struct{}

func (organizationRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	switch {
	case a == perm.Read && p.IsUser():
		return func(s *sql.Selector) { s.Where(sql.In(s.C("id"), myOrganizations(p.UserID))) }, nil
	case a == perm.Read && p.OrganizationID != uuid.Nil:
		return func(s *sql.Selector) { s.Where(sql.EQ(s.C("id"), p.OrganizationID)) }, nil
	case p.IsOrgAdmin() && p.IsUser():
		return func(s *sql.Selector) { s.Where(sql.EQ(s.C("id"), p.OrganizationID)) }, nil
	}
	return none, nil
}

func (organizationRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	if m.Op().Is(ent.OpCreate) {
		if !p.IsUser() {
			return denied("not allowed: only signed-in users create organizations")
		}
		return nil
	}
	id, err := mutationID(m)
	if err != nil {
		return err
	}
	return decideOrgAdmin(ctx, db, p, id, a, "organization")
}

// decideOrgAdmin decides a change to what only the current organization's owners
// and admins change (deletion: owners only).
func decideOrgAdmin(ctx context.Context, db querier, p *auth.Principal, org uuid.UUID, a perm.Action, entity string) error {
	if org != p.OrganizationID {
		if p.IsUser() {
			var one int
			member, err := queryRow(ctx, db, `SELECT 1 FROM memberships WHERE organization_id = $1 AND user_id = $2`, []any{org, p.UserID}, &one)
			if err != nil {
				return err
			}
			if member {
				return denied("not allowed: switch to the organization first")
			}
		}
		return &NotFoundError{Entity: entity}
	}
	if !p.IsUser() || !p.IsOrgAdmin() || (a == perm.Delete && entity == "organization" && p.Role != perm.Owner) {
		return denied("not allowed: only the organization's owners and admins may do this")
	}
	return nil
}

// Memberships is the rule of memberships: members of the current organization
// see each other, every user sees its own memberships, owners and admins change
// them and anyone may leave.
func Memberships() Rule { return membershipRule{} }

type membershipRule struct{}

func (membershipRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	switch {
	case !p.IsUser():
		return none, nil
	case a == perm.Read:
		return func(s *sql.Selector) {
			s.Where(sql.Or(sql.EQ(s.C("organization_id"), p.OrganizationID), sql.EQ(s.C("user_id"), p.UserID)))
		}, nil
	case p.IsOrgAdmin():
		return func(s *sql.Selector) { s.Where(sql.EQ(s.C("organization_id"), p.OrganizationID)) }, nil
	}
	return none, nil
}

func (membershipRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	var org, user uuid.UUID
	if m.Op().Is(ent.OpCreate) {
		org, _ = uuidField(m, "organization_id")
		return decideOrgAdmin(ctx, db, p, org, perm.Write, "organization")
	}
	id, err := mutationID(m)
	if err != nil {
		return err
	}
	found, err := queryRow(ctx, db, `SELECT organization_id, user_id FROM memberships WHERE id = $1`, []any{id}, &org, &user)
	if err != nil {
		return err
	}
	if !found || !p.IsUser() || (org != p.OrganizationID && user != p.UserID) {
		return &NotFoundError{Entity: "member"}
	}
	if a == perm.Delete && user == p.UserID {
		return nil // leaving
	}
	return decideOrgAdmin(ctx, db, p, org, perm.Write, "member")
}

// Users is the rule of users: a user sees itself and the members of its
// organizations (an API key: the members of its organization) and changes only itself.
func Users() Rule { return userRule{} }

type userRule struct{}

func (userRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	m := sql.Table("memberships")
	switch {
	case a == perm.Read && p.IsUser():
		return func(s *sql.Selector) {
			colleagues := sql.Select(m.C("user_id")).From(m).Where(sql.In(m.C("organization_id"), myOrganizations(p.UserID)))
			s.Where(sql.Or(sql.EQ(s.C("id"), p.UserID), sql.In(s.C("id"), colleagues)))
		}, nil
	case a == perm.Read && p.OrganizationID != uuid.Nil:
		return func(s *sql.Selector) {
			s.Where(sql.In(s.C("id"), sql.Select(m.C("user_id")).From(m).Where(sql.EQ(m.C("organization_id"), p.OrganizationID))))
		}, nil
	case p.IsUser():
		return func(s *sql.Selector) { s.Where(sql.EQ(s.C("id"), p.UserID)) }, nil
	}
	return none, nil
}

func (userRule) decide(_ context.Context, _ querier, m ent.Mutation, p *auth.Principal, _ perm.Action) error {
	if m.Op().Is(ent.OpCreate) {
		return denied("not allowed: accounts are created by registering")
	}
	id, err := mutationID(m)
	if err != nil {
		return err
	}
	if !p.IsUser() || id != p.UserID {
		return denied("not allowed: users change only their own account")
	}
	return nil
}

// UserOwned is the rule of a user's own records (sessions, sign-in codes,
// identities): column is their user; with via set, column names a row of the
// via table whose user_id is the owner (refresh tokens through their session).
func UserOwned(entity, table, column, via string) Rule {
	return userOwnedRule{entity: entity, table: table, column: column, via: via}
}

type userOwnedRule struct{ entity, table, column, via string }

func (r userOwnedRule) filter(_ context.Context, p *auth.Principal, _ perm.Action) (predicate, error) {
	if !p.IsUser() {
		return none, nil
	}
	if r.via == "" {
		return func(s *sql.Selector) { s.Where(sql.EQ(s.C(r.column), p.UserID)) }, nil
	}
	return func(s *sql.Selector) {
		t := sql.Table(r.via)
		s.Where(sql.In(s.C(r.column), sql.Select(t.C("id")).From(t).Where(sql.EQ(t.C("user_id"), p.UserID))))
	}, nil
}

func (r userOwnedRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, _ perm.Action) error {
	var ref uuid.UUID
	if m.Op().Is(ent.OpCreate) {
		id, ok := uuidField(m, r.column)
		if !ok {
			return errMissingField
		}
		ref = id
	} else {
		id, err := mutationID(m)
		if err != nil {
			return err
		}
		found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT %s FROM %s WHERE id = $1`, r.column, r.table), []any{id}, &ref)
		if err != nil {
			return err
		}
		if !found {
			return &NotFoundError{Entity: r.entity}
		}
	}
	owner := ref
	if r.via != "" {
		found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT user_id FROM %s WHERE id = $1`, r.via), []any{ref}, &owner)
		if err != nil {
			return err
		}
		if !found {
			return &NotFoundError{Entity: r.entity}
		}
	}
	if !p.IsUser() || owner != p.UserID {
		return &NotFoundError{Entity: r.entity}
	}
	return nil
}

// OrganizationArea is the rule of an entity of an organization area (API keys:
// api): in the current organization, as that area's grants allow.
func OrganizationArea(entity, table string, area perm.Area) Rule {
	return orgAreaRule{entity: entity, table: table, area: area}
}

type orgAreaRule struct {
	entity, table string
	area          perm.Area
}

func (r orgAreaRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	if !p.Perm().Can(a, perm.Resource{OrganizationID: p.OrganizationID, Area: r.area}) {
		return none, nil
	}
	return func(s *sql.Selector) { s.Where(sql.EQ(s.C("organization_id"), p.OrganizationID)) }, nil
}

func (r orgAreaRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	org, err := orgOf(ctx, db, m, r.table, r.entity)
	if err != nil {
		return err
	}
	if m.Op().Is(ent.OpCreate) {
		a = perm.Write
	}
	return judge(p, perm.Resource{OrganizationID: org, Area: r.area}, a, r.entity)
}

// orgOf is the organization a created row names, or that of the changed row.
func orgOf(ctx context.Context, db querier, m ent.Mutation, table, entity string) (uuid.UUID, error) {
	if m.Op().Is(ent.OpCreate) {
		org, ok := uuidField(m, "organization_id")
		if !ok {
			return uuid.Nil, errMissingField
		}
		return org, nil
	}
	id, err := mutationID(m)
	if err != nil {
		return uuid.Nil, err
	}
	var org uuid.UUID
	found, err := queryRow(ctx, db, fmt.Sprintf(`SELECT organization_id FROM %s WHERE id = $1`, table), []any{id}, &org)
	if err != nil {
		return uuid.Nil, err
	}
	if !found {
		return uuid.Nil, &NotFoundError{Entity: entity}
	}
	return org, nil
}

// OrganizationAdmin is the rule of what only the current organization's owners
// and admins see and change (invitations). With readOnly set, rows are written
// only by the server (audit records).
func OrganizationAdmin(entity, table string, readOnly bool) Rule {
	return orgAdminRule{entity: entity, table: table, readOnly: readOnly}
}

type orgAdminRule struct {
	entity, table string
	readOnly      bool
}

func (r orgAdminRule) filter(_ context.Context, p *auth.Principal, a perm.Action) (predicate, error) {
	if !p.IsUser() || !p.IsOrgAdmin() || (r.readOnly && a != perm.Read) {
		return none, nil
	}
	return func(s *sql.Selector) { s.Where(sql.EQ(s.C("organization_id"), p.OrganizationID)) }, nil
}

func (r orgAdminRule) decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error {
	if r.readOnly {
		return denied("not allowed: %s records are written by the server only", r.entity)
	}
	org, err := orgOf(ctx, db, m, r.table, r.entity)
	if err != nil {
		return err
	}
	return decideOrgAdmin(ctx, db, p, org, a, r.entity)
}

// Internal is the rule of the server's own bookkeeping (scheduled blob
// deletions, OAuth states): never read or changed for a principal; with
// allowCreate, a principal's permitted change may schedule one.
func Internal(entity string, allowCreate bool) Rule {
	return internalRule{entity: entity, allowCreate: allowCreate}
}

type internalRule struct {
	entity      string
	allowCreate bool
}

func (internalRule) filter(context.Context, *auth.Principal, perm.Action) (predicate, error) {
	return none, nil
}

func (r internalRule) decide(_ context.Context, _ querier, m ent.Mutation, _ *auth.Principal, _ perm.Action) error {
	if r.allowCreate && m.Op().Is(ent.OpCreate) {
		return nil
	}
	return denied("not allowed: %s records are the server's own", r.entity)
}

// Catalogue is the rule of the server's published catalogue (billing plans and
// their metrics): every principal reads it; it is changed only by the server,
// on the admin host's behalf (a system context).
func Catalogue(entity string) Rule { return catalogueRule{entity: entity} }

type catalogueRule struct{ entity string }

func (catalogueRule) filter(context.Context, *auth.Principal, perm.Action) (predicate, error) {
	return nil, nil
}

func (r catalogueRule) decide(context.Context, querier, ent.Mutation, *auth.Principal, perm.Action) error {
	return denied("not allowed: %s records are changed on the admin host only", r.entity)
}
