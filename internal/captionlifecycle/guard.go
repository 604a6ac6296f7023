package captionlifecycle

import (
	"context"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/captiongeneration"
	"github.com/vidra-dev/vidra/internal/statusguard"
)

// guard is the one mark and hook of this lifecycle (internal/statusguard).
var guard = statusguard.New("a caption generation", captiongeneration.DefaultStatus,
	func(m *ent.CaptionGenerationMutation) (captiongeneration.Status, bool) { return m.Status() }, ErrOutsideLifecycle)

// mark is ctx carrying the lifecycle's mark, which lets Guard pass a status write.
func mark(ctx context.Context) context.Context { return guard.Mark(ctx) }

// ForTest marks ctx so that a test fixture may set any status directly. Only
// tests call it; production code moves a status with the event functions.
func ForTest(ctx context.Context) context.Context { return mark(ctx) }

// Guard is the ent hook of the CaptionGeneration schema that refuses, with
// ErrOutsideLifecycle, any create or update setting the status without the
// lifecycle's mark. A create may leave the field's default (queued).
func Guard() ent.Hook { return guard.Hook() }
