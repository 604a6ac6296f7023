package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// rightsOf are the actions a principal may take on everything of its current
// organization's projects: all for owners and admins; for members and API keys,
// those their grants give organization-wide (per-project grants show in
// testPermission).
func rightsOf(p *auth.Principal) []string {
	rights := []string{}
	pp := p.Perm()
	for _, a := range []perm.Action{perm.Read, perm.Write, perm.Delete} {
		if pp.Can(a, perm.Resource{OrganizationID: p.OrganizationID, Area: perm.Project}) {
			rights = append(rights, a.String())
		}
	}
	return rights
}

// accessCheck says who is calling (a user or an API key) and with which rights.
func (r *Resolver) accessCheck(ctx context.Context) (*model.AccessCheck, error) {
	p := auth.FromContext(ctx)
	if p == nil {
		return nil, Errorf(KindUnauthenticated, "sign in required")
	}
	client := r.db(ctx)
	out := &model.AccessCheck{Kind: model.PrincipalKindUser, Rights: []string{}}
	if p.Kind == auth.KindAPIKey {
		out.Kind = model.PrincipalKindAPIKey
	} else {
		u, err := client.User.Get(ctx, p.UserID)
		if err != nil {
			return nil, err
		}
		sid := p.SessionID
		out.User, out.SessionID = u, &sid
	}
	if p.OrganizationID == uuid.Nil || p.Role == "" {
		return out, nil // no current organization: no rights there
	}
	org, err := client.Organization.Get(ctx, p.OrganizationID)
	if err != nil {
		return nil, err
	}
	role := string(p.Role)
	out.Organization, out.Role, out.Rights = org, &role, rightsOf(p)
	return out, nil
}
