package graph

import (
	"context"
	"errors"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// AnalyticsEraser erases a player-reported user's analytics of a project: the
// analytics writer (analytics.Writer.EraseUser), which also forgets its cached
// state of the erased views, so later events of them cannot bring it back.
type AnalyticsEraser interface {
	EraseUser(ctx context.Context, project uuid.UUID, userID string) (analytics.Erasure, error)
}

// eraseAnalyticsUser erases a player-reported user's views and events in a
// project through the analytics writer, which marks the hours of the deleted
// views dirty (the rollups lose them at the next run), then audits it.
//
// The erasure is the writer's own transaction, in the writer's queue order, so
// the field manages its transactions (selfTransacting): inside a shared one it
// would hold SQLite's write lock while the writer waits for it.
func (r *Resolver) eraseAnalyticsUser(ctx context.Context, projectID uuid.UUID, userID string) (*model.AnalyticsErasure, error) {
	if userID == "" || len(userID) > 128 || !utf8.ValidString(userID) {
		return nil, Errorf(KindBadRequest, "userID must be 1 to 128 characters")
	}
	if ent.TxFromContext(ctx) != nil {
		return nil, Errorf(KindBadRequest, "eraseAnalyticsUser must be the only field of its mutation")
	}
	if r.analyticsEraser == nil {
		return nil, errors.New("analytics erasure: no analytics writer configured")
	}
	proj, err := r.client.Project.Get(ctx, projectID)
	if ent.IsNotFound(err) {
		return nil, NotFound("project")
	}
	if err != nil {
		return nil, err
	}
	// The erasure may find no row for the tenancy hooks to decide, and runs in
	// SQL on the writer: the right is asked first.
	if err := tenancy.Require(ctx, perm.Delete, perm.Resource{OrganizationID: proj.OrganizationID, Area: perm.Analytics, ProjectID: projectID}, "analytics"); err != nil {
		return nil, err
	}
	erased, err := r.analyticsEraser.EraseUser(ctx, projectID, userID)
	if err != nil {
		return nil, err
	}
	if scope := audit.FromContext(ctx); scope != nil {
		err := r.ownTx(ctx, "eraseAnalyticsUser", func(tx *ent.Client) (bool, error) {
			e := audit.NewEntry(ctx, scope)
			e.OrganizationID, e.EntityType, e.EntityID, e.Operation = proj.OrganizationID, "AnalyticsUser", projectID, "delete"
			e.Changes = map[string]any{"user_id": userID, "views": erased.Views, "events": erased.Events}
			err := audit.Write(ctx, tx, e)
			return err == nil, err
		})
		if err != nil {
			return nil, err
		}
	}
	return &model.AnalyticsErasure{UserID: userID, Views: erased.Views, Events: erased.Events}, nil
}
