package audit_test

import (
	"context"
	stdsql "database/sql"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/auditlog"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// countingExec counts the statements run on a database/sql pool.
type countingExec struct {
	db         *stdsql.DB
	statements int
}

// ExecContext counts and runs a statement.
func (c *countingExec) ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error) {
	c.statements++
	return c.db.ExecContext(ctx, query, args...)
}

// logs reads every audit record, oldest first.
func logs(t *testing.T, c *ent.Client) []*ent.AuditLog {
	t.Helper()
	ctx := tenancy.SystemContext(context.Background(), "test: read audit records")
	out, err := c.AuditLog.Query().Order(auditlog.ByCreatedAt(), auditlog.ByID()).All(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWriteMany writes records in chunks of 50 on both databases and reads
// them back field by field: absent ids are NULL, changes are JSON.
func TestWriteMany(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			ctx := context.Background()
			exec := &countingExec{db: db.SQL}
			if err := audit.WriteMany(ctx, exec, nil); err != nil || exec.statements != 0 {
				t.Fatalf("no records: %v, %d statements; want none", err, exec.statements)
			}
			sys := tenancy.SystemContext(ctx, "test fixture: audit records")
			org, actor := db.Client.Organization.Create().SetName("Acme").SaveX(sys).ID, uuid.New()
			at := time.Date(2026, 11, 28, 21, 0, 0, 0, time.UTC)
			entries := make([]audit.Entry, 120)
			for i := range entries {
				entries[i] = audit.Entry{
					OrganizationID: org, EntityType: "Video", EntityID: uuid.New(), Operation: "update",
					Changes: map[string]any{"title": fmt.Sprintf("t%03d", i)}, Action: "updateVideo",
					Address: "203.0.113.7", UserAgent: "test/1", ActorType: "user", ActorID: actor,
					OccurredAt: at.Add(time.Duration(i) * time.Second),
				}
			}
			// The last record: no organization, actor, entity or changes.
			entries[119] = audit.Entry{EntityType: "Job", Operation: "delete", Action: "cleanup", ActorType: "anonymous", OccurredAt: at.Add(119 * time.Second)}
			if err := audit.WriteMany(ctx, exec, entries); err != nil {
				t.Fatal(err)
			}
			if exec.statements != 3 {
				t.Errorf("%d statements for 120 records, want 3 (50 a statement)", exec.statements)
			}
			got := logs(t, db.Client)
			if len(got) != 120 {
				t.Fatalf("%d records, want 120", len(got))
			}
			for i, l := range got[:119] {
				e := entries[i]
				if l.OrganizationID == nil || *l.OrganizationID != org || l.ActorID == nil || *l.ActorID != actor ||
					l.EntityID == nil || *l.EntityID != e.EntityID || string(l.ActorType) != "user" ||
					l.Action != "updateVideo" || l.EntityType != "Video" || l.Operation != "update" ||
					l.Address != "203.0.113.7" || l.UserAgent != "test/1" || l.Changes["title"] != e.Changes["title"] ||
					!l.CreatedAt.Equal(e.OccurredAt) {
					t.Fatalf("record %d reads %+v, want %+v", i, l, e)
				}
			}
			last := got[119]
			if last.OrganizationID != nil || last.ActorID != nil || last.EntityID != nil || last.Changes != nil ||
				string(last.ActorType) != "anonymous" || last.EntityType != "Job" || last.Operation != "delete" {
				t.Errorf("record without ids reads %+v; want NULL ids and changes", last)
			}
		})
	}
}

// TestWriteManyRefusesUnencodableChanges checks that changes JSON cannot
// encode are an error before anything is written.
func TestWriteManyRefusesUnencodableChanges(t *testing.T) {
	db := testdb.Open(t, testdb.Dialects(t)[0])
	exec := &countingExec{db: db.SQL}
	err := audit.Write(context.Background(), exec, audit.Entry{EntityType: "Video", Operation: "update", ActorType: "anonymous",
		Changes: map[string]any{"bad": make(chan int)}, OccurredAt: time.Now()})
	if err == nil || !strings.HasPrefix(err.Error(), "audit: changes: ") {
		t.Errorf("Write: %v, want an \"audit: changes: \" error", err)
	}
	if exec.statements != 0 || len(logs(t, db.Client)) != 0 {
		t.Errorf("%d statements run for a refused record", exec.statements)
	}
}

// TestHook checks the records the hook writes for a create, update and delete
// in an audit scope, on both databases: who, what, from where, which fields;
// none outside a scope, none for a rolled-back change.
func TestHook(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			c := db.Client
			sys := tenancy.SystemContext(context.Background(), "test fixture: audit")
			org := c.Organization.Create().SetName("Acme").SaveX(sys)
			before := len(logs(t, c)) // the fixture is not in a scope: no record
			if before != 0 {
				t.Fatalf("%d records of changes made outside a scope", before)
			}

			user := uuid.New()
			scope := &audit.Scope{Action: "createProject", Address: "203.0.113.7", UserAgent: "test/1"}
			ctx := auth.WithPrincipal(sys, &auth.Principal{Kind: auth.KindUser, UserID: user, OrganizationID: org.ID, Role: perm.Owner})
			ctx = audit.WithScope(ctx, scope)
			p := c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx)
			c.Project.UpdateOneID(p.ID).SetName("q").ExecX(ctx)
			c.Project.DeleteOneID(p.ID).ExecX(ctx)

			// A change rolled back takes its record with it.
			tx, err := c.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			tx.Project.Create().SetOrganization(org).SetName("gone").SaveX(ctx)
			if err := tx.Rollback(); err != nil {
				t.Fatal(err)
			}

			got := logs(t, c)
			want := []struct {
				op   string
				name string
			}{{"create", "p"}, {"update", "q"}, {"delete", ""}}
			if len(got) != len(want) {
				t.Fatalf("%d records, want %d: %+v", len(got), len(want), got)
			}
			for i, w := range want {
				l := got[i]
				if l.EntityType != "Project" || l.Operation != w.op || l.EntityID == nil || *l.EntityID != p.ID ||
					l.OrganizationID == nil || *l.OrganizationID != org.ID || string(l.ActorType) != "user" ||
					l.ActorID == nil || *l.ActorID != user || l.Action != "createProject" ||
					l.Address != "203.0.113.7" || l.UserAgent != "test/1" {
					t.Errorf("record %d (%s) reads %+v", i, w.op, l)
				}
				if w.name != "" && l.Changes["name"] != w.name {
					t.Errorf("record %d (%s) changes %v, want name %q", i, w.op, l.Changes, w.name)
				}
				if w.op == "delete" && l.Changes != nil {
					t.Errorf("delete record has changes %v", l.Changes)
				}
			}
			// The rolled-back create counted (the hook ran) though its record is gone.
			if scope.Recorded != 4 {
				t.Errorf("scope recorded %d, want 4", scope.Recorded)
			}
		})
	}
}

// TestHookOrganizationWithoutPrincipal checks where a record's organization
// comes from when no principal names one (the server's jobs): the scope's
// WithOrganization, else the changed row's own organization read before the
// update; records of a narrowed scope count in the enclosing one.
func TestHookOrganizationWithoutPrincipal(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			db := testdb.Open(t, d)
			c := db.Client
			sys := tenancy.SystemContext(context.Background(), "test fixture: audit jobs")
			orgA := c.Organization.Create().SetName("A").SaveX(sys)
			orgB := c.Organization.Create().SetName("B").SaveX(sys)
			pa := c.Project.Create().SetOrganization(orgA).SetName("a").SaveX(sys)
			pb := c.Project.Create().SetOrganization(orgB).SetName("b").SaveX(sys)

			if got := audit.WithOrganization(sys, orgA.ID); got != sys {
				t.Error("WithOrganization outside a scope made a new context")
			}
			job := &audit.Scope{Action: "job"}
			ctx := audit.WithScope(sys, job)
			// The row's own organization, read before the update.
			c.Project.UpdateOneID(pb.ID).SetName("b2").ExecX(ctx)
			// The scope's organization, narrowed for one item.
			item := audit.WithOrganization(ctx, orgA.ID)
			if audit.FromContext(item) == job || audit.FromContext(item).OrganizationID != orgA.ID {
				t.Fatal("WithOrganization did not narrow the scope")
			}
			if audit.WithOrganization(item, orgA.ID) != item {
				t.Error("WithOrganization of the scope's own organization made a new context")
			}
			c.Project.UpdateOneID(pa.ID).SetName("a2").ExecX(item)
			// A bulk update: every row, each recorded with the job's scope.
			n := c.Project.Update().SetDescription("d").SaveX(item)

			got := logs(t, c)
			if len(got) != 2+n || n != 2 {
				t.Fatalf("%d records for %d bulk rows, want %d", len(got), n, 2+n)
			}
			orgOf := func(l *ent.AuditLog) uuid.UUID {
				if l.OrganizationID == nil {
					return uuid.Nil
				}
				return *l.OrganizationID
			}
			if *got[0].EntityID != pb.ID || orgOf(got[0]) != orgB.ID || string(got[0].ActorType) != "anonymous" || got[0].ActorID != nil {
				t.Errorf("job's update of B's project: %+v, want organization B, anonymous", got[0])
			}
			if *got[1].EntityID != pa.ID || orgOf(got[1]) != orgA.ID {
				t.Errorf("item's update of A's project: %+v, want organization A", got[1])
			}
			if job.Recorded != 2+n || audit.FromContext(item).Recorded != 1+n {
				t.Errorf("recorded: job %d, item %d; want %d and %d", job.Recorded, audit.FromContext(item).Recorded, 2+n, 1+n)
			}
		})
	}
}

// TestChanges checks the fields of a mutation a record keeps: set ones with
// their values, cleared ones as null, secrets redacted, nil for none.
func TestChanges(t *testing.T) {
	c := ent.NewClient()
	m := c.User.Create().SetEmail("a@example.com").SetName("A").SetPasswordHash("$argon2id$secret").Mutation()
	got := audit.Changes(m)
	want := map[string]any{"email": "a@example.com", "name": "A", "password_hash": "[redacted]"}
	if len(got) != len(want) {
		t.Fatalf("Changes = %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("Changes[%q] = %v, want %v", k, got[k], v)
		}
	}
	u := c.User.UpdateOneID(uuid.New()).ClearEmailVerifiedAt().Mutation()
	if got := audit.Changes(u); len(got) != 1 || got["email_verified_at"] != nil {
		t.Errorf("Changes of a cleared field = %v, want email_verified_at: nil", got)
	} else if _, ok := got["email_verified_at"]; !ok {
		t.Error("the cleared field is missing")
	}
	if got := audit.Changes(c.Project.UpdateOneID(uuid.New()).Mutation()); got != nil {
		t.Errorf("Changes of an empty update = %v, want nil", got)
	}
}
