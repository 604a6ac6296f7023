package project_test

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/ent/blobdeletion"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// world is an organization with a project holding a folder, a video in it, a
// tag and a setting, and another organization.
type world struct {
	svc          *project.Service
	client       *ent.Client
	sql          *sql.DB
	system       context.Context
	org, other   uuid.UUID
	proj, vid    uuid.UUID
	ownerID      uuid.UUID
	memberGrants []perm.Grant
}

// newWorld makes the world on a fresh database of dialect d.
func newWorld(t *testing.T, d string) *world {
	t.Helper()
	db := testdb.Open(t, d)
	sys := tenancy.SystemContext(context.Background(), "test fixture: project world")
	c := db.Client
	w := &world{svc: project.New(project.Deps{Client: c}), client: c, sql: db.SQL, system: sys}
	w.org = c.Organization.Create().SetName("Acme").SaveX(sys).ID
	owner := c.User.Create().SetEmail("ada@example.org").SetName("ada").SaveX(sys)
	c.Membership.Create().SetOrganizationID(w.org).SetUserID(owner.ID).SetRole(membership.RoleOwner).ExecX(sys)
	w.ownerID = owner.ID
	w.other = c.Organization.Create().SetName("Other").SaveX(sys).ID
	w.proj = c.Project.Create().SetOrganizationID(w.org).SetName("library").SaveX(sys).ID
	f := c.Folder.Create().SetProjectID(w.proj).SetName("talks").SaveX(sys)
	w.vid = c.Video.Create().SetProjectID(w.proj).SetFolderID(f.ID).SetTitle("keynote").SaveX(sys).ID
	c.Tag.Create().SetProjectID(w.proj).SetName("conference").ExecX(sys)
	c.ProjectSetting.Create().SetProjectID(w.proj).SetKey("theme").SetValue("dark").ExecX(sys)
	w.memberGrants = []perm.Grant{{EntityType: perm.Projects, EntityID: w.proj, Name: "custom", Action: perm.Read | perm.Write}}
	return w
}

// as is the context of the organization's owner signed in with role (what
// the tenancy rules judge by).
func (w *world) as(role perm.Role, grants ...perm.Grant) context.Context {
	return auth.WithPrincipal(context.Background(), &auth.Principal{
		Kind: auth.KindUser, UserID: w.ownerID, SessionID: uuid.New(), OrganizationID: w.org, Role: role, Grants: grants,
	})
}

// wantFault fails unless err is a fault of kind on field whose message is msg.
func wantFault(t *testing.T, err error, kind fault.Kind, field, msg string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind || fe.Field != field || fe.Message != msg {
		t.Fatalf("got %#v, want %s on %q: %q", err, kind, field, msg)
	}
}

func TestCreateInTheCurrentOrNamedOrganization(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			in := ent.CreateProjectInput{Name: "clips"}
			_, err := w.svc.Create(context.Background(), nil, in)
			wantFault(t, err, fault.KindUnauthenticated, "", "sign in or send an API key")
			homeless := auth.WithPrincipal(context.Background(), &auth.Principal{Kind: auth.KindUser, UserID: uuid.New()})
			_, err = w.svc.Create(homeless, nil, in)
			wantFault(t, err, fault.KindInvalidInput, "organizationID", "must be given: the caller has no current organization")
			// Another organization is none the caller can see.
			_, err = w.svc.Create(w.as(perm.Owner), &w.other, in)
			wantFault(t, err, fault.KindInvalidInput, "organizationID", "organization not found")

			p, err := w.svc.Create(w.as(perm.Owner), nil, in)
			if err != nil || p.OrganizationID != w.org || p.Name != "clips" {
				t.Fatalf("Create = %+v, %v", p, err)
			}
			name := "short clips"
			p, err = w.svc.Update(w.as(perm.Owner), p.ID, ent.UpdateProjectInput{Name: &name})
			if err != nil || p.Name != name {
				t.Fatalf("Update = %+v, %v", p, err)
			}
			if err := project.Require(w.as(perm.Owner), w.client, uuid.New(), "projectID"); err == nil {
				t.Fatal("an unknown project is required without error")
			} else {
				wantFault(t, err, fault.KindInvalidInput, "projectID", "project not found")
			}
		})
	}
}

func TestSettings(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			ctx := w.as(perm.Owner)
			_, err := w.svc.UpsertSettings(ctx, w.proj, []project.Setting{{"a", "1"}, {"a", "2"}})
			wantFault(t, err, fault.KindInvalidInput, "key", `setting "a" is given twice`)
			_, err = w.svc.UpsertSettings(ctx, w.proj, []project.Setting{{"transcoding", "player_encryption: true"}})
			wantFault(t, err, fault.KindInvalidInput, "transcoding", `setting "transcoding": value must be a JSON object, e.g. {"player_encryption": true}`)
			_, err = w.svc.UpsertSettings(ctx, w.proj, []project.Setting{{"transcoding", `{"player_encryption": "yes"}`}})
			wantFault(t, err, fault.KindInvalidInput, "transcoding", `setting "transcoding": player_encryption must be true or false`)
			_, err = w.svc.UpsertSettings(ctx, uuid.New(), []project.Setting{{"a", "1"}})
			wantFault(t, err, fault.KindNotFound, "", "project not found")

			got, err := w.svc.UpsertSettings(ctx, w.proj, []project.Setting{{"theme", "light"}, {"transcoding", ` {"player_encryption": true, "ladder": "x"} `}})
			if err != nil {
				t.Fatal(err)
			}
			var pairs []string
			for _, s := range got {
				pairs = append(pairs, s.Key+"="+s.Value)
			}
			if want := `theme=light|transcoding= {"player_encryption": true, "ladder": "x"} `; strings.Join(pairs, "|") != want {
				t.Fatalf("settings %q, want %q", strings.Join(pairs, "|"), want)
			}
			again, err := w.svc.Settings(ctx, w.proj)
			if err != nil || len(again) != 2 {
				t.Fatalf("Settings = %v, %v", again, err)
			}
		})
	}
}

func TestDeleteTakesTheContentAndOwesTheBlobs(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)

			// Deleting needs the delete right on the project: a refusal changes nothing.
			_, err := w.svc.Delete(w.as(perm.Member, w.memberGrants...), w.proj)
			if fault.KindOf(err) != fault.KindForbidden {
				t.Fatalf("a member without the delete right: %v", err)
			}
			if n := w.client.Video.Query().Where(video.ProjectID(w.proj)).CountX(w.system); n != 1 {
				t.Fatalf("%d videos after a refused delete", n)
			}

			// In the caller's transaction, rolled back: nothing happened either.
			txCtx, tx, err := w.client.OpenTx(w.as(perm.Owner))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := w.svc.Delete(txCtx, w.proj); err != nil {
				t.Fatal(err)
			}
			if err := tx.Rollback(); err != nil {
				t.Fatal(err)
			}
			if err := project.Require(w.as(perm.Owner), w.client, w.proj, ""); err != nil {
				t.Fatalf("the project is gone after a rollback: %v", err)
			}

			// Its own transaction, audited under the caller's scope.
			ctx := audit.WithScope(w.as(perm.Owner), &audit.Scope{Action: "deleteProject", Address: "192.0.2.1"})
			if id, err := w.svc.Delete(ctx, w.proj); err != nil || id != w.proj {
				t.Fatalf("Delete = %v, %v", id, err)
			}
			err = project.Require(w.as(perm.Owner), w.client, w.proj, "")
			wantFault(t, err, fault.KindNotFound, "", "project not found")
			_, err = w.svc.Delete(w.as(perm.Owner), w.proj)
			wantFault(t, err, fault.KindNotFound, "", "project not found")

			// The row stays, marked; its content is gone.
			var marked int
			if err := w.sql.QueryRow(`SELECT COUNT(*) FROM projects WHERE id = $1 AND deleted_at IS NOT NULL`, w.proj).Scan(&marked); err != nil || marked != 1 {
				t.Fatalf("%d marked rows of the deleted project (%v), want 1", marked, err)
			}
			for name, n := range map[string]int{
				"videos":   w.client.Video.Query().CountX(w.system),
				"folders":  w.client.Folder.Query().CountX(w.system),
				"tags":     w.client.Tag.Query().CountX(w.system),
				"settings": w.client.ProjectSetting.Query().CountX(w.system),
			} {
				if n != 0 {
					t.Errorf("%d %s left", n, name)
				}
			}
			owed := map[string]bool{}
			for _, b := range w.client.BlobDeletion.Query().Where(blobdeletion.ProjectID(w.proj)).AllX(w.system) {
				owed[b.Key] = b.Prefix
			}
			media := blobs.Media(w.vid)
			if len(owed) != 2 || !owed[blobs.ProjectPrefix(w.proj)] || owed[media.Key] != media.Prefix {
				t.Fatalf("blobs owed %v, want the project's prefix and the video's media", owed)
			}
			logs := w.client.AuditLog.Query().Where(auditlog.Action("deleteProject"), auditlog.EntityType("Project")).AllX(w.system)
			if len(logs) != 1 || *logs[0].EntityID != w.proj || logs[0].Operation != "update" {
				t.Fatalf("audit records of the project: %+v", logs)
			}
		})
	}
}
