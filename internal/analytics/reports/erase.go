package reports

import (
	"context"
	"errors"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Erasure is what EraseUser erased of a player-reported user.
type Erasure struct {
	UserID string
	// Views and Events are the numbers of views and raw events deleted.
	Views, Events int
}

// eraseField is the mutation that erases, named by the refusal of a shared
// transaction.
const eraseField = "eraseAnalyticsUser"

// EraseUser erases a player-reported user's views and events in a project
// through the analytics writer, which marks the hours of the deleted views
// dirty (the rollups lose them at the next run), then audits it.
//
// The erasure is the writer's own transaction, in the writer's queue order, so
// it refuses to run inside a shared one (the mutation must be the only field
// of its operation): there it would hold SQLite's write lock while the writer
// waits for it. The audit entry is written in a transaction of its own after it.
func (s *Service) EraseUser(ctx context.Context, projectID uuid.UUID, userID string) (*Erasure, error) {
	if userID == "" || len(userID) > 128 || !utf8.ValidString(userID) {
		return nil, fault.Errorf(fault.KindBadRequest, "userID must be 1 to 128 characters")
	}
	if err := txn.RefuseShared(ctx, eraseField); err != nil {
		return nil, err
	}
	if s.eraser == nil {
		return nil, errors.New("analytics erasure: no analytics writer configured")
	}
	proj, err := s.client.Project.Get(ctx, projectID)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("project")
	}
	if err != nil {
		return nil, err
	}
	// The erasure may find no row for the tenancy hooks to decide, and runs in
	// SQL on the writer: the right is asked first.
	if err := tenancy.Require(ctx, perm.Delete, perm.Resource{OrganizationID: proj.OrganizationID, Area: perm.Analytics, ProjectID: projectID}, "analytics"); err != nil {
		return nil, err
	}
	erased, err := s.eraser.EraseUser(ctx, projectID, userID)
	if err != nil {
		return nil, err
	}
	if scope := audit.FromContext(ctx); scope != nil {
		err := txn.Own(ctx, s.client, eraseField, func(tx *ent.Client) (bool, error) {
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
	return &Erasure{UserID: userID, Views: erased.Views, Events: erased.Events}, nil
}
