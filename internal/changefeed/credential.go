package changefeed

import (
	"slices"

	"github.com/vidra-dev/vidra/ent"
)

// bookkeepingFields are the credential fields written by use rather than by a
// change of rights: sign-in bookkeeping, the last-seen and last-use touches.
var bookkeepingFields = []string{"last_seen_at", "last_used_at", "ip_address", "user_agent", "updated_at"}

// announced reports whether a change of a row of kind gets a notice. Content
// kinds always do. A credential kind does when the change can take a right
// away: a session, membership or API key changed (other than by bookkeeping)
// or deleted, an organization or user deleted. A new credential takes nothing
// away, and touches happen on every request, so neither is announced.
func announced(kind string, m ent.Mutation) bool {
	switch kind {
	case KindSession, KindMembership, KindAPIKey:
		switch {
		case m.Op().Is(ent.OpCreate):
			return false
		case m.Op().Is(ent.OpDelete | ent.OpDeleteOne), len(m.ClearedFields()) > 0:
			return true
		}
		for _, f := range m.Fields() {
			if !slices.Contains(bookkeepingFields, f) {
				return true
			}
		}
		return false
	case KindOrganization, KindUser:
		return m.Op().Is(ent.OpDelete | ent.OpDeleteOne)
	}
	return true
}
