package schema

import (
	"context"

	"entgo.io/ent"
	"entgo.io/ent/schema/mixin"

	"github.com/vidra-dev/vidra/ent/intercept"
	"github.com/vidra-dev/vidra/internal/audit"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// tenantMixin puts an entity under its tenancy rule (package tenancy): an
// interceptor filters every query of it, a hook checks every mutation, and the
// audit hook records what a GraphQL mutation changed, in the same transaction.
type tenantMixin struct {
	mixin.Schema
	rule  tenancy.Rule
	audit bool
}

// tenant is the mixin of an audited entity under rule.
func tenant(rule tenancy.Rule) ent.Mixin { return tenantMixin{rule: rule, audit: true} }

// Interceptors of the tenantMixin.
func (m tenantMixin) Interceptors() []ent.Interceptor {
	return []ent.Interceptor{ent.TraverseFunc(func(ctx context.Context, q ent.Query) error {
		wq, err := intercept.NewQuery(q)
		if err != nil {
			return err
		}
		return tenancy.Filter(ctx, m.rule, q, wq)
	})}
}

// Hooks of the tenantMixin: the tenancy check runs first, so the audit hook sees
// exactly the rows that change.
func (m tenantMixin) Hooks() []ent.Hook {
	if !m.audit {
		return []ent.Hook{tenancy.Hook(m.rule)}
	}
	return []ent.Hook{tenancy.Hook(m.rule), audit.Hook()}
}
