package graph

import (
	"context"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/analytics"
	"github.com/vidra-dev/vidra/audit"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/analyticsdirtyhour"
	"github.com/vidra-dev/vidra/ent/analyticsevent"
	"github.com/vidra-dev/vidra/ent/analyticsview"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/perm"
	"github.com/vidra-dev/vidra/tenancy"
)

// eraseRangesPerDelete is the most views whose events one DELETE removes.
const eraseRangesPerDelete = 200

// eraseAnalyticsUser deletes a player-reported user's views and events in a
// project (in the mutation's transaction) and marks the hours of the deleted
// views dirty, so the rollups lose them at the next run.
func (r *Resolver) eraseAnalyticsUser(ctx context.Context, projectID uuid.UUID, userID string) (*model.AnalyticsErasure, error) {
	if userID == "" || len(userID) > 128 || !utf8.ValidString(userID) {
		return nil, Errorf(KindBadRequest, "userID must be 1 to 128 characters")
	}
	client := r.db(ctx)
	proj, err := client.Project.Get(ctx, projectID)
	if ent.IsNotFound(err) {
		return nil, NotFound("project")
	}
	if err != nil {
		return nil, err
	}
	// The erasure may find no row for the tenancy hooks to decide: the right is
	// asked first.
	if err := tenancy.Require(ctx, perm.Delete, perm.Resource{OrganizationID: proj.OrganizationID, Area: perm.Analytics, ProjectID: projectID}, "analytics"); err != nil {
		return nil, err
	}
	hours, err := client.AnalyticsView.Query().
		Where(analyticsview.ProjectID(projectID), analyticsview.UserID(userID)).
		Unique(true).Select(analyticsview.FieldHour).Ints(ctx)
	if err != nil {
		return nil, err
	}
	// The views' numbers name their events (one id range each): read before the
	// views go.
	refs, err := client.AnalyticsView.Query().
		Where(analyticsview.ProjectID(projectID), analyticsview.UserID(userID), analyticsview.RefNotNil()).
		Select(analyticsview.FieldRef).Ints(ctx)
	if err != nil {
		return nil, err
	}
	views, err := client.AnalyticsView.Delete().
		Where(analyticsview.ProjectID(projectID), analyticsview.UserID(userID)).Exec(ctx)
	if err != nil {
		return nil, err
	}
	// Raw events have no project of their own (the server's own rows to the
	// tenancy rules); the delete right on the project's analytics was required
	// above and the events deleted are those of the project's views, so it runs
	// in a system context. So does the rollup bookkeeping, the server's own.
	sys := tenancy.SystemContext(ctx, "analytics erasure of a user, the project's analytics delete right required")
	events := 0
	for start := 0; start < len(refs); start += eraseRangesPerDelete {
		var ranges []predicate.AnalyticsEvent
		for _, ref := range refs[start:min(start+eraseRangesPerDelete, len(refs))] {
			lo, hi := analytics.EventRange(int64(ref))
			ranges = append(ranges, analyticsevent.And(analyticsevent.IDGTE(lo), analyticsevent.IDLT(hi)))
		}
		n, err := client.AnalyticsEvent.Delete().Where(analyticsevent.Or(ranges...)).Exec(sys)
		if err != nil {
			return nil, err
		}
		events += n
	}
	for _, h := range hours {
		err := client.AnalyticsDirtyHour.Create().SetProjectID(projectID).SetHour(int64(h)).
			OnConflictColumns(analyticsdirtyhour.FieldProjectID, analyticsdirtyhour.FieldHour).Ignore().Exec(sys)
		if err != nil {
			return nil, err
		}
	}
	if scope := audit.FromContext(ctx); scope != nil {
		e := audit.NewEntry(ctx, scope)
		e.OrganizationID, e.EntityType, e.EntityID, e.Operation = proj.OrganizationID, "AnalyticsUser", projectID, "delete"
		e.Changes = map[string]any{"user_id": userID, "views": views, "events": events}
		if err := audit.Write(ctx, client, e); err != nil {
			return nil, err
		}
	}
	return &model.AnalyticsErasure{UserID: userID, Views: views, Events: events}, nil
}
