package graph

import (
	"context"
	"net/url"
	"strings"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/perm"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// createAPIKey creates a key in the current organization and returns its secret,
// this once. A member may give a key only rights it has itself.
func (r *Resolver) createAPIKey(ctx context.Context, in model.CreateAPIKeyInput) (*model.CreatedAPIKey, error) {
	p, err := account.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if p.OrganizationID == uuid.Nil {
		return nil, Errorf(KindForbidden, "no current organization: switch to one of yours first")
	}
	name := strings.TrimSpace(in.Name)
	if n := len([]rune(name)); n < 2 || n > 255 {
		return nil, FieldError("name", "must be 2 to 255 characters")
	}
	origin, err := checkOrigin(in.Origin)
	if err != nil {
		return nil, err
	}
	if !in.ExpiresAt.After(time.Now()) {
		return nil, FieldError("expiresAt", "must be in the future")
	}
	grants, err := r.parseGrants(ctx, "permissions", in.Permissions, p.OrganizationID)
	if err != nil {
		return nil, err
	}
	creator := p.Perm()
	for i, g := range grants {
		if !covers(creator, p.OrganizationID, g) {
			return nil, &Error{Kind: KindForbidden, Field: "permissions[" + itoa(i) + "]",
				Message: "a key cannot have rights its creator lacks"}
		}
	}
	secret := apiKeyPrefix + auth.RandomToken(32)
	k, err := r.db(ctx).APIKey.Create().
		SetOrganizationID(p.OrganizationID).SetCreatedBy(p.UserID).SetName(name).SetOrigin(origin).
		SetPrefix(apiKeyPrefix).SetLast4(secret[len(secret)-4:]).SetSecretHash(auth.HashToken(secret)).
		SetGrants(grants).SetExpiresAt(in.ExpiresAt).Save(ctx)
	if err != nil {
		return nil, err
	}
	idempotency.NoteSecret(ctx, secret)
	return &model.CreatedAPIKey{APIKey: k, Key: secret}, nil
}

// checkOrigin accepts a full origin (https://app.example.com[:port]), a host, a
// *.host wildcard or *, normalised to lower case.
func checkOrigin(origin string) (string, error) {
	o := strings.ToLower(strings.TrimRight(strings.TrimSpace(origin), "/"))
	bad := FieldError("origin", "must be an origin (https://app.example.com), a host (app.example.com), *.example.com or *")
	switch {
	case o == "*":
		return o, nil
	case o == "" || len(o) > 2048 || strings.ContainsAny(o, " \t\n?#@"):
		return "", bad
	case strings.Contains(o, "://"):
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" {
			return "", bad
		}
		return o, nil
	}
	u, err := url.Parse("https://" + strings.TrimPrefix(o, "*."))
	if err != nil || u.Host == "" || u.Path != "" || strings.Contains(strings.TrimPrefix(o, "*."), "*") {
		return "", bad
	}
	return o, nil
}

// covers reports whether a principal holds every right a grant gives, so that
// a member cannot mint a key stronger than itself.
func covers(p perm.Principal, org uuid.UUID, g perm.Grant) bool {
	if g.EntityType == perm.Organizations {
		return p.Can(g.Action, perm.Resource{OrganizationID: org, Area: perm.Area(g.Name)})
	}
	res := func(area perm.Area, folders ...uuid.UUID) perm.Resource {
		return perm.Resource{OrganizationID: org, Area: area, ProjectID: g.EntityID, FolderPath: folders}
	}
	listed := map[perm.Area]bool{}
	for _, x := range g.Permissions {
		listed[x.Area] = true
		if !x.Custom {
			if !p.Can(x.Action, res(x.Area)) {
				return false
			}
			continue
		}
		for _, f := range x.Folders {
			if !p.Can(f.Action, res(perm.Folders, f.FolderID)) {
				return false
			}
		}
	}
	if g.Action == 0 {
		return true
	}
	for _, area := range append([]perm.Area{perm.Project}, perm.ProjectAreas...) {
		if !listed[area] && !p.Can(g.Action, res(area)) {
			return false
		}
	}
	return true
}

// apiKeys lists the current organization's keys, newest first.
func (r *Resolver) apiKeys(ctx context.Context, after *entgql.Cursor[uuid.UUID], first *int, before *entgql.Cursor[uuid.UUID], last *int) (*ent.APIKeyConnection, error) {
	p, err := requireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	return r.db(ctx).APIKey.Query().Where(apikey.OrganizationID(p.OrganizationID)).
		Paginate(ctx, after, first, before, last, ent.WithAPIKeyOrder(&ent.APIKeyOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.APIKeyOrderFieldCreatedAt,
		}))
}

// apiKey loads one key of the current organization.
func (r *Resolver) apiKey(ctx context.Context, id uuid.UUID) (*ent.APIKey, error) {
	if _, err := requireOrganization(ctx); err != nil {
		return nil, err
	}
	return r.db(ctx).APIKey.Query().Where(apikey.ID(id)).Only(ctx)
}

// deleteAPIKey deletes a key; requests with it are refused at once.
func (r *Resolver) deleteAPIKey(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	if _, err := requireOrganization(ctx); err != nil {
		return uuid.Nil, err
	}
	if err := r.db(ctx).APIKey.DeleteOneID(id).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// apiKeyMiddlewareTest answers for a request made with a valid API key.
func (r *Resolver) apiKeyMiddlewareTest(ctx context.Context) (*model.APIKeyCheck, error) {
	p := auth.FromContext(ctx)
	if p == nil || p.Kind != auth.KindAPIKey {
		return nil, Errorf(KindForbidden, "send an API key in X-API-Key")
	}
	// The key itself, which it may see without the api grant.
	k, err := r.db(ctx).APIKey.Get(tenancy.SystemContext(ctx, "apiKeyMiddlewareTest: the caller's own key"), p.APIKeyID)
	if err != nil {
		return nil, err
	}
	grants, err := grantsValue(k.Grants)
	if err != nil {
		return nil, err
	}
	return &model.APIKeyCheck{APIKey: k, OrganizationID: k.OrganizationID, Permissions: grants}, nil
}
