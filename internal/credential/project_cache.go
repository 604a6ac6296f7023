package credential

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Project lookups by id (Query.project, which every REST route under
// /v1/projects/{id} runs to answer 404 for a project the caller cannot see)
// are remembered per session, beside the session checks and under the same
// rules (session_cache.go): an entry is served only in the epoch it was read
// in, and every committed change to sessions, memberships or projects moves
// the epoch on, by ent hooks in this process and by the session_change_notify
// triggers in every process sharing a PostgreSQL database.
//
// The key is the session, not the caller's rights: whether a project is
// visible is the tenancy rule's answer for the session's principal, which is
// built from the session and its membership alone, so an entry is the query's
// own answer for that principal and nothing in Go re-decides it. API keys are
// not remembered: their grants, origins and expiry are checked on every request.
//
// The epoch an entry is stored under is that of the request's session check,
// not of the project read: a principal built from a check read before a
// membership change must not leave behind an entry that the next request,
// whose principal is built after the change, would be served.

// projectLookupsKept bounds how many (session, project) lookups are remembered.
const projectLookupsKept = 16384

// projectKey names one session's lookup of one project.
type projectKey struct {
	session, project uuid.UUID
}

// rememberedProject is a project as one session's lookup read it.
type rememberedProject struct {
	project ent.Project
	epoch   uint64
	readAt  time.Time
}

// sessionEpochKey is the context key of the epoch of the request's session
// check (sessionCheckOf), put there by Authenticate.
type sessionEpochKey struct{}

// withSessionEpoch records in ctx the epoch the principal's session check
// belongs to.
func withSessionEpoch(ctx context.Context, epoch uint64) context.Context {
	return context.WithValue(ctx, sessionEpochKey{}, epoch)
}

// projectLookupKey is the key and epoch under which ctx's lookup of project id
// may be remembered and served: only for a signed-in user's session, outside
// any transaction and any system context, when the request's session check
// recorded its epoch.
func projectLookupKey(ctx context.Context, id uuid.UUID) (projectKey, uint64, bool) {
	epoch, ok := ctx.Value(sessionEpochKey{}).(uint64)
	if !ok || ent.FromContext(ctx) != nil || tenancy.IsSystem(ctx) {
		return projectKey{}, 0, false
	}
	p := auth.FromContext(ctx)
	if p == nil || p.Kind != auth.KindUser || p.SessionID == uuid.Nil {
		return projectKey{}, 0, false
	}
	return projectKey{session: p.SessionID, project: id}, epoch, true
}

// lookupProject returns a copy of the remembered project for key, if one read
// in the current epoch and in epoch (the request's session check's), less than
// sessionCheckMaxAge before now, is there to use. The copy has no edges
// loaded: a request's resolvers may load them into it.
func (c *sessionCache) lookupProject(key projectKey, epoch uint64, now time.Time) (*ent.Project, bool) {
	if !c.usable() {
		return nil, false
	}
	e, ok := c.projects.Get(key)
	if !ok || e.epoch != epoch || !c.servable(e.epoch, e.readAt, now) {
		return nil, false
	}
	p := e.project
	return &p, true
}

// storeProject remembers a copy of a project read for key under the epoch of
// the request's session check, unless a change has committed since that check.
func (c *sessionCache) storeProject(key projectKey, p *ent.Project, epoch uint64, readAt time.Time) {
	if !c.storable(epoch) {
		return
	}
	kept := *p
	kept.Edges = ent.ProjectEdges{}
	c.projects.Add(key, rememberedProject{project: kept, epoch: epoch, readAt: readAt})
}

// Project is the project id as this request's session last read it, when
// that lookup may be served (see lookupProject); otherwise what read returns,
// remembered for the session's later lookups when the request may remember
// it. The lookup's key is worked out once for both.
func (ch *Checker) Project(ctx context.Context, id uuid.UUID, now time.Time, read func() (*ent.Project, error)) (*ent.Project, error) {
	key, epoch, ok := projectLookupKey(ctx, id)
	if ok {
		if p, found := ch.cache.lookupProject(key, epoch, now); found {
			return p, nil
		}
	}
	p, err := read()
	if err == nil && ok {
		ch.cache.storeProject(key, p, epoch, now)
	}
	return p, err
}
