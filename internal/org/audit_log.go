package org

import (
	"context"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
)

// AuditFilter narrows a page of the audit log; nil fields filter nothing.
type AuditFilter struct {
	ActorID    *uuid.UUID
	EntityType *string
	EntityID   *uuid.UUID
	// Since is inclusive, Until exclusive.
	Since, Until *time.Time
}

// Audits pages the caller's organization's audit log, newest first, with the
// filter's conditions; organization admins only.
func (s *Service) Audits(ctx context.Context, f AuditFilter, after *entgql.Cursor[uuid.UUID], first *int) (*ent.AuditLogConnection, error) {
	p, err := RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db(ctx).AuditLog.Query().Where(auditlog.OrganizationID(p.OrganizationID))
	if f.ActorID != nil {
		q.Where(auditlog.ActorID(*f.ActorID))
	}
	if f.EntityType != nil {
		q.Where(auditlog.EntityType(*f.EntityType))
	}
	if f.EntityID != nil {
		q.Where(auditlog.EntityID(*f.EntityID))
	}
	if f.Since != nil {
		q.Where(auditlog.CreatedAtGTE(*f.Since))
	}
	if f.Until != nil {
		q.Where(auditlog.CreatedAtLT(*f.Until))
	}
	return q.Paginate(ctx, after, first, nil, nil, ent.WithAuditLogOrder(&ent.AuditLogOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.AuditLogOrderFieldCreatedAt,
	}))
}
