package usage

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
)

// StoreSource records a video's source blob (an upload, an import or a clip's
// cut) as stored from at, in the caller's transaction (tx is the transaction's
// client), replacing the record of a source the key held before.
func StoreSource(ctx context.Context, tx *ent.Client, project, video uuid.UUID, key string, bytes int64, at time.Time) error {
	org, err := OrganizationOf(ctx, tx, project)
	if err != nil {
		return err
	}
	if err := Unstore(ctx, tx, project, key, false, at); err != nil {
		return err
	}
	return Store(ctx, tx, Object{Organization: org, Project: project, Video: video, Key: key, Bytes: bytes, At: at})
}
