package graph

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
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	vmail "github.com/vidra-dev/vidra/internal/mail"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// invitationTTL is how long an invitation can be answered.
const invitationTTL = 7 * 24 * time.Hour

// sendInvitation invites an email address into the current organization and
// mails the token after commit.
func (r *Resolver) sendInvitation(ctx context.Context, in model.SendInvitationInput) (*ent.Invitation, error) {
	p, err := requireOrgAdmin(ctx)
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
		return nil, &Error{Kind: KindForbidden, Field: "role", Message: "only owners invite owners"}
	}
	var grants []perm.Grant
	if in.Permissions != nil {
		if grants, err = r.parseGrants(ctx, "permissions", in.Permissions, p.OrganizationID); err != nil {
			return nil, err
		}
	}
	client := r.db(ctx)
	// Whether the address already belongs to a member, though the caller may not see that user.
	sys := tenancy.SystemContext(ctx, "sendInvitation: is the invitee already a member")
	member, err := client.Membership.Query().Where(membership.OrganizationID(p.OrganizationID),
		membership.HasUserWith(user.Email(email))).Exist(sys)
	if err != nil {
		return nil, err
	}
	if member {
		return nil, &Error{Kind: KindConflict, Field: "email", Message: "this address already belongs to a member"}
	}
	now := time.Now()
	if err := client.Invitation.Update().Where(invitation.OrganizationID(p.OrganizationID), invitation.Email(email),
		invitation.StatusEQ(invitation.StatusPending), invitation.ExpiresAtLTE(now)).
		SetStatus(invitation.StatusExpired).ClearOpen().Exec(ctx); err != nil {
		return nil, err
	}
	pending, err := client.Invitation.Query().Where(invitation.OrganizationID(p.OrganizationID), invitation.Email(email),
		invitation.StatusEQ(invitation.StatusPending)).Exist(ctx)
	if err != nil {
		return nil, err
	}
	if pending {
		return nil, &Error{Kind: KindConflict, Field: "email", Message: "a pending invitation for this address exists: revoke it first"}
	}
	token := auth.RandomToken(32)
	inv, err := client.Invitation.Create().SetOrganizationID(p.OrganizationID).SetEmail(email).SetRole(role).
		SetGrants(grants).SetInvitedBy(p.UserID).SetTokenHash(auth.HashToken(token)).
		SetExpiresAt(now.Add(invitationTTL)).Save(ctx)
	if err != nil {
		return nil, err
	}
	org, err := client.Organization.Get(ctx, p.OrganizationID)
	if err != nil {
		return nil, err
	}
	link := r.account.PublicURL() + "/v1/organization/invitations/" + url.PathEscape(token)
	r.account.SendMail(ctx, vmail.Message{
		To:      email,
		Subject: "You are invited to " + org.Name + " on Vidra",
		Text: "Hello,\n\nyou are invited to join " + org.Name + " on Vidra as " + string(role) +
			". Sign in (or register with this address) and accept within 7 days:\n\n" + link +
			"\n\nAccept with POST " + link + "/accept, or decline with POST " + link + "/reject.\n",
	})
	return inv, nil
}

// invitations lists the current organization's invitations, newest first.
func (r *Resolver) invitations(ctx context.Context, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int, status *invitation.Status) (*ent.InvitationConnection, error) {
	p, err := requireOrgAdmin(ctx)
	if err != nil {
		return nil, err
	}
	q := r.db(ctx).Invitation.Query().Where(invitation.OrganizationID(p.OrganizationID))
	if status != nil {
		q.Where(invitation.StatusEQ(*status))
	}
	return q.Paginate(ctx, after, first, before, last, ent.WithInvitationOrder(&ent.InvitationOrder{
		Direction: entgql.OrderDirectionDesc, Field: ent.InvitationOrderFieldCreatedAt,
	}))
}

// invitationByTokenRow finds the invitation a token names; the token is the
// credential, so this reads outside the tenancy rules.
func (r *Resolver) invitationByTokenRow(ctx context.Context, token string) (*ent.Invitation, context.Context, error) {
	token = strings.TrimSpace(token)
	if token == "" {
		return nil, ctx, FieldError("token", "token is required")
	}
	sys := tenancy.SystemContext(ctx, "an invitation named by its token")
	inv, err := r.db(ctx).Invitation.Query().Where(invitation.TokenHash(auth.HashToken(token))).WithOrganization().Only(sys)
	if ent.IsNotFound(err) {
		return nil, sys, NotFound("invitation")
	}
	return inv, sys, err
}

func preview(inv *ent.Invitation) *model.InvitationPreview {
	return &model.InvitationPreview{
		Email: inv.Email, Role: inv.Role, Status: inv.Status, Expired: invitationExpired(inv),
		ExpiresAt: inv.ExpiresAt, OrganizationID: inv.OrganizationID, OrganizationName: inv.Edges.Organization.Name,
	}
}

// invitationExpired reports whether an invitation ran out unanswered.
func invitationExpired(inv *ent.Invitation) bool {
	return inv.Status == invitation.StatusExpired || (inv.Status == invitation.StatusPending && !time.Now().Before(inv.ExpiresAt))
}

// invitationByToken shows the holder of a token what it is invited to.
func (r *Resolver) invitationByToken(ctx context.Context, token string) (*model.InvitationPreview, error) {
	inv, _, err := r.invitationByTokenRow(ctx, token)
	if err != nil {
		return nil, err
	}
	return preview(inv), nil
}

// answerable refuses an invitation that was answered or has expired.
func answerable(inv *ent.Invitation) error {
	switch {
	case inv.Status != invitation.StatusPending:
		return Errorf(KindConflict, "the invitation is %s", inv.Status)
	case invitationExpired(inv):
		return Errorf(KindConflict, "the invitation has expired")
	}
	return nil
}

// acceptInvitation makes the signed-in user a member, when the invitation is
// for its email address (also for accounts registered after the invitation).
func (r *Resolver) acceptInvitation(ctx context.Context, token string) (*ent.Membership, error) {
	p, err := account.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	inv, sys, err := r.invitationByTokenRow(ctx, token)
	if err != nil {
		return nil, err
	}
	if err := answerable(inv); err != nil {
		return nil, err
	}
	client := r.db(ctx)
	u, err := client.User.Get(ctx, p.UserID)
	if err != nil {
		return nil, err
	}
	if u.Email != inv.Email {
		return nil, Errorf(KindForbidden, "this invitation is for another email address")
	}
	if ok, err := client.Membership.Query().Where(membership.OrganizationID(inv.OrganizationID), membership.UserID(u.ID)).Exist(ctx); err != nil {
		return nil, err
	} else if ok {
		return nil, Errorf(KindConflict, "you are already a member of this organization")
	}
	m, err := client.Membership.Create().SetOrganizationID(inv.OrganizationID).SetUserID(u.ID).
		SetRole(membership.Role(inv.Role)).SetGrants(inv.Grants).Save(sys)
	if err != nil {
		return nil, err
	}
	if err := client.Invitation.UpdateOne(inv).SetStatus(invitation.StatusAccepted).ClearOpen().
		SetRespondedAt(time.Now()).Exec(sys); err != nil {
		return nil, err
	}
	return m, nil
}

// rejectInvitation declines an invitation; holding the token is enough.
func (r *Resolver) rejectInvitation(ctx context.Context, token string) (*model.InvitationPreview, error) {
	inv, sys, err := r.invitationByTokenRow(ctx, token)
	if err != nil {
		return nil, err
	}
	if err := answerable(inv); err != nil {
		return nil, err
	}
	org := inv.Edges.Organization
	inv, err = r.db(ctx).Invitation.UpdateOne(inv).SetStatus(invitation.StatusRejected).ClearOpen().
		SetRespondedAt(time.Now()).Save(sys)
	if err != nil {
		return nil, err
	}
	inv.Edges.Organization = org
	return preview(inv), nil
}

// revokeInvitation withdraws a pending invitation of the current organization.
func (r *Resolver) revokeInvitation(ctx context.Context, id uuid.UUID) (*ent.Invitation, error) {
	if _, err := requireOrgAdmin(ctx); err != nil {
		return nil, err
	}
	client := r.db(ctx)
	inv, err := client.Invitation.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if inv.Status != invitation.StatusPending {
		return nil, Errorf(KindConflict, "the invitation is %s", inv.Status)
	}
	return client.Invitation.UpdateOne(inv).SetStatus(invitation.StatusRevoked).ClearOpen().
		SetRespondedAt(time.Now()).Save(ctx)
}
