package tenancy

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/perm"
)

// asMemberOf is the principal a signed-in user would be with org as its current
// organization: its role and grants there. found is false when the principal is
// not a user or not a member of org. It lets a create that names an
// organization other than the current one be judged by the caller's rights in
// that organization, as if it had switched to it.
func asMemberOf(ctx context.Context, db querier, p *auth.Principal, org uuid.UUID) (member *auth.Principal, found bool, err error) {
	if !p.IsUser() {
		return nil, false, nil
	}
	var role string
	var grants []byte
	found, err = queryRow(ctx, db, `SELECT role, grants FROM memberships WHERE organization_id = $1 AND user_id = $2`,
		[]any{org, p.UserID}, &role, &grants)
	if err != nil || !found {
		return nil, false, err
	}
	m := *p
	m.OrganizationID, m.Role, m.Grants = org, perm.Role(role), nil
	if len(grants) > 0 && string(grants) != "null" {
		if err := json.Unmarshal(grants, &m.Grants); err != nil {
			return nil, false, fmt.Errorf("tenancy: grants of a membership: %w", err)
		}
	}
	return &m, true, nil
}
