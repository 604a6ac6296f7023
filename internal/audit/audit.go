// Package audit records what mutations change: the GraphQL layer opens a Scope
// for each mutation (who, which mutation, from where), and the ent hook of
// every audited entity writes one record per changed row in the mutation's own
// transaction, so a change and its record commit or roll back together.
package audit

import (
	"context"
	stdsql "database/sql"
	"fmt"
	"strings"
	"time"

	"entgo.io/ent"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/internal/auth"
)

// Scope is one audited mutation: set by the GraphQL layer, read by the hook.
type Scope struct {
	// Action is the GraphQL mutation's name.
	Action string
	// Address and UserAgent are the client's.
	Address, UserAgent string
	// OrganizationID is the organization the mutation acts in when no
	// principal names one (the server's own jobs, which set it per item): an
	// update does not carry the row's immutable organization_id.
	OrganizationID uuid.UUID
	// Recorded counts the records written so far.
	Recorded int
	// parent is the scope a WithOrganization scope narrows (its records
	// count there too).
	parent *Scope
}

// WithOrganization returns ctx whose scope, if any, names org as the
// organization of the records written in it when neither the principal nor
// the row names one (a job writing rows of many organizations, such as events,
// which belong to a project). Records still count in the enclosing scope.
func WithOrganization(ctx context.Context, org uuid.UUID) context.Context {
	s := FromContext(ctx)
	if s == nil || s.OrganizationID == org {
		return ctx
	}
	return WithScope(ctx, &Scope{Action: s.Action, Address: s.Address, UserAgent: s.UserAgent, OrganizationID: org, parent: s})
}

type scopeKey struct{}

// WithScope returns a context in which mutations are recorded under s.
func WithScope(ctx context.Context, s *Scope) context.Context {
	return context.WithValue(ctx, scopeKey{}, s)
}

// FromContext returns the scope of ctx, or nil outside an audited mutation.
func FromContext(ctx context.Context) *Scope {
	s, _ := ctx.Value(scopeKey{}).(*Scope)
	return s
}

// execer runs SQL on the mutation's own connection or transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (stdsql.Result, error)
}

// Entry is one record to write.
type Entry struct {
	OrganizationID     uuid.UUID
	EntityType         string
	EntityID           uuid.UUID
	Operation          string
	Changes            map[string]any
	Action             string
	Address, UserAgent string
	ActorType          string
	ActorID            uuid.UUID
	OccurredAt         time.Time
}

// Hook records each row a mutation in an audit scope changes.
func Hook() ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			scope := FromContext(ctx)
			if scope == nil {
				return next.Mutate(ctx, m)
			}
			var ids []uuid.UUID
			bulk := m.Op().Is(ent.OpUpdate | ent.OpDelete)
			if bulk {
				if x, ok := m.(interface {
					IDs(context.Context) ([]uuid.UUID, error)
				}); ok {
					var err error
					if ids, err = x.IDs(ctx); err != nil {
						return nil, err
					}
				}
			} else if x, ok := m.(interface{ ID() (uuid.UUID, bool) }); ok && !m.Op().Is(ent.OpCreate) {
				if id, ok := x.ID(); ok {
					ids = []uuid.UUID{id}
				}
			}
			changes := Changes(m)
			rowOrg := oldOrganization(ctx, scope, m)
			v, err := next.Mutate(ctx, m)
			if err != nil {
				return v, err
			}
			if m.Op().Is(ent.OpCreate) {
				if x, ok := m.(interface{ ID() (uuid.UUID, bool) }); ok {
					if id, ok := x.ID(); ok {
						ids = []uuid.UUID{id}
					}
				}
			}
			db, ok := m.(execer)
			if !ok {
				return nil, fmt.Errorf("audit: %s mutation cannot write", m.Type())
			}
			for _, id := range ids {
				e := NewEntry(ctx, scope)
				e.EntityType, e.EntityID, e.Operation, e.Changes = m.Type(), id, operation(m.Op()), changes
				if m.Type() == "Organization" {
					e.OrganizationID = id
				} else if org, ok := m.Field("organization_id"); ok && e.OrganizationID == uuid.Nil {
					e.OrganizationID, _ = org.(uuid.UUID)
				} else if e.OrganizationID == uuid.Nil {
					e.OrganizationID = scope.OrganizationID
				}
				if e.OrganizationID == uuid.Nil {
					e.OrganizationID = rowOrg
				}
				if err := Write(ctx, db, e); err != nil {
					return nil, err
				}
			}
			return v, nil
		})
	}
}

// oldOrganization is the organization of the row an update of one row
// changes, read before the update, when nothing else would name it: no
// principal's organization, none in the scope, none set by the mutation (a
// job's update: organization_id is immutable). uuid.Nil otherwise.
func oldOrganization(ctx context.Context, scope *Scope, m ent.Mutation) uuid.UUID {
	if !m.Op().Is(ent.OpUpdateOne) || scope.OrganizationID != uuid.Nil || m.Type() == "Organization" {
		return uuid.Nil
	}
	if p := auth.FromContext(ctx); p != nil && p.OrganizationID != uuid.Nil {
		return uuid.Nil
	}
	if _, ok := m.Field("organization_id"); ok {
		return uuid.Nil
	}
	org, err := m.OldField(ctx, "organization_id")
	if err != nil {
		return uuid.Nil // an entity without an organization
	}
	id, _ := org.(uuid.UUID)
	return id
}

// NewEntry starts a record of the scope's mutation by the context's principal.
func NewEntry(ctx context.Context, scope *Scope) Entry {
	e := Entry{Action: scope.Action, Address: scope.Address, UserAgent: scope.UserAgent, ActorType: "anonymous", OccurredAt: time.Now()}
	if p := auth.FromContext(ctx); p != nil {
		e.OrganizationID = p.OrganizationID
		switch p.Kind {
		case auth.KindAPIKey:
			e.ActorType, e.ActorID = "api_key", p.APIKeyID
		default:
			e.ActorType, e.ActorID = "user", p.UserID
		}
	}
	for s := scope; s != nil; s = s.parent {
		s.Recorded++
	}
	return e
}

// Write inserts a record on db (a mutation, a transaction or a client): the
// one-row case of WriteMany.
func Write(ctx context.Context, db execer, e Entry) error {
	return WriteMany(ctx, db, []Entry{e})
}

func nullable(id uuid.UUID) any {
	if id == uuid.Nil {
		return nil
	}
	return id
}

func operation(op ent.Op) string {
	switch {
	case op.Is(ent.OpCreate):
		return "create"
	case op.Is(ent.OpDelete | ent.OpDeleteOne):
		return "delete"
	}
	return "update"
}

// Changes are the fields a mutation sets (cleared ones as null), with secrets redacted.
func Changes(m ent.Mutation) map[string]any {
	out := map[string]any{}
	for _, name := range m.Fields() {
		v, _ := m.Field(name)
		if redacted(name) {
			v = "[redacted]"
		}
		out[name] = v
	}
	for _, name := range m.ClearedFields() {
		out[name] = nil
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// redacted names fields whose values never reach an audit record: hashes,
// secrets, passwords, tokens and verifiers.
func redacted(name string) bool {
	return strings.HasSuffix(name, "_hash") || strings.Contains(name, "secret") ||
		strings.Contains(name, "password") || strings.Contains(name, "credential") || name == "token" || name == "code_verifier"
}
