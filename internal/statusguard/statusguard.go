// Package statusguard is what each lifecycle package (internal/videolifecycle,
// internal/live/streamlifecycle, internal/transcodelifecycle) uses to be the one
// writer of its entity's status: a mark its moves put on their context, and an
// ent hook that refuses any create or update setting the status without it.
package statusguard

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
)

// Guard guards the status field of one entity, whose mutations are M and whose
// status values are S.
type Guard[M ent.Mutation, S comparable] struct {
	entity  string
	initial S
	status  func(M) (S, bool)
	refused error
	key     *markKey
}

// markKey is a guard's context key; each guard has its own, so the mark of one
// lifecycle does not let another entity's status through.
type markKey struct{ entity string }

// New is the guard of the entity named entity ("a live stream"): status reads a
// mutation's status and whether it sets one, initial is the field's default (a
// create may leave it), and refused is the error a refusal wraps.
func New[M ent.Mutation, S comparable](entity string, initial S, status func(M) (S, bool), refused error) *Guard[M, S] {
	return &Guard[M, S]{entity: entity, initial: initial, status: status, refused: refused, key: &markKey{entity}}
}

// Mark is ctx carrying the guard's mark, which lets the hook pass a status write.
func (g *Guard[M, S]) Mark(ctx context.Context) context.Context {
	return context.WithValue(ctx, g.key, true)
}

// Marked reports whether ctx carries the guard's mark.
func (g *Guard[M, S]) Marked(ctx context.Context) bool {
	ok, _ := ctx.Value(g.key).(bool)
	return ok
}

// Hook is the ent hook for the entity's schema: a mutation of another type, or
// one under the mark, passes; otherwise setting the status (but to its initial
// value on a create) fails with an error wrapping refused.
func (g *Guard[M, S]) Hook() ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			sm, ok := m.(M)
			if !ok || g.Marked(ctx) {
				return next.Mutate(ctx, m)
			}
			status, set := g.status(sm)
			if set && !(m.Op().Is(ent.OpCreate) && status == g.initial) {
				return nil, fmt.Errorf("%w: %s of %s setting status %v", g.refused, m.Op(), g.entity, status)
			}
			return next.Mutate(ctx, m)
		})
	}
}
