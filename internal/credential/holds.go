package credential

import (
	"context"
	"reflect"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/apikey"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Holds reports whether p is still what its credential gives. It
// reads the database, never the session cache: a notice may arrive before the
// cache has forgotten the row it announces.
func (ch *Checker) Holds(ctx context.Context, p *auth.Principal) (bool, error) {
	sys := tenancy.CredentialContext(ctx, "recheck a subscription's credential")
	switch p.Kind {
	case auth.KindUser:
		c, err := ch.checkSession(sys, p.SessionID)
		if err != nil {
			return false, err
		}
		if !c.found || c.revoked || c.userID != p.UserID {
			return false, nil
		}
		if !c.member {
			return p.OrganizationID == uuid.Nil, nil
		}
		return c.orgID.UUID == p.OrganizationID && string(p.Role) == c.role && reflect.DeepEqual(c.grants, p.Grants), nil
	case auth.KindAPIKey:
		k, err := ch.client.APIKey.Query().Where(apikey.ID(p.APIKeyID)).Only(sys)
		if err != nil {
			if ent.IsNotFound(err) {
				return false, nil
			}
			return false, err
		}
		return time.Now().Before(k.ExpiresAt) && reflect.DeepEqual(k.Grants, p.Grants), nil
	}
	return true, nil
}
