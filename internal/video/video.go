package video

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	projectlib "github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/sliceset"
)

// checkRefs checks that a video's folder and tags belong to its project.
func checkRefs(ctx context.Context, client *ent.Client, projectID uuid.UUID, folderID *uuid.UUID, tagIDs []uuid.UUID) error {
	if folderID != nil {
		if _, err := FolderInProject(ctx, client, *folderID, projectID, "folderID"); err != nil {
			return err
		}
	}
	if len(tagIDs) == 0 {
		return nil
	}
	n, err := client.Tag.Query().Where(tag.IDIn(tagIDs...), tag.ProjectID(projectID)).Count(ctx)
	if err != nil {
		return err
	}
	if n != len(sliceset.Unique(tagIDs)) {
		return fault.FieldError("tagIDs", "a tag does not exist in this project")
	}
	return nil
}

// Create creates a video record in a project (its media arrives by upload) and
// records video.created.
func (s *Service) Create(ctx context.Context, input ent.CreateVideoInput) (v *ent.Video, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if err := projectlib.Require(ctx, client, input.ProjectID, "projectID"); err != nil {
			return err
		}
		if err := checkRefs(ctx, client, input.ProjectID, input.FolderID, input.TagIDs); err != nil {
			return err
		}
		v, err = client.Video.Create().SetInput(input).Save(ctx)
		if err != nil {
			return err
		}
		return s.record(ctx, events.VideoCreated, v.ProjectID, events.Video(v))
	})
	return v, err
}

// Update changes a video's details, keeping its folder and tags in its project.
func (s *Service) Update(ctx context.Context, id uuid.UUID, input ent.UpdateVideoInput) (v *ent.Video, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		old, err := client.Video.Get(ctx, id)
		if err != nil {
			return err
		}
		if err := checkRefs(ctx, client, old.ProjectID, input.FolderID, input.AddTagIDs); err != nil {
			return err
		}
		v, err = client.Video.UpdateOne(old).SetInput(input).Save(ctx)
		return err
	})
	return v, err
}

// Delete deletes one video with its captions and chapters, records video.deleted
// and schedules its media for removal.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, id)
		if err != nil {
			return err
		}
		gone, err := removeVideos(ctx, client, []uuid.UUID{id})
		if err != nil {
			return err
		}
		return s.videosRemoved(ctx, client, v.ProjectID, gone, "video deleted")
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// removeVideos deletes the rows of videos (the tenancy rules decide) and returns
// them as they were; it records nothing, so that a principal who may see a video
// but not delete it is refused whole (FORBIDDEN) with nothing recorded.
func removeVideos(ctx context.Context, client *ent.Client, ids []uuid.UUID) ([]*ent.Video, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	vs, err := client.Video.Query().Where(video.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, err
	}
	n, err := client.Video.Delete().Where(video.IDIn(ids...)).Exec(ctx)
	if err != nil {
		return nil, err
	}
	if n != len(ids) {
		return nil, fault.Errorf(fault.KindNotFound, "%d of the videos were not found", len(ids)-n)
	}
	return vs, nil
}

// videosRemoved records what the deletion of videos owes, once their rows are
// gone: a video.deleted event each and the removal of their media.
func (s *Service) videosRemoved(ctx context.Context, client *ent.Client, projectID uuid.UUID, vs []*ent.Video, reason string) error {
	owed := make([]blobs.Owed, 0, 2*len(vs))
	for _, v := range vs {
		if err := s.record(ctx, events.VideoDeleted, v.ProjectID, events.Video(v)); err != nil {
			return err
		}
		owed = append(owed, blobs.Video(projectID, v.ID)...)
	}
	if len(owed) == 0 {
		return nil
	}
	return blobs.ScheduleDeletions(ctx, client, projectID, reason, owed...)
}
