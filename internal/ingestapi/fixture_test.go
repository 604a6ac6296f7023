package ingestapi_test

import (
	"context"
	"database/sql"
	"log/slog"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/internal/billing"
	"github.com/vidra-dev/vidra/internal/billing/catalog"
	"github.com/vidra-dev/vidra/internal/billing/subscriptionlifecycle"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// maxUpload is the server's largest upload in these tests.
const maxUpload = 5 << 30

// fixture is Acme's owner, its project "one" (and a second, "two", with a
// folder), another organization's project, the billing limits, and the
// service over a real job queue and event recorder.
type fixture struct {
	svc                *ingestapi.Service
	limits             *billing.Limits
	client             *ent.Client
	sql                *sql.DB
	dialect            string
	system, owner      context.Context
	org                uuid.UUID
	project, elsewhere uuid.UUID
	// folder is a folder of project; otherFolder one of Acme's project "two".
	folder, otherFolder uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	queue, err := jobs.Open(w.System, jobs.Options{Dialect: d, SQL: w.DB.SQL, DatabaseURL: w.DB.URL, Log: slog.Default()})
	if err != nil {
		t.Fatal(err)
	}
	limits := &billing.Limits{Client: w.Client}
	two := w.Client.Project.Create().SetOrganizationID(w.Org).SetName("two").SaveX(w.System)
	return &fixture{
		svc: ingestapi.New(ingestapi.Deps{Client: w.Client, Events: &webhooks.Recorder{Queue: queue, Log: slog.Default()},
			Limits: limits, Queue: queue, PublicURL: "https://vidra.example.org", MaxUploadSize: maxUpload, Log: slog.Default()}),
		limits: limits, client: w.Client, sql: w.DB.SQL, dialect: d, system: w.System, owner: w.Owner,
		org: w.Org, project: w.Project, elsewhere: w.Elsewhere,
		folder:      w.Client.Folder.Create().SetProjectID(w.Project).SetName("in one").SaveX(w.System).ID,
		otherFolder: w.Client.Folder.Create().SetProjectID(two.ID).SetName("in two").SaveX(w.System).ID,
	}
}

// inTx runs fn as a GraphQL mutation does: in a transaction, rolled back when
// fn fails.
func (f *fixture) inTx(fn func(ctx context.Context) error) error {
	return txn.Open(f.owner, f.client, fn)
}

// block makes Acme's subscription unpaid and refreshes the limits, so that
// its projects may not start uploads or pulls.
func (f *fixture) block(t *testing.T) {
	t.Helper()
	ctx := subscriptionlifecycle.ForTest(f.system)
	p := f.client.Plan.Create().SetCode("pro").SetName("Pro").SetFamily("pro").SetCurrency("EUR").SaveX(ctx)
	f.client.Subscription.Create().SetOrganizationID(f.org).SetPlanID(p.ID).SetName(p.Name).SetPlanCode(p.Code).
		SetStatus(catalog.Unpaid).ExecX(ctx)
	if err := f.limits.Refresh(f.system); err != nil {
		t.Fatal(err)
	}
}

// created counts the video.created events recorded.
func (f *fixture) created() int {
	return f.client.Event.Query().Where(event.Type(events.VideoCreated)).CountX(f.system)
}

// queued counts the River jobs of kind import_video.
func (f *fixture) queued(t *testing.T) int {
	t.Helper()
	q := "SELECT count(*) FROM river_job WHERE kind = ?"
	if f.dialect == dialect.Postgres {
		q = "SELECT count(*) FROM river_job WHERE kind = $1"
	}
	var n int
	if err := f.sql.QueryRow(q, jobs.ImportVideoArgs{}.Kind()).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func ptr[T any](v T) *T { return &v }

// refusal is a request a table test expects refused as invalid input: the
// project's (another organization's when elsewhere) call must fail on field
// with want.
type refusal struct {
	name        string
	elsewhere   bool
	field, want string
	call        func(ctx context.Context, project uuid.UUID) error
}

// wantRefused runs each refusal in a subtest of its own, in a transaction of
// the owner's, and checks its fault.
func (f *fixture) wantRefused(t *testing.T, refusals []refusal) {
	t.Helper()
	for _, r := range refusals {
		p := f.project
		if r.elsewhere {
			p = f.elsewhere
		}
		t.Run(r.name, func(t *testing.T) {
			err := f.inTx(func(ctx context.Context) error { return r.call(ctx, p) })
			domaintest.WantFault(t, err, fault.KindInvalidInput, r.field, r.want)
		})
	}
}
