package credential

import (
	"context"
	"slices"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/session"
)

// watchSessionChanges registers on client the hooks that forget remembered
// session checks and project lookups when a mutation that can change one
// commits: a change to a session's user, organization or revocation, or its
// deletion; any change to a membership; the deletion of a user or an
// organization, whose sessions, memberships and projects the database deletes
// with it; any change to an existing project (a new one has no lookup
// remembered: only found projects are).
func (c *sessionCache) watchSessionChanges(client *ent.Client) {
	client.Session.Use(c.invalidateOnCommit(changesSessionCheck))
	client.Membership.Use(c.invalidateOnCommit(func(ent.Mutation) bool { return true }))
	client.User.Use(c.invalidateOnCommit(deletes))
	client.Organization.Use(c.invalidateOnCommit(deletes))
	client.Project.Use(c.invalidateOnCommit(changesExisting))
}

// invalidateOnCommit is a hook that forgets remembered checks once a mutation
// for which affects is true has committed: when its transaction commits, or
// at once when it ran outside a transaction. Forgetting earlier would let a
// request read the row as it was before the commit and remember that.
func (c *sessionCache) invalidateOnCommit(affects func(ent.Mutation) bool) ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			v, err := next.Mutate(ctx, m)
			if !affects(m) {
				return v, err
			}
			tx, txErr := m.(interface{ Tx() (*ent.Tx, error) }).Tx()
			if txErr != nil {
				c.invalidate() // not in a transaction: committed already
				return v, err
			}
			tx.OnCommit(func(next ent.Committer) ent.Committer {
				return ent.CommitFunc(func(ctx context.Context, tx *ent.Tx) error {
					err := next.Commit(ctx, tx)
					c.invalidate()
					return err
				})
			})
			return v, err
		})
	}
}

// sessionFieldsOutsideCheck are the session fields the check does not read:
// writing only these (sign-in bookkeeping, the last-seen touch) changes no
// check.
var sessionFieldsOutsideCheck = []string{
	session.FieldLastSeenAt, session.FieldIPAddress, session.FieldUserAgent, session.FieldUpdatedAt,
}

// changesSessionCheck reports whether a session mutation can change the check
// of an existing session. A new session has nothing remembered.
func changesSessionCheck(m ent.Mutation) bool {
	switch {
	case m.Op().Is(ent.OpCreate):
		return false
	case m.Op().Is(ent.OpDelete | ent.OpDeleteOne):
		return true
	case len(m.ClearedFields()) > 0:
		return true
	}
	for _, f := range m.Fields() {
		if !slices.Contains(sessionFieldsOutsideCheck, f) {
			return true
		}
	}
	return false
}

// changesExisting reports whether a mutation changes or deletes rows that
// already exist.
func changesExisting(m ent.Mutation) bool { return !m.Op().Is(ent.OpCreate) }

// deletes reports whether a mutation deletes rows.
func deletes(m ent.Mutation) bool { return m.Op().Is(ent.OpDelete | ent.OpDeleteOne) }
