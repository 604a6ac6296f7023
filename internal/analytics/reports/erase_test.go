package reports_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/reports"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
)

// countingEraser erases through the store and counts the erasures asked.
type countingEraser struct {
	store analytics.AnalyticsStore
	calls int
}

func (c *countingEraser) EraseUser(ctx context.Context, project uuid.UUID, userID string) (analytics.Erasure, error) {
	c.calls++
	return c.store.EraseUser(ctx, project, userID)
}

func TestEraseUser(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			eraser := &countingEraser{store: f.store}
			svc := reports.New(reports.Deps{Client: f.Client, Store: f.store, Eraser: eraser})
			video := f.Client.Video.Create().SetProjectID(f.Project).SetTitle("clip").SaveX(f.System).ID
			f.watch(t, video, "gone", time.Now().Add(-time.Hour))
			f.watch(t, video, "kept", time.Now().Add(-time.Hour))

			for _, bad := range []string{"", strings.Repeat("u", 129), "\xff"} {
				_, err := svc.EraseUser(f.Owner, f.Project, bad)
				domaintest.WantFault(t, err, fault.KindBadRequest, "", "userID must be 1 to 128 characters")
			}
			err := txn.Open(f.Owner, f.Client, func(ctx context.Context) error {
				_, err := svc.EraseUser(ctx, f.Project, "gone")
				return err
			})
			domaintest.WantFault(t, err, fault.KindBadRequest, "", "eraseAnalyticsUser must be the only field of its mutation")
			_, err = reports.New(reports.Deps{Client: f.Client, Store: f.store}).EraseUser(f.Owner, f.Project, "gone")
			if fault.KindOf(err) != fault.KindInternal {
				t.Fatalf("without a writer: %v, want INTERNAL", err)
			}
			_, err = svc.EraseUser(f.Owner, f.Elsewhere, "gone")
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")
			// Reading the analytics is not erasing them.
			_, err = svc.EraseUser(f.member(perm.Read), f.Project, "gone")
			if fault.KindOf(err) != fault.KindForbidden {
				t.Fatalf("a member who may read the analytics: %v, want FORBIDDEN", err)
			}
			if eraser.calls != 0 {
				t.Fatalf("%d erasures after refusals", eraser.calls)
			}

			scope := &audit.Scope{Action: "eraseAnalyticsUser"}
			erased, err := svc.EraseUser(audit.WithScope(f.Owner, scope), f.Project, "gone")
			if err != nil || erased.UserID != "gone" || erased.Views != 1 || erased.Events != 3 {
				t.Fatalf("erased %+v, %v; want gone's 1 view and 3 events", erased, err)
			}
			if _, err := f.store.Rollup(context.Background()); err != nil {
				t.Fatal(err)
			}
			left, err := f.svc.Users(f.Owner, f.Project, nil, nil, nil, nil)
			if err != nil || len(left.Edges) != 1 || left.Edges[0].Node.UserID != "kept" {
				t.Fatalf("users after the erasure: %+v, %v; want kept alone", left, err)
			}
			entry := f.Client.AuditLog.Query().Where(auditlog.EntityType("AnalyticsUser")).OnlyX(f.System)
			if entry.EntityID == nil || *entry.EntityID != f.Project || entry.Operation != "delete" || entry.Changes["user_id"] != "gone" {
				t.Fatalf("audit entry %+v", entry)
			}
			// Without an audit scope (not a GraphQL mutation) nothing is audited.
			if _, err := svc.EraseUser(f.Owner, f.Project, "kept"); err != nil {
				t.Fatal(err)
			}
			if n := f.Client.AuditLog.Query().Where(auditlog.EntityType("AnalyticsUser")).CountX(f.System); n != 1 {
				t.Fatalf("%d audit entries, want the one of the audited erasure", n)
			}
			if eraser.calls != 2 {
				t.Fatalf("%d erasures, want 2", eraser.calls)
			}
		})
	}
}
