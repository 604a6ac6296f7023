package importing_test

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"entgo.io/ent/dialect"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/importing"
	"github.com/vidra-dev/vidra/internal/ingestapi"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/vimeo"
	"github.com/vidra-dev/vidra/internal/vimeotest"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// fixture is an organization's owner and its project, another
// organization's project, a fake Vimeo on loopback, and the service with a
// real job queue.
type fixture struct {
	svc                *importing.Service
	client             *ent.Client
	sql                *sql.DB
	dialect            string
	system, owner      context.Context
	org                uuid.UUID
	project, elsewhere uuid.UUID
	vimeo              *vimeotest.Server
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	queue, err := jobs.Open(w.System, jobs.Options{Dialect: d, SQL: w.DB.SQL, DatabaseURL: w.DB.URL, Log: slog.Default()})
	if err != nil {
		t.Fatal(err)
	}
	fake := vimeotest.New(t, vimeotest.Options{Videos: vimeotest.DefaultVideos()})
	return &fixture{client: w.Client, sql: w.DB.SQL, dialect: d, system: w.System, owner: w.Owner, org: w.Org,
		project: w.Project, elsewhere: w.Elsewhere, vimeo: fake,
		svc: importing.New(importing.Deps{Client: w.Client, Vimeo: vimeo.New(fake.URL), Queue: queue,
			Pulls: ingestapi.New(ingestapi.Deps{Client: w.Client, Events: &webhooks.Recorder{}, Queue: queue, Log: slog.Default()})})}
}

// inTx runs fn as a GraphQL mutation does: in a transaction, rolled back when
// fn fails.
func (f *fixture) inTx(fn func(ctx context.Context) error) error {
	return txn.Open(f.owner, f.client, fn)
}

// queued counts the River jobs of kind.
func (f *fixture) queued(t *testing.T, kind string) int {
	t.Helper()
	q := "SELECT count(*) FROM river_job WHERE kind = ?"
	if f.dialect == dialect.Postgres {
		q = "SELECT count(*) FROM river_job WHERE kind = $1"
	}
	var n int
	if err := f.sql.QueryRow(q, kind).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// importers counts the project's importers.
func (f *fixture) importers(t *testing.T) int {
	t.Helper()
	return f.client.Importer.Query().Where(importer.ProjectID(f.project)).CountX(f.system)
}

// reader is a member of the organization who may only read the project.
func (f *fixture) reader() context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{
		Kind: auth.KindUser, UserID: uuid.New(), SessionID: uuid.New(), OrganizationID: f.org, Role: perm.Member,
		Grants: []perm.Grant{{EntityType: perm.Projects, EntityID: f.project, Name: "custom", Action: perm.Read}},
	})
}

// vimeoAnswering is a Vimeo on loopback that answers every request with status.
func vimeoAnswering(t *testing.T, status int) *vimeo.Client {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/vnd.vimeo.error+json")
		w.WriteHeader(status)
		_, _ = w.Write([]byte(`{"error": "nope"}`))
	}))
	t.Cleanup(srv.Close)
	return vimeo.New(srv.URL)
}

// doneMigration makes a done migration of project with items (provider id
// to download URL, "" for none), as a finished sync leaves it.
func (f *fixture) doneMigration(t *testing.T, project uuid.UUID, items map[string]string) *ent.ImportMigration {
	t.Helper()
	imp, err := f.client.Importer.Query().Where(importer.ProjectID(project)).Only(f.system)
	if ent.IsNotFound(err) {
		imp = f.client.Importer.Create().SetProjectID(project).SetProvider(importer.ProviderVimeo).
			SetCredential("x").SetCredentialLast4("x").SaveX(f.system)
	} else if err != nil {
		t.Fatal(err)
	}
	m := f.client.ImportMigration.Create().SetProjectID(project).SetImporterID(imp.ID).
		SetProvider(importmigration.ProviderVimeo).SetStatus(importmigration.StatusDone).SaveX(f.system)
	for id, link := range items {
		f.client.ImportItem.Create().SetProjectID(project).SetMigrationID(m.ID).SetProviderID(id).
			SetName("Video " + id).SetDownloadURL(link).ExecX(f.system)
	}
	return m
}

// longString is n x's.
func longString(n int) string { return strings.Repeat("x", n) }
