package graph

import (
	"context"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
)

// maxBatch caps how many ids one batch operation takes.
const maxBatch = 500

// assignVideosToFolder moves videos of a project into one of its folders (the root
// when folderID is nil), all or none, in two statements plus the read-back.
func (r *Resolver) assignVideosToFolder(ctx context.Context, projectID uuid.UUID, videoIDs []uuid.UUID, folderID *uuid.UUID) ([]*ent.Video, error) {
	client := r.db(ctx)
	ids := unique(videoIDs)
	switch {
	case len(ids) == 0:
		return nil, FieldError("videoIDs", "give at least one video")
	case len(ids) > maxBatch:
		return nil, FieldError("videoIDs", "at most %d videos at once", maxBatch)
	}
	if err := requireProject(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if folderID != nil {
		if _, err := folderInProject(ctx, client, *folderID, projectID, "folderID"); err != nil {
			return nil, err
		}
	}
	update := client.Video.Update().Where(video.IDIn(ids...), video.ProjectID(projectID))
	if folderID == nil {
		update.ClearFolderID()
	} else {
		update.SetFolderID(*folderID)
	}
	n, err := update.Save(ctx)
	if err != nil {
		return nil, err
	}
	if n != len(ids) {
		return nil, FieldError("videoIDs", "%d of the videos do not exist in this project", len(ids)-n)
	}
	moved, err := client.Video.Query().Where(video.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	return inOrder(moved, ids, func(v *ent.Video) uuid.UUID { return v.ID }), nil
}
