package org_test

import (
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invitation"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/testdb"
)

// invite sends an invitation to email as bob (an admin) and returns it with
// the token its mail carries.
func (w *world) invite(t *testing.T, email string) (*ent.Invitation, string) {
	t.Helper()
	inv, err := w.svc.SendInvitation(w.admin(), org.InvitationInput{Email: email})
	if err != nil {
		t.Fatal(err)
	}
	m := w.mail.Wait(t, inv.Email)
	if m.Subject != "You are invited to Acme on Vidra" {
		t.Fatalf("the invitation's subject is %q", m.Subject)
	}
	prefix := w.publicURL + "/v1/organization/invitations/"
	i := strings.Index(m.Text, prefix)
	if i < 0 {
		t.Fatalf("no link in the invitation:\n%s", m.Text)
	}
	token := strings.Fields(m.Text[i+len(prefix):])[0]
	return inv, token
}

func TestInvitationRules(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			owner := invitation.RoleOwner

			_, err := w.svc.SendInvitation(w.admin(), org.InvitationInput{Email: "eve@example.org", Role: &owner})
			wantFault(t, err, fault.KindForbidden, "role", "only owners invite owners")
			_, err = w.svc.SendInvitation(w.member(), org.InvitationInput{Email: "eve@example.org"})
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")
			_, err = w.svc.SendInvitation(w.admin(), org.InvitationInput{Email: "CYD@example.org "})
			wantFault(t, err, fault.KindConflict, "email", "this address already belongs to a member")
			_, err = w.svc.SendInvitation(w.admin(), org.InvitationInput{Email: "not an address"})
			wantFault(t, err, fault.KindInvalidInput, "email", `"not an address" is not an email address`)

			inv, token := w.invite(t, " Eve@Example.org")
			if inv.Email != "eve@example.org" || inv.Role != invitation.RoleMember || inv.Status != invitation.StatusPending {
				t.Fatalf("invitation %+v", inv)
			}
			_, err = w.svc.SendInvitation(w.admin(), org.InvitationInput{Email: "eve@example.org"})
			wantFault(t, err, fault.KindConflict, "email", "a pending invitation for this address exists: revoke it first")

			// The token shows the invitation to its holder, whoever it is.
			shown, err := w.svc.InvitationByToken(w.as(w.bob, w.other, "owner"), " "+token+" ")
			if err != nil || shown.ID != inv.ID || shown.Edges.Organization.Name != "Acme" || org.Expired(shown) {
				t.Fatalf("InvitationByToken = %+v, %v", shown, err)
			}
			_, err = w.svc.InvitationByToken(w.owner(), " ")
			wantFault(t, err, fault.KindInvalidInput, "token", "token is required")
			_, err = w.svc.InvitationByToken(w.owner(), "no such token")
			wantFault(t, err, fault.KindNotFound, "", "invitation not found")

			// Only the invited address accepts, once.
			_, err = w.svc.AcceptInvitation(w.as(w.bob, w.other, "owner"), token)
			wantFault(t, err, fault.KindForbidden, "", "this invitation is for another email address")
			m, err := w.svc.AcceptInvitation(w.as(w.eve, w.other, ""), token)
			if err != nil {
				t.Fatal(err)
			}
			if m.OrganizationID != w.org || m.UserID != w.eve.ID || m.Role != membership.RoleMember {
				t.Fatalf("membership %+v", m)
			}
			_, err = w.svc.AcceptInvitation(w.as(w.eve, w.org, "member"), token)
			wantFault(t, err, fault.KindConflict, "", "the invitation is accepted")
			_, err = w.svc.RejectInvitation(w.owner(), token)
			wantFault(t, err, fault.KindConflict, "", "the invitation is accepted")
			_, err = w.svc.RevokeInvitation(w.admin(), inv.ID)
			wantFault(t, err, fault.KindConflict, "", "the invitation is accepted")
		})
	}
}

func TestInvitationExpiryRejectAndRevoke(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, d)
			// An invitation that ran out cannot be answered, and a new one may be sent.
			token := "a token that ran out"
			inv := w.client.Invitation.Create().SetOrganizationID(w.org).SetEmail("fay@example.org").
				SetRole(invitation.RoleMember).SetGrants([]perm.Grant{}).SetInvitedBy(w.bob.ID).SetTokenHash(auth.HashToken(token)).
				SetExpiresAt(time.Now().Add(-time.Minute)).SaveX(w.system)
			shown, err := w.svc.InvitationByToken(w.owner(), token)
			if err != nil || !org.Expired(shown) {
				t.Fatalf("the run-out invitation shows %+v, %v", shown, err)
			}
			_, err = w.svc.RejectInvitation(w.owner(), token)
			wantFault(t, err, fault.KindConflict, "", "the invitation has expired")
			_, err = w.svc.AcceptInvitation(w.as(w.eve, w.other, ""), token)
			wantFault(t, err, fault.KindConflict, "", "the invitation has expired")
			again, token := w.invite(t, "fay@example.org")
			if got := w.client.Invitation.GetX(w.system, inv.ID).Status; got != invitation.StatusExpired {
				t.Fatalf("the run-out invitation is %s, want expired", got)
			}

			// A member of the organization cannot see the invitations; an admin can.
			_, err = w.svc.Invitations(w.member(), org.Page{}, nil)
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")
			pending := invitation.StatusPending
			list, err := w.svc.Invitations(w.admin(), org.Page{}, &pending)
			if err != nil || len(list.Edges) != 1 || list.Edges[0].Node.ID != again.ID {
				t.Fatalf("pending invitations: %+v, %v", list, err)
			}

			// Holding the token is enough to decline.
			rejected, err := w.svc.RejectInvitation(w.as(w.eve, w.other, ""), token)
			if err != nil || rejected.Status != invitation.StatusRejected || rejected.Edges.Organization.Name != "Acme" || rejected.RespondedAt == nil {
				t.Fatalf("RejectInvitation = %+v, %v", rejected, err)
			}

			// Revoking is for owners and admins, and for pending invitations only.
			third, _ := w.invite(t, "fay@example.org")
			_, err = w.svc.RevokeInvitation(w.member(), third.ID)
			wantFault(t, err, fault.KindForbidden, "", "only the organization's owners and admins may do this")
			revoked, err := w.svc.RevokeInvitation(w.owner(), third.ID)
			if err != nil || revoked.Status != invitation.StatusRevoked {
				t.Fatalf("RevokeInvitation = %+v, %v", revoked, err)
			}
			_, err = w.svc.RevokeInvitation(w.owner(), third.ID)
			wantFault(t, err, fault.KindConflict, "", "the invitation is revoked")
		})
	}
}
