package video

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/sliceset"
)

// MaxBatch caps how many ids one batch operation takes.
const MaxBatch = 500

// AssignToFolder moves videos of a project into one of its folders (the root
// when folderID is nil), all or none, in two statements plus the read-back.
func (s *Service) AssignToFolder(ctx context.Context, projectID uuid.UUID, videoIDs []uuid.UUID, folderID *uuid.UUID) (moved []*ent.Video, err error) {
	ids := sliceset.Unique(videoIDs)
	switch {
	case len(ids) == 0:
		return nil, fault.FieldError("videoIDs", "give at least one video")
	case len(ids) > MaxBatch:
		return nil, fault.FieldError("videoIDs", "at most %d videos at once", MaxBatch)
	}
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		moved, err = assignToFolder(ctx, client, projectID, ids, folderID)
		return err
	})
	return moved, err
}

// assignToFolder is AssignToFolder of distinct ids in the transaction of client.
func assignToFolder(ctx context.Context, client *ent.Client, projectID uuid.UUID, ids []uuid.UUID, folderID *uuid.UUID) ([]*ent.Video, error) {
	if err := projectlib.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	if folderID != nil {
		if _, err := FolderInProject(ctx, client, *folderID, projectID, "folderID"); err != nil {
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
		return nil, fault.FieldError("videoIDs", "%d of the videos do not exist in this project", len(ids)-n)
	}
	moved, err := client.Video.Query().Where(video.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	return inOrder(moved, ids, func(v *ent.Video) uuid.UUID { return v.ID }), nil
}
