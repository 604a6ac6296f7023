package org

import (
	"context"
	"net/url"
	"strings"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/invitation"
	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/user"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// invitationTTL is how long an invitation can be answered.
const invitationTTL = 7 * 24 * time.Hour

// InvitationInput is an invitation to send.
type InvitationInput struct {
	// Email is the invitee's address.
	Email string
	// Role is the role on acceptance (member when nil); only owners invite owners.
	Role *invitation.Role
	// Permissions are the grants on acceptance, in either permission form.
	Permissions any
}

// SendInvitation invites an email address into the current organization and
// mails the token after commit. Only owners and admins invite.
func (s *Service) SendInvitation(ctx context.Context, in InvitationInput) (*ent.Invitation, error) {
	p, err := RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	email, err := account.NormalizeEmail("email", in.Email)
	if err != nil {
		return nil, err
	}
	role := invitation.RoleMember
	if in.Role != nil {
		role = *in.Role
	}
	if role == invitation.RoleOwner && p.Role != perm.Owner {
		return nil, &fault.Error{Kind: fault.KindForbidden, Field: "role", Message: "only owners invite owners"}
	}
	var inv *ent.Invitation
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) (err error) {
		var grants []perm.Grant
		if in.Permissions != nil {
			if grants, err = parseGrants(ctx, client, "permissions", in.Permissions, p.OrganizationID); err != nil {
				return err
			}
		}
		if err := s.checkInvitable(ctx, client, p.OrganizationID, email); err != nil {
			return err
		}
		token := auth.RandomToken(32)
		inv, err = client.Invitation.Create().SetOrganizationID(p.OrganizationID).SetEmail(email).SetRole(role).
			SetGrants(grants).SetInvitedBy(p.UserID).SetTokenHash(auth.HashToken(token)).
			SetExpiresAt(time.Now().Add(invitationTTL)).Save(ctx)
		if err != nil {
			return err
		}
		org, err := client.Organization.Get(ctx, p.OrganizationID)
		if err != nil {
			return err
		}
		s.mailInvitation(ctx, org, email, role, token)
		return nil
	})
	return inv, err
}

// checkInvitable refuses an address that belongs to a member or has a pending
// invitation; pending invitations that ran out are marked expired first.
func (s *Service) checkInvitable(ctx context.Context, client *ent.Client, org uuid.UUID, email string) error {
	// Whether the address already belongs to a member, though the caller may not see that user.
	sys := tenancy.SystemContext(ctx, "sendInvitation: is the invitee already a member")
	member, err := client.Membership.Query().Where(membership.OrganizationID(org),
		membership.HasUserWith(user.Email(email))).Exist(sys)
	if err != nil {
		return err
	}
	if member {
		return &fault.Error{Kind: fault.KindConflict, Field: "email", Message: "this address already belongs to a member"}
	}
	if err := client.Invitation.Update().Where(invitation.OrganizationID(org), invitation.Email(email),
		invitation.StatusEQ(invitation.StatusPending), invitation.ExpiresAtLTE(time.Now())).
		SetStatus(invitation.StatusExpired).ClearOpen().Exec(ctx); err != nil {
		return err
	}
	pending, err := client.Invitation.Query().Where(invitation.OrganizationID(org), invitation.Email(email),
		invitation.StatusEQ(invitation.StatusPending)).Exist(ctx)
	if err != nil {
		return err
	}
	if pending {
		return &fault.Error{Kind: fault.KindConflict, Field: "email", Message: "a pending invitation for this address exists: revoke it first"}
	}
	return nil
}

// mailInvitation sends the invitee its link once the transaction of ctx commits.
func (s *Service) mailInvitation(ctx context.Context, org *ent.Organization, email string, role invitation.Role, token string) {
	link := s.account.PublicURL() + "/v1/organization/invitations/" + url.PathEscape(token)
	s.account.SendMail(ctx, vmail.Message{
		To:      email,
		Subject: "You are invited to " + org.Name + " on Vidra",
		Text: "Hello,\n\nyou are invited to join " + org.Name + " on Vidra as " + string(role) +
			". Sign in (or register with this address) and accept within 7 days:\n\n" + link +
			"\n\nAccept with POST " + link + "/accept, or decline with POST " + link + "/reject.\n",
	})
}

// Invitations lists the current organization's invitations, newest first,
// optionally only those of one status. Only owners and admins see them.
func (s *Service) Invitations(ctx context.Context, page Page, status *invitation.Status) (*ent.InvitationConnection, error) {
	p, err := RequireAdmin(ctx)
	if err != nil {
		return nil, err
	}
	q := s.db(ctx).Invitation.Query().Where(invitation.OrganizationID(p.OrganizationID))
	if status != nil {
		q.Where(invitation.StatusEQ(*status))
	}
	return q.Paginate(ctx, page.After, page.First, page.Before, page.Last, ent.WithInvitationOrder(&ent.InvitationOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.InvitationOrderFieldCreatedAt,
	}))
}

// invitationByToken finds the invitation a token names, with its
// organization; the token is the credential, so this reads outside the
// tenancy rules, in the system context it returns.
func (s *Service) invitationByToken(ctx context.Context, client *ent.Client, token string) (*ent.Invitation, context.Context, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, ctx, fault.FieldError("token", "token is required")
	}
	sys := tenancy.SystemContext(ctx, "an invitation named by its token")
	inv, err := client.Invitation.Query().Where(invitation.TokenHash(auth.HashToken(token))).WithOrganization().Only(sys)
	if ent.IsNotFound(err) {
		return nil, sys, fault.NotFound("invitation")
	}
	return inv, sys, err
}

// InvitationByToken shows the holder of a token what it is invited to: the
// invitation with its organization loaded.
func (s *Service) InvitationByToken(ctx context.Context, token string) (*ent.Invitation, error) {
	inv, _, err := s.invitationByToken(ctx, s.db(ctx), token)
	return inv, err
}

// Expired reports whether an invitation ran out unanswered.
func Expired(inv *ent.Invitation) bool {
	return inv.Status == invitation.StatusExpired || (inv.Status == invitation.StatusPending && !time.Now().Before(inv.ExpiresAt))
}

// answerable refuses an invitation that was answered or has expired.
func answerable(inv *ent.Invitation) error {
	switch {
	case inv.Status != invitation.StatusPending:
		return fault.Errorf(fault.KindConflict, "the invitation is %s", inv.Status)
	case Expired(inv):
		return fault.Errorf(fault.KindConflict, "the invitation has expired")
	}
	return nil
}

// AcceptInvitation makes the signed-in user a member, when the invitation is
// for its email address (also for accounts registered after the invitation).
func (s *Service) AcceptInvitation(ctx context.Context, token string) (*ent.Membership, error) {
	p, err := account.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	var m *ent.Membership
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		inv, sys, err := s.invitationByToken(ctx, client, token)
		if err != nil {
			return err
		}
		if err := answerable(inv); err != nil {
			return err
		}
		u, err := client.User.Get(ctx, p.UserID)
		if err != nil {
			return err
		}
		if u.Email != inv.Email {
			return fault.Errorf(fault.KindForbidden, "this invitation is for another email address")
		}
		if ok, err := client.Membership.Query().Where(membership.OrganizationID(inv.OrganizationID), membership.UserID(u.ID)).Exist(ctx); err != nil {
			return err
		} else if ok {
			return fault.Errorf(fault.KindConflict, "you are already a member of this organization")
		}
		m, err = client.Membership.Create().SetOrganizationID(inv.OrganizationID).SetUserID(u.ID).
			SetRole(membership.Role(inv.Role)).SetGrants(inv.Grants).Save(sys)
		if err != nil {
			return err
		}
		return client.Invitation.UpdateOne(inv).SetStatus(invitation.StatusAccepted).ClearOpen().
			SetRespondedAt(time.Now()).Exec(sys)
	})
	return m, err
}

// RejectInvitation declines an invitation; holding the token is enough. It
// returns the invitation with its organization loaded.
func (s *Service) RejectInvitation(ctx context.Context, token string) (*ent.Invitation, error) {
	var inv *ent.Invitation
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		found, sys, err := s.invitationByToken(ctx, client, token)
		if err != nil {
			return err
		}
		if err := answerable(found); err != nil {
			return err
		}
		inv, err = client.Invitation.UpdateOne(found).SetStatus(invitation.StatusRejected).ClearOpen().
			SetRespondedAt(time.Now()).Save(sys)
		if err != nil {
			return err
		}
		inv.Edges.Organization = found.Edges.Organization
		return nil
	})
	return inv, err
}

// RevokeInvitation withdraws a pending invitation of the current organization.
// Only owners and admins revoke.
func (s *Service) RevokeInvitation(ctx context.Context, id uuid.UUID) (*ent.Invitation, error) {
	if _, err := RequireAdmin(ctx); err != nil {
		return nil, err
	}
	var inv *ent.Invitation
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		found, err := client.Invitation.Get(ctx, id)
		if err != nil {
			return err
		}
		if found.Status != invitation.StatusPending {
			return fault.Errorf(fault.KindConflict, "the invitation is %s", found.Status)
		}
		inv, err = client.Invitation.UpdateOne(found).SetStatus(invitation.StatusRevoked).ClearOpen().
			SetRespondedAt(time.Now()).Save(ctx)
		return err
	})
	return inv, err
}
