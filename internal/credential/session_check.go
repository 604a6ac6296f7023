package credential

import (
	"context"
	"encoding/json"
	"time"

	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/membership"
	"github.com/vidra-dev/vidra/ent/session"
	"github.com/vidra-dev/vidra/internal/perm"
)

// sessionCheck is what one bearer request needs of its session: whether it
// still stands, and the user's membership in the session's organization.
type sessionCheck struct {
	found   bool
	userID  uuid.UUID
	orgID   uuid.NullUUID
	revoked bool
	// lastSeen is the session's last_seen_at, zero when never written.
	lastSeen time.Time
	// member is false when the session has no organization or the user is no
	// longer a member of it.
	member bool
	role   string
	grants []perm.Grant
}

// sessionCheckQuery is the statement of checkSession in the given dialect: a
// session and the membership of its user in its current organization, in one
// statement (a LEFT JOIN), since every authenticated request pays for it and
// two primary-key reads through ent cost a second round trip. Its one argument
// is the session id. The text is the same on every request, so the checker
// builds it once and PostgreSQL keeps it prepared.
func sessionCheckQuery(dialectName string) string {
	b := entsql.Dialect(dialectName)
	s, m := b.Table(session.Table).As("s"), b.Table(membership.Table).As("m")
	query, _ := b.Select(
		s.C(session.FieldUserID), s.C(session.FieldOrganizationID),
		s.C(session.FieldRevokedAt), s.C(session.FieldLastSeenAt),
		m.C(membership.FieldRole), m.C(membership.FieldGrants),
	).From(s).
		LeftJoin(m).OnP(entsql.And(
		entsql.ColumnsEQ(m.C(membership.FieldOrganizationID), s.C(session.FieldOrganizationID)),
		entsql.ColumnsEQ(m.C(membership.FieldUserID), s.C(session.FieldUserID)),
	)).
		Where(entsql.EQ(s.C(session.FieldID), uuid.Nil)).
		Query()
	return query
}

// checkSession reads a session and its user's membership with the checker's
// sessionCheckQuery. It is a credential check, run before any principal exists,
// so it reads the tables directly rather than through the tenancy interceptors.
func (ch *Checker) checkSession(ctx context.Context, id uuid.UUID) (sessionCheck, error) {
	rows, err := ch.client.QueryContext(ctx, ch.checkSQL, id)
	if err != nil {
		return sessionCheck{}, err
	}
	defer func() { _ = rows.Close() }()
	var (
		c         sessionCheck
		revokedAt entsql.NullTime
		lastSeen  entsql.NullTime
		role      entsql.NullString
		grants    []byte
	)
	if !rows.Next() {
		return c, rows.Err()
	}
	if err := rows.Scan(&c.userID, &c.orgID, &revokedAt, &lastSeen, &role, &grants); err != nil {
		return c, err
	}
	c.found, c.revoked = true, revokedAt.Valid
	if lastSeen.Valid {
		c.lastSeen = lastSeen.Time
	}
	if c.orgID.Valid && role.Valid {
		c.member, c.role = true, role.String
		if len(grants) > 0 {
			if err := json.Unmarshal(grants, &c.grants); err != nil {
				return c, err
			}
		}
	}
	return c, rows.Err()
}
