package org_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestMemberRolesAndTheLastOwner(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			owner := membership.RoleOwner
			admin := membership.RoleAdmin

			// Only owners make or unmake owners, and only owners and admins change members.
			_, err := w.svc.UpdateMember(w.admin(), w.cyd.ID, org.MemberChange{Role: &owner})
			wantFault(t, err, fault.KindForbidden, "", "only owners make or unmake owners")
			_, err = w.svc.UpdateMember(w.admin(), w.ada.ID, org.MemberChange{Role: &admin})
			wantFault(t, err, fault.KindForbidden, "", "only owners make or unmake owners")
			_, err = w.svc.UpdateMember(w.member(), w.bob.ID, org.MemberChange{Role: &admin})
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")
			_, err = w.svc.UpdateMember(w.owner(), uuid.New(), org.MemberChange{Role: &admin})
			wantFault(t, err, fault.KindNotFound, "", "member not found")

			// The last owner can neither be demoted nor leave.
			_, err = w.svc.UpdateMember(w.owner(), w.ada.ID, org.MemberChange{Role: &admin})
			wantFault(t, err, fault.KindConflict, "", "the last owner cannot be demoted: make another member owner first")
			_, err = w.svc.RemoveMember(w.owner(), w.ada.ID)
			wantFault(t, err, fault.KindConflict, "", "the last owner cannot leave: make another member owner first")

			// Removing others is for owners and admins, removing owners for owners.
			_, err = w.svc.RemoveMember(w.member(), w.bob.ID)
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins remove members")
			_, err = w.svc.RemoveMember(w.admin(), w.ada.ID)
			wantFault(t, err, fault.KindForbidden, "", "only owners remove owners")
			_, err = w.svc.RemoveMember(w.key(uuid.New()), w.cyd.ID)
			wantFault(t, err, fault.KindForbidden, "", "API keys cannot remove members")
			_, err = w.svc.Members(w.key(uuid.New()), org.Page{})
			wantFault(t, err, fault.KindForbidden, "", "API keys cannot list members")

			// Grants must name this organization's projects.
			foreign := []any{map[string]any{"entity_id": w.elsewhere.String(), "entity_type": "projects", "name": "custom", "action": "read"}}
			_, err = w.svc.UpdateMember(w.owner(), w.cyd.ID, org.MemberChange{Permissions: foreign})
			wantFault(t, err, fault.KindInvalidInput, "permissions[0].entity_id", "no such project in this organization")
			mine := []any{map[string]any{"entity_id": w.two.String(), "entity_type": "projects", "name": "custom", "action": "read+write"}}
			m, err := w.svc.UpdateMember(w.owner(), w.cyd.ID, org.MemberChange{Permissions: mine})
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Grants) != 1 || m.Grants[0].EntityID != w.two || m.Grants[0].Action != perm.Read|perm.Write {
				t.Fatalf("cyd's grants are %+v", m.Grants)
			}

			// With a second owner, the first may step down and leave.
			if _, err := w.svc.UpdateMember(w.owner(), w.bob.ID, org.MemberChange{Role: &owner}); err != nil {
				t.Fatal(err)
			}
			if _, err := w.svc.UpdateMember(w.owner(), w.ada.ID, org.MemberChange{Role: &admin}); err != nil {
				t.Fatal(err)
			}
			if got := w.roleOf(t, w.ada); got != membership.RoleAdmin {
				t.Fatalf("ada is %q after stepping down", got)
			}
			if id, err := w.svc.RemoveMember(w.as(w.ada, w.org, "admin"), w.ada.ID); err != nil || id != w.ada.ID {
				t.Fatalf("ada leaves: %v, %v", id, err)
			}
			if got := w.roleOf(t, w.ada); got != "" {
				t.Fatalf("ada is still %q after leaving", got)
			}
			page, err := w.svc.Members(w.as(w.bob, w.org, "owner"), org.Page{})
			if err != nil {
				t.Fatal(err)
			}
			if len(page.Edges) != 2 {
				t.Fatalf("%d members after ada left, want bob and cyd", len(page.Edges))
			}
		})
	}
}

func TestCallerChecks(t *testing.T) {
	w := newWorld(t, testdb.Dialects(t)[0])
	_, err := org.RequireOrganization(t.Context())
	wantFault(t, err, fault.KindUnauthenticated, "", "sign in required")
	_, err = org.RequireOrganization(w.as(w.eve, uuid.Nil, ""))
	wantFault(t, err, fault.KindForbidden, "", "no current organization: switch to one of yours first")
	_, err = org.RequireAdmin(w.key(uuid.New()))
	wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")
	if p, err := org.RequireAdmin(w.admin()); err != nil || p.UserID != w.bob.ID {
		t.Fatalf("an admin is refused: %v", err)
	}
}
