package staticrendition

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/usage"
)

// Delete deletes a static rendition, schedules its file's removal and ends
// the file's storage billing, in one transaction; a job making it meanwhile
// finds the row gone and removes what it wrote.
func (s *Service) Delete(ctx context.Context, videoID, id uuid.UUID) (uuid.UUID, error) {
	err := txn.Join(ctx, s.d.Client, func(ctx context.Context, client *ent.Client) error {
		sr, err := videoStaticRendition(ctx, client, videoID, id)
		if err != nil {
			return err
		}
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		// The delete first: the tenancy rules decide it before any removal is owed.
		if err := client.StaticRendition.DeleteOne(sr).Exec(ctx); err != nil {
			return err
		}
		prefix := jobs.StaticRenditionPrefix(v.ID, sr.ID)
		if err := usage.Unstore(ctx, client, v.ProjectID, prefix, true, time.Now()); err != nil {
			return err
		}
		return blobs.ScheduleDeletions(ctx, client, v.ProjectID, "static rendition deleted", blobs.Owed{Key: prefix, Prefix: true})
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}
