package graph

import (
	"encoding/json"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/graph/model"
	orglib "github.com/vidra-dev/vidra/internal/org"
	"github.com/vidra-dev/vidra/internal/perm"
)

// The GraphQL shapes of internal/org's arguments and answers.

// grantsValue is grants in the array form of docs/spec.md 2.4, as a JSON value.
func grantsValue(grants []perm.Grant) (any, error) {
	if grants == nil {
		grants = []perm.Grant{}
	}
	raw, err := json.Marshal(grants)
	if err != nil {
		return nil, err
	}
	var v any
	err = json.Unmarshal(raw, &v)
	return v, err
}

// apiKeyInput is a CreateAPIKeyInput as the domain takes it.
func apiKeyInput(in model.CreateAPIKeyInput) orglib.APIKeyInput {
	return orglib.APIKeyInput{Name: in.Name, Origin: in.Origin, Permissions: in.Permissions, ExpiresAt: in.ExpiresAt}
}

// createdAPIKey is a new key with its secret, as GraphQL shows it.
func createdAPIKey(k *orglib.CreatedAPIKey, err error) (*model.CreatedAPIKey, error) {
	if err != nil {
		return nil, err
	}
	return &model.CreatedAPIKey{APIKey: k.Key, Key: k.Secret}, nil
}

// apiKeyCheck is the caller's own key with its grants.
func apiKeyCheck(k *ent.APIKey, err error) (*model.APIKeyCheck, error) {
	if err != nil {
		return nil, err
	}
	grants, err := grantsValue(k.Grants)
	if err != nil {
		return nil, err
	}
	return &model.APIKeyCheck{APIKey: k, OrganizationID: k.OrganizationID, Permissions: grants}, nil
}

// invitationPreview is what the holder of an invitation's token sees of it
// (its organization loaded).
func invitationPreview(inv *ent.Invitation, err error) (*model.InvitationPreview, error) {
	if err != nil {
		return nil, err
	}
	return &model.InvitationPreview{
		Email: inv.Email, Role: inv.Role, Status: inv.Status, Expired: orglib.Expired(inv),
		ExpiresAt: inv.ExpiresAt, OrganizationID: inv.OrganizationID, OrganizationName: inv.Edges.Organization.Name,
	}, nil
}

// permissionTest turns the decision function's answer to q into the GraphQL
// answer, which repeats the question.
func permissionTest(q orglib.PermissionQuestion) func(*orglib.PermissionAnswer, error) (*model.PermissionTest, error) {
	return func(a *orglib.PermissionAnswer, err error) (*model.PermissionTest, error) {
		if err != nil {
			return nil, err
		}
		return &model.PermissionTest{
			Allowed: a.Allowed, EntityType: q.EntityType, EntityID: q.EntityID, Name: q.Name,
			Action: a.Action, Role: a.Role,
		}, nil
	}
}
