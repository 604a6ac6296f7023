package org

import (
	"context"
	"net/url"
	"strings"
	"time"

	"entgo.io/contrib/entgql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/internal/account"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/idempotency"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// APIKeyPrefix starts every API key secret, so that a leaked one is recognisable.
const APIKeyPrefix = "vidra_"

// APIKeyInput is a key to create.
type APIKeyInput struct {
	// Name is 2 to 255 characters.
	Name string
	// Origin is the browser origin the key is bound to: https://app.example.com,
	// app.example.com, *.example.com or *.
	Origin string
	// Permissions are the key's grants, in either permission form.
	Permissions any
	// ExpiresAt is when the key stops working; it must be in the future.
	ExpiresAt time.Time
}

// CreatedAPIKey is a new key with its secret, shown this once.
type CreatedAPIKey struct {
	// Key is the stored key (its secret only hashed).
	Key *ent.APIKey
	// Secret is what the caller sends in X-API-Key.
	Secret string
}

// CreateAPIKey creates a key in the current organization and returns its
// secret, this once. A member may give a key only rights it has itself.
func (s *Service) CreateAPIKey(ctx context.Context, in APIKeyInput) (*CreatedAPIKey, error) {
	p, err := account.RequireUser(ctx)
	if err != nil {
		return nil, err
	}
	if p.OrganizationID == uuid.Nil {
		return nil, fault.Errorf(fault.KindForbidden, "no current organization: switch to one of yours first")
	}
	name := strings.TrimSpace(in.Name)
	if n := len([]rune(name)); n < 2 || n > 255 {
		return nil, fault.FieldError("name", "must be 2 to 255 characters")
	}
	origin, err := checkOrigin(in.Origin)
	if err != nil {
		return nil, err
	}
	if !in.ExpiresAt.After(time.Now()) {
		return nil, fault.FieldError("expiresAt", "must be in the future")
	}
	var out *CreatedAPIKey
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		grants, err := parseGrants(ctx, client, "permissions", in.Permissions, p.OrganizationID)
		if err != nil {
			return err
		}
		creator := p.Perm()
		for i, g := range grants {
			if !covers(creator, p.OrganizationID, g) {
				return &fault.Error{Kind: fault.KindForbidden, Field: "permissions[" + itoa(i) + "]",
					Message: "a key cannot have rights its creator lacks"}
			}
		}
		secret := APIKeyPrefix + auth.RandomToken(32)
		k, err := client.APIKey.Create().
			SetOrganizationID(p.OrganizationID).SetCreatedBy(p.UserID).SetName(name).SetOrigin(origin).
			SetPrefix(APIKeyPrefix).SetLast4(secret[len(secret)-4:]).SetSecretHash(auth.HashToken(secret)).
			SetGrants(grants).SetExpiresAt(in.ExpiresAt).Save(ctx)
		if err != nil {
			return err
		}
		out = &CreatedAPIKey{Key: k, Secret: secret}
		return nil
	})
	if err != nil {
		return nil, err
	}
	// A stored response of an idempotent request must not show it again.
	idempotency.NoteSecret(ctx, out.Secret)
	return out, nil
}

// checkOrigin accepts a full origin (https://app.example.com[:port]), a host, a
// *.host wildcard or *, normalised to lower case.
func checkOrigin(origin string) (string, error) {
	o := strings.ToLower(strings.TrimRight(strings.TrimSpace(origin), "/"))
	bad := fault.FieldError("origin", "must be an origin (https://app.example.com), a host (app.example.com), *.example.com or *")
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

// APIKeys lists the current organization's keys, newest first.
func (s *Service) APIKeys(ctx context.Context, page Page) (*ent.APIKeyConnection, error) {
	p, err := RequireOrganization(ctx)
	if err != nil {
		return nil, err
	}
	return s.db(ctx).APIKey.Query().Where(apikey.OrganizationID(p.OrganizationID)).
		Paginate(ctx, page.After, page.First, page.Before, page.Last, ent.WithAPIKeyOrder(&ent.APIKeyOrder{
			Direction: entgql.OrderDirectionDesc, Field: ent.APIKeyOrderFieldCreatedAt,
		}))
}

// APIKey loads one key of the current organization.
func (s *Service) APIKey(ctx context.Context, id uuid.UUID) (*ent.APIKey, error) {
	if _, err := RequireOrganization(ctx); err != nil {
		return nil, err
	}
	return s.db(ctx).APIKey.Query().Where(apikey.ID(id)).Only(ctx)
}

// DeleteAPIKey deletes a key; requests with it are refused at once.
func (s *Service) DeleteAPIKey(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	if _, err := RequireOrganization(ctx); err != nil {
		return uuid.Nil, err
	}
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		return client.APIKey.DeleteOneID(id).Exec(ctx)
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// CallerKey is the API key the request is made with, which it may read
// without the api grant; FORBIDDEN for any other caller.
func (s *Service) CallerKey(ctx context.Context) (*ent.APIKey, error) {
	p := auth.FromContext(ctx)
	if p == nil || p.Kind != auth.KindAPIKey {
		return nil, fault.Errorf(fault.KindForbidden, "send an API key in X-API-Key")
	}
	return s.db(ctx).APIKey.Get(tenancy.SystemContext(ctx, "apiKeyMiddlewareTest: the caller's own key"), p.APIKeyID)
}
