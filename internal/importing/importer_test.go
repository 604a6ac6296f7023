package importing_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/importing"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/vimeotest"
)

// TestSetImporterChecksTheCredential walks the refusals of setImporter, in
// the order it checks (the project, the input, the provider's answer), none
// of which writes, then a stored and a replaced credential.
func TestSetImporterChecksTheCredential(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			good := importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: vimeotest.Token}
			refusals := []struct {
				name        string
				svc         *importing.Service
				ctx         context.Context
				project     bool // f.project, else f.elsewhere
				in          importing.ImporterInput
				kind        fault.Kind
				field, want string
			}{
				{"another organization's project", f.svc, f.owner, false, good, fault.KindInvalidInput, "projectID", "project not found"},
				{"a reader", f.svc, f.reader(), true, good, fault.KindForbidden, "", "not allowed: importing into the project needs the write permission"},
				{"no credential", f.svc, f.owner, true, importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: " \t"},
					fault.KindInvalidInput, "credential", "required"},
				{"a long credential", f.svc, f.owner, true, importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: longString(4097)},
					fault.KindInvalidInput, "credential", "at most 4096 characters"},
				{"an unknown provider", f.svc, f.owner, true, importing.ImporterInput{Provider: "youtube", Credential: "t"},
					fault.KindInvalidInput, "provider", `unknown provider "youtube"`},
				{"no Vimeo configured", importing.New(importing.Deps{Client: f.client}), f.owner, true, good,
					fault.KindInternal, "", "the Vimeo importer is not configured"},
				{"a token Vimeo refuses", f.svc, f.owner, true, importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: "wrong-token"},
					fault.KindInvalidInput, "credential", "Vimeo refused the access token (401): it is wrong, revoked or expired"},
				{"Vimeo forbids", importing.New(importing.Deps{Client: f.client, Vimeo: vimeoAnswering(t, http.StatusForbidden)}), f.owner, true, good,
					fault.KindInvalidInput, "credential", `Vimeo did not accept the access token: vimeo answered 403 Forbidden: {"error": "nope"}`},
				{"Vimeo is down", importing.New(importing.Deps{Client: f.client, Vimeo: vimeoAnswering(t, http.StatusServiceUnavailable)}), f.owner, true, good,
					fault.KindInternal, "", "Vimeo could not be reached to check the access token (it failed or timed out); try again later"},
			}
			for _, r := range refusals {
				p := f.elsewhere
				if r.project {
					p = f.project
				}
				_, err := r.svc.SetImporter(r.ctx, p, r.in)
				if err == nil {
					t.Fatalf("%s: stored", r.name)
				}
				domaintest.WantFault(t, err, r.kind, r.field, r.want)
				if n := f.importers(t); n != 0 {
					t.Fatalf("%s: %d importers stored", r.name, n)
				}
			}

			// Sent beside other mutations (a shared transaction), it refuses, as it
			// must commit on its own.
			err := f.inTx(func(ctx context.Context) error {
				_, err := f.svc.SetImporter(ctx, f.project, good)
				return err
			})
			domaintest.WantFault(t, err, fault.KindBadRequest, "", "setImporter must be the only field of its mutation")

			// Stored, the credential trimmed; its account from Vimeo's /me.
			imp, err := f.svc.SetImporter(f.owner, f.project, importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: " " + vimeotest.Token + "\n"})
			if err != nil {
				t.Fatal(err)
			}
			stored := f.client.Importer.GetX(f.system, imp.ID)
			if stored.Credential != vimeotest.Token || stored.CredentialLast4 != "6789" || stored.AccountName != "Test Studio" || stored.AccountURI != "/users/4242" {
				t.Fatalf("stored %+v", stored)
			}
			// Set again, the same row is replaced.
			again, err := f.svc.SetImporter(f.owner, f.project, good)
			if err != nil || again.ID != imp.ID || f.importers(t) != 1 {
				t.Fatalf("set again: %v, id %v (first %v), %d importers", err, again, imp.ID, f.importers(t))
			}
			// A token revoked since is refused, and the stored one stays.
			f.vimeo.Revoke()
			_, err = f.svc.SetImporter(f.owner, f.project, good)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "credential", "Vimeo refused the access token (401): it is wrong, revoked or expired")
			if f.importers(t) != 1 {
				t.Fatal("the refused credential removed the stored importer")
			}
		})
	}
}

// TestSyncQueuesOneMigration checks that a sync needs an importer and the write
// permission, queues its job only once its transaction commits, and answers a
// sync pending with that one.
func TestSyncQueuesOneMigration(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			kind := jobs.SyncImportArgs{}.Kind()
			_, err := f.svc.Sync(f.owner, f.project, nil)
			domaintest.WantFault(t, err, fault.KindConflict, "", "the project has no vimeo importer: set one first (POST /projects/{projId}/importers)")
			if _, err := f.svc.SetImporter(f.owner, f.project, importing.ImporterInput{Provider: importer.ProviderVimeo, Credential: vimeotest.Token}); err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Sync(f.reader(), f.project, nil)
			domaintest.WantFault(t, err, fault.KindForbidden, "", "not allowed: importing into the project needs the write permission")
			_, err = f.svc.Sync(f.owner, f.elsewhere, nil)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "projectID", "project not found")

			// Rolled back, the sync leaves neither a migration nor a job.
			rolledBack := fault.Errorf(fault.KindConflict, "rolled back")
			err = f.inTx(func(ctx context.Context) error {
				if _, err := f.svc.Sync(ctx, f.project, nil); err != nil {
					return err
				}
				return rolledBack
			})
			if err != rolledBack || f.client.ImportMigration.Query().CountX(f.system) != 0 || f.queued(t, kind) != 0 {
				t.Fatalf("rolled back sync: %v, %d jobs", err, f.queued(t, kind))
			}

			var first *ent.ImportMigration
			err = f.inTx(func(ctx context.Context) error {
				first, err = f.svc.Sync(ctx, f.project, nil)
				return err
			})
			if err != nil || first.Status != importmigration.StatusPending || f.queued(t, kind) != 1 {
				t.Fatalf("sync: %v, %+v, %d jobs", err, first, f.queued(t, kind))
			}
			p := importer.ProviderVimeo
			second, err := f.svc.Sync(f.owner, f.project, &p)
			if err != nil || second.ID != first.ID || f.queued(t, kind) != 1 {
				t.Fatalf("second sync: %v, %v (first %v), %d jobs", err, second, first.ID, f.queued(t, kind))
			}
		})
	}
}
