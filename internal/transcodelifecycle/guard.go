package transcodelifecycle

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
)

// markKey is the context key of the mark the moves put on their context.
type markKey struct{}

// mark is ctx carrying the lifecycle's mark, which lets Guard pass a status write.
func mark(ctx context.Context) context.Context {
	return context.WithValue(ctx, markKey{}, true)
}

// marked reports whether ctx carries the lifecycle's mark.
func marked(ctx context.Context) bool {
	ok, _ := ctx.Value(markKey{}).(bool)
	return ok
}

// ForTest marks ctx so that a test fixture may set any status directly (a
// job running or finished without running the flow that leads there). Only
// tests call it; production code moves a status with the event functions.
func ForTest(ctx context.Context) context.Context { return mark(ctx) }

// Guard is the ent hook of the TranscodingJob schema that refuses, with
// ErrOutsideLifecycle, any create or update setting the status without the
// lifecycle's mark. A create may leave the field's default (queued).
func Guard() ent.Hook {
	return func(next ent.Mutator) ent.Mutator {
		return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
			sm, ok := m.(*ent.TranscodingJobMutation)
			if !ok || marked(ctx) {
				return next.Mutate(ctx, m)
			}
			status, set := sm.Status()
			if set && !(m.Op().Is(ent.OpCreate) && status == transcodingjob.DefaultStatus) {
				return nil, fmt.Errorf("%w: %s of a transcoding job setting status %s", ErrOutsideLifecycle, m.Op(), status)
			}
			return next.Mutate(ctx, m)
		})
	}
}
