package org_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// TestAudits pages the organization's audit log: admins only, this
// organization's entries only, newest first, each filter applied.
func TestAudits(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			video := uuid.New()
			base := time.Now().Add(-time.Hour).UTC().Truncate(time.Second)
			entry := func(orgID uuid.UUID, actor uuid.UUID, action, entityType string, entity uuid.UUID, at time.Time) {
				w.client.AuditLog.Create().SetOrganizationID(orgID).SetActorType(auditlog.ActorTypeUser).SetActorID(actor).
					SetAction(action).SetEntityType(entityType).SetEntityID(entity).SetCreatedAt(at).ExecX(w.system)
			}
			entry(w.org, w.ada.ID, "createVideo", "video", video, base)
			entry(w.org, w.bob.ID, "updateVideo", "video", video, base.Add(time.Minute))
			entry(w.org, w.bob.ID, "createFolder", "folder", uuid.New(), base.Add(2*time.Minute))
			entry(w.other, w.eve.ID, "createVideo", "video", uuid.New(), base.Add(3*time.Minute))

			_, err := w.svc.Audits(w.member(), org.AuditFilter{}, nil, nil)
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")

			actions := func(f org.AuditFilter) []string {
				t.Helper()
				page, err := w.svc.Audits(w.admin(), f, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				var out []string
				for _, e := range page.Edges {
					out = append(out, e.Node.Action)
				}
				return out
			}
			want := func(got []string, want ...string) {
				t.Helper()
				if len(got) != len(want) {
					t.Fatalf("got %v, want %v", got, want)
				}
				for i := range want {
					if got[i] != want[i] {
						t.Fatalf("got %v, want %v", got, want)
					}
				}
			}
			want(actions(org.AuditFilter{}), "createFolder", "updateVideo", "createVideo")
			want(actions(org.AuditFilter{ActorID: &w.bob.ID}), "createFolder", "updateVideo")
			folder := "folder"
			want(actions(org.AuditFilter{EntityType: &folder}), "createFolder")
			want(actions(org.AuditFilter{EntityID: &video}), "updateVideo", "createVideo")
			since, until := base.Add(time.Minute), base.Add(2*time.Minute)
			want(actions(org.AuditFilter{Since: &since, Until: &until}), "updateVideo")
		})
	}
}
