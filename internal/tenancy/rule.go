package tenancy

import (
	"context"

	"entgo.io/ent"
	"entgo.io/ent/dialect/sql"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// Rule is the tenancy rule of one entity: which of its rows a principal may see
// or change, and whether it may create one.
type Rule interface {
	// filter restricts a query of the entity to the rows p may do a on; nil allows all.
	filter(ctx context.Context, p *auth.Principal, a perm.Action) (predicate, error)
	// decide checks a create, or a change of one row, of the entity: a
	// *NotFoundError when p may not see the row, a *DeniedError when it may see
	// but not do a.
	decide(ctx context.Context, db querier, m ent.Mutation, p *auth.Principal, a perm.Action) error
}

// Filter restricts a query of the entity (a list, connection, where filter,
// node lookup, edge or eager load: the entity's interceptor calls it on every
// one, with raw the query itself and q its predicate view) to the rows the
// principal may read. An eager load of rows that inherit their parent's
// visibility is left alone (inherited).
func Filter(ctx context.Context, r Rule, raw any, q interface{ WhereP(...func(*sql.Selector)) }) error {
	if IsSystem(ctx) || inherited(ctx, r, raw) {
		return nil
	}
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	pred, err := r.filter(ctx, p, perm.Read)
	if err != nil || pred == nil {
		return err
	}
	q.WhereP(pred)
	return nil
}

// Hook checks every mutation of the entity: a create and a change of one row are
// decided on the row (and its new place); a change of many rows is refused when
// it reaches a row the principal may see but not change, and a move of many rows
// is decided on where they go (checkBulk).
func Hook(r Rule) ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			if IsSystem(ctx) {
				return next.Mutate(ctx, m)
			}
			p, err := principal(ctx)
			if err != nil {
				return nil, err
			}
			a := actionOf(m.Op().Is(ent.OpDelete | ent.OpDeleteOne))
			if m.Op().Is(ent.OpUpdate | ent.OpDelete) {
				if err := checkBulk(ctx, r, m, p, a); err != nil {
					return nil, err
				}
				return next.Mutate(ctx, m)
			}
			db, err := mutationDB(m)
			if err != nil {
				return nil, err
			}
			if err := r.decide(ctx, db, m, p, a); err != nil {
				return nil, err
			}
			return next.Mutate(ctx, m)
		})
	}
}

// judge decides one located resource: NOT_FOUND unless readable, FORBIDDEN
// unless the action is allowed.
func judge(p *auth.Principal, r perm.Resource, a perm.Action, entity string) error {
	pp := p.Perm()
	if !pp.Can(perm.Read, r) {
		return &NotFoundError{Entity: entity}
	}
	if !pp.Can(a, r) {
		return denied("not allowed: %s %s needs the %s permission on %s", verb(a), entity, a, r.Area)
	}
	return nil
}

func verb(a perm.Action) string {
	switch a {
	case perm.Delete:
		return "deleting a"
	case perm.Write:
		return "changing a"
	}
	return "reading a"
}

// Require decides action a on a located resource for the context's principal,
// for a change that may end up writing no row (the hooks decide every row that
// is written, so a change that writes nothing would otherwise succeed for anyone
// who can see its target): NOT_FOUND unless readable, FORBIDDEN unless allowed.
func Require(ctx context.Context, a perm.Action, r perm.Resource, entity string) error {
	if IsSystem(ctx) {
		return nil
	}
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	return judge(p, r, a, entity)
}
