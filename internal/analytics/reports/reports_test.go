package reports_test

import (
	"context"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/analytics/query"
	"github.com/vidra-dev/vidra/internal/analytics/reports"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// fixture is the domaintest world, its analytics store (SQL) and the service
// over both, erasing through the store.
type fixture struct {
	*domaintest.World
	store analytics.AnalyticsStore
	svc   *reports.Service
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	store := analytics.NewSQLStore(w.DB.SQL, d)
	return &fixture{World: w, store: store, svc: reports.New(reports.Deps{Client: w.Client, Store: store, Eraser: store})}
}

// member is a member of Acme granted actions on its project's records and,
// when analyticsAction is not zero, only those on its analytics.
func (f *fixture) member(analyticsAction perm.Action) context.Context {
	g := perm.Grant{EntityType: perm.Projects, EntityID: f.Project, Name: "custom", Action: perm.Read}
	if analyticsAction != 0 {
		g.Permissions = []perm.Permission{{Area: perm.Analytics, Action: analyticsAction}}
	}
	return auth.WithPrincipal(context.Background(), &auth.Principal{Kind: auth.KindUser, UserID: uuid.New(),
		SessionID: uuid.New(), OrganizationID: f.Org, Role: perm.Member, Grants: []perm.Grant{g}})
}

func ptr[T any](v T) *T { return &v }

// views is a dataset query of the views.
func views() *query.Query {
	return &query.Query{Metrics: []query.MetricQuery{{Name: query.Views}}}
}

func TestReadAndScopeRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			theirFolder := f.Client.Folder.Create().SetProjectID(f.Elsewhere).SetName("theirs").SaveX(f.System)
			theirVideo := f.Client.Video.Create().SetProjectID(f.Elsewhere).SetTitle("theirs").SaveX(f.System)
			ourFolder := f.Client.Folder.Create().SetProjectID(f.Project).SetName("ours").SaveX(f.System)
			ourVideo := f.Client.Video.Create().SetProjectID(f.Project).SetTitle("ours").SaveX(f.System)

			_, err := f.svc.Query(f.Owner, f.Elsewhere, views(), nil, nil, reports.Scope{})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")
			// The project is checked before the scope.
			_, err = f.svc.Query(f.Owner, f.Elsewhere, views(), nil, nil, reports.Scope{FolderID: &theirFolder.ID})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")
			_, err = f.svc.Query(f.Owner, uuid.New(), views(), nil, nil, reports.Scope{})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")
			forbidden := "not allowed: reading analytics needs the analytics read permission on the project"
			// No principal at all (the system's context sees every project).
			_, err = f.svc.Query(f.System, f.Project, views(), nil, nil, reports.Scope{})
			domaintest.WantFault(t, err, fault.KindForbidden, "", forbidden)
			// A member who sees the project but may only delete its analytics.
			_, err = f.svc.Concurrent(f.member(perm.Delete), f.Project, nil)
			domaintest.WantFault(t, err, fault.KindForbidden, "", forbidden)
			_, err = f.svc.Users(f.member(perm.Delete), f.Project, nil, nil, ptr(0), nil)
			domaintest.WantFault(t, err, fault.KindForbidden, "", forbidden)
			if _, err := f.svc.Query(f.member(perm.Read), f.Project, views(), nil, nil, reports.Scope{}); err != nil {
				t.Fatalf("a member with analytics read: %v", err)
			}

			_, err = f.svc.Query(f.Owner, f.Project, views(), nil, nil, reports.Scope{FolderID: &theirFolder.ID})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "folder not found")
			_, err = f.svc.Query(f.Owner, f.Project, views(), nil, nil, reports.Scope{MediaID: &theirVideo.ID})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "video not found")
			_, err = f.svc.Concurrent(f.Owner, f.Project, &theirVideo.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "video not found")
			// The folder before the video, the video before the user.
			_, err = f.svc.Query(f.Owner, f.Project, views(), nil, nil, reports.Scope{FolderID: &theirFolder.ID, MediaID: &theirVideo.ID})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "folder not found")
			_, err = f.svc.Query(f.Owner, f.Project, views(), nil, nil, reports.Scope{MediaID: &theirVideo.ID, UserID: ptr("")})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "video not found")
			for _, bad := range []string{"", strings.Repeat("u", 129)} {
				_, err = f.svc.Query(f.Owner, f.Project, views(), nil, nil, reports.Scope{UserID: &bad})
				domaintest.WantFault(t, err, fault.KindBadRequest, "userId", "userId is 1 to 128 characters")
				_, err = f.svc.Videos(f.Owner, f.Project, &bad, nil, nil, nil, nil)
				domaintest.WantFault(t, err, fault.KindBadRequest, "userId", "userId is 1 to 128 characters")
				_, err = f.svc.Sessions(f.Owner, f.Project, bad, nil, nil, nil, nil)
				domaintest.WantFault(t, err, fault.KindBadRequest, "userId", "userId is 1 to 128 characters")
				_, err = f.svc.PlayerLog(f.Owner, f.Project, bad, nil, nil, nil, nil)
				domaintest.WantFault(t, err, fault.KindBadRequest, "userId", "userId is 1 to 128 characters")
			}
			// A scope of the project's own is a filter; nothing matched is nil.
			res, err := f.svc.Query(f.Owner, f.Project, views(), nil, nil,
				reports.Scope{FolderID: &ourFolder.ID, MediaID: &ourVideo.ID, UserID: ptr(strings.Repeat("u", 128))})
			if err != nil || res != nil {
				t.Fatalf("scoped query of nothing: %+v, %v; want nil, nil", res, err)
			}
			// The query engine's refusal is a BAD_REQUEST about its field.
			_, err = f.svc.Query(f.Owner, f.Project, &query.Query{Metrics: []query.MetricQuery{{Name: "nope"}}}, nil, nil, reports.Scope{})
			if fe := fault.Classify(err); fe.Kind != fault.KindBadRequest || fe.Field == "" {
				t.Fatalf("unknown metric: %#v, want BAD_REQUEST on a field", err)
			}
			v, err := f.svc.Concurrent(f.Owner, f.Project, &ourVideo.ID)
			if err != nil || v.Count != 0 || v.Window != query.ConcurrentWindow || v.AsOf.Nanosecond() != 0 {
				t.Fatalf("concurrent viewers: %+v, %v", v, err)
			}
		})
	}
}
