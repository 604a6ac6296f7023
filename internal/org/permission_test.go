package org_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestPermissionTest(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			top := w.client.Folder.Create().SetProjectID(w.one).SetName("top").SaveX(w.system)
			inner := w.client.Folder.Create().SetProjectID(w.one).SetName("inner").SetParentID(top.ID).SaveX(w.system)
			ask := func(q org.PermissionQuestion) *org.PermissionAnswer {
				t.Helper()
				a, err := w.svc.TestPermission(w.as(w.cyd, w.org, perm.Member, perm.Grant{
					EntityType: perm.Projects, EntityID: w.one, Name: "custom",
					Permissions: []perm.Permission{{Area: perm.Folders, Custom: true, Folders: []perm.FolderGrant{{FolderID: top.ID, Action: perm.Read | perm.Write}}}},
				}), q)
				if err != nil {
					t.Fatal(err)
				}
				return a
			}
			one := w.one
			// A grant on a folder covers the folders below it, not the project's other areas.
			if a := ask(org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "folders", Action: "write", FolderID: &inner.ID}); !a.Allowed || a.Action != "write" || a.Role != "member" {
				t.Fatalf("writing the inner folder: %+v", a)
			}
			if a := ask(org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "folders", Action: "delete", FolderID: &inner.ID}); a.Allowed {
				t.Fatalf("deleting in the inner folder is allowed: %+v", a)
			}
			if a := ask(org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "settings", Action: "read"}); a.Allowed {
				t.Fatalf("reading the settings is allowed: %+v", a)
			}
			if a := ask(org.PermissionQuestion{EntityType: "organizations", Name: "billing", Action: "read"}); a.Allowed {
				t.Fatalf("reading billing is allowed: %+v", a)
			}
			// The owner may do anything in its organization.
			a, err := w.svc.TestPermission(w.owner(), org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "project", Action: "delete+write"})
			if err != nil || !a.Allowed || a.Action != (perm.Write|perm.Delete).String() || a.Role != "owner" {
				t.Fatalf("the owner: %+v, %v", a, err)
			}

			nowhere := uuid.New()
			for _, c := range []struct {
				q         org.PermissionQuestion
				kind      fault.Kind
				field, ms string
			}{
				{org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "folders", Action: "fly"}, fault.KindInvalidInput, "action", "must be read, write or delete joined by +"},
				{org.PermissionQuestion{EntityType: "organizations", Name: "folders", Action: "read"}, fault.KindInvalidInput, "name", "an organization permission is billing or api"},
				{org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "billing", Action: "read"}, fault.KindInvalidInput, "name", "a project permission is folders, livestreams, analytics, advertisements, settings or project"},
				{org.PermissionQuestion{EntityType: "projects", Name: "folders", Action: "read"}, fault.KindInvalidInput, "entityID", "the project is required"},
				{org.PermissionQuestion{EntityType: "videos", Name: "folders", Action: "read"}, fault.KindInvalidInput, "entityType", "must be projects or organizations"},
				{org.PermissionQuestion{EntityType: "projects", EntityID: &nowhere, Name: "folders", Action: "read"}, fault.KindNotFound, "", "project not found"},
				{org.PermissionQuestion{EntityType: "projects", EntityID: &one, Name: "folders", Action: "read", FolderID: &nowhere}, fault.KindNotFound, "", "folder not found"},
			} {
				_, err := w.svc.TestPermission(w.owner(), c.q)
				wantFault(t, err, c.kind, c.field, c.ms)
			}
			_, err = w.svc.TestPermission(t.Context(), org.PermissionQuestion{})
			wantFault(t, err, fault.KindUnauthenticated, "", "sign in required")
		})
	}
}
