package subscriptionlifecycle

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/statusguard"
)

// guard is the one mark and hook of this lifecycle (internal/statusguard).
// The initial status is the field's default, "" (billing off).
var guard = statusguard.New("a subscription", "",
	func(m *ent.SubscriptionMutation) (string, bool) { return m.Status() }, ErrOutsideLifecycle)

// mark is ctx carrying the lifecycle's mark, which lets Guard pass a status write.
func mark(ctx context.Context) context.Context { return guard.Mark(ctx) }

// ForTest marks ctx so that a test fixture may set any status directly (a
// subscription active without subscribing). Only tests call it; production
// code writes a status with Created and Moved.
func ForTest(ctx context.Context) context.Context { return mark(ctx) }

// Guard is the ent hook of the Subscription schema that refuses, with
// ErrOutsideLifecycle, any create or update setting the status without the
// lifecycle's mark. A create may leave the field's default ("").
func Guard() ent.Hook { return guard.Hook() }
