package graph

import (
	"context"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/auth"
	orglib "github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/textcut"
)

// recordMutations is the root-field middleware of the audit log: each mutation
// runs in an audit scope, so that the ent hook records every row it changes in
// the same transaction; a mutation that changed no row is recorded once itself.
func (r *Resolver) recordMutations(ctx context.Context, next graphql.Resolver) (any, error) {
	fc := graphql.GetFieldContext(ctx)
	if fc == nil || fc.Object != "Mutation" || fc.Field.Field == nil {
		return next(ctx)
	}
	req := auth.RequestFrom(ctx)
	scope := &audit.Scope{Action: fc.Field.Name, Address: req.IP, UserAgent: textcut.UTF8(req.UserAgent, 1024)}
	ctx = audit.WithScope(ctx, scope)
	res, err := next(ctx)
	if err != nil || scope.Recorded > 0 {
		return res, err
	}
	if werr := audit.Write(ctx, r.db(ctx), audit.NewEntry(ctx, scope)); werr != nil {
		return nil, werr
	}
	return res, nil
}

// audits pages the current organization's audit log, newest first, with filters.
func (r *Resolver) audits(ctx context.Context, after *entgql.Cursor[uuid.UUID], first *int, actorID *uuid.UUID, entityType *string, entityID *uuid.UUID, since, until *time.Time) (*ent.AuditLogConnection, error) {
	p, err := orglib.RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	q := r.db(ctx).AuditLog.Query().Where(auditlog.OrganizationID(p.OrganizationID))
	if actorID != nil {
		q.Where(auditlog.ActorID(*actorID))
	}
	if entityType != nil {
		q.Where(auditlog.EntityType(*entityType))
	}
	if entityID != nil {
		q.Where(auditlog.EntityID(*entityID))
	}
	if since != nil {
		q.Where(auditlog.CreatedAtGTE(*since))
	}
	if until != nil {
		q.Where(auditlog.CreatedAtLT(*until))
	}
	return q.Paginate(ctx, after, first, nil, nil, ent.WithAuditLogOrder(&ent.AuditLogOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.AuditLogOrderFieldCreatedAt,
	}))
}
