package captiongen

import (
	"context"
	"errors"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/captionlifecycle"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Cancel cancels a queued or running generation of a video; a running job
// sees it within seconds and stops its engine. CONFLICT when the generation
// has already ended (nothing changes).
func (s *Service) Cancel(ctx context.Context, videoID, id uuid.UUID) (out *ent.CaptionGeneration, err error) {
	err = txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		g, err := videoGeneration(ctx, client, videoID, id)
		if err != nil {
			return err
		}
		out, err = captionlifecycle.Canceled(ctx, client.CaptionGeneration.UpdateOne(g))
		if errors.Is(err, captionlifecycle.ErrRefused) {
			return fault.Errorf(fault.KindConflict, "the caption generation has already ended: it is %s", g.Status)
		}
		return err
	})
	return out, err
}
