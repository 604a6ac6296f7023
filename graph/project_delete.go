package graph

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/accesscontrol"
	"github.com/vidra-dev/vidra/ent/advertisement"
	"github.com/vidra-dev/vidra/ent/encodingprofile"
	"github.com/vidra-dev/vidra/ent/folder"
	"github.com/vidra-dev/vidra/ent/importer"
	"github.com/vidra-dev/vidra/ent/importitem"
	"github.com/vidra-dev/vidra/ent/importmigration"
	"github.com/vidra-dev/vidra/ent/player"
	"github.com/vidra-dev/vidra/ent/projectsetting"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/events"
)

// softDeleteProject deletes a project: its row stays, marked deleted and hidden from
// every query (so usage and audit records keep their reference), its content rows are
// removed, and all its blobs (logo, video media, captions) are recorded as owed for
// removal in the same transaction, for the media jobs to delete after commit.
func (r *Resolver) softDeleteProject(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	if err := requireProject(ctx, client, id, ""); err != nil {
		return uuid.Nil, err
	}
	// The media pipeline's blobs of each video live outside the project's prefix.
	videoIDs, err := client.Video.Query().Where(video.ProjectID(id)).IDs(ctx)
	if err != nil {
		return uuid.Nil, err
	}
	owed := []blobOwed{{key: projectBlobPrefix(id), prefix: true}}
	for _, v := range videoIDs {
		owed = append(owed, mediaBlobPrefix(v))
	}
	if err := scheduleBlobDeletions(ctx, client, id, "project deleted", owed...); err != nil {
		return uuid.Nil, err
	}
	// Importers with their migrations and items go first: items refer to videos.
	if _, err := client.ImportItem.Delete().Where(importitem.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.ImportMigration.Delete().Where(importmigration.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.Importer.Delete().Where(importer.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	// Captions, chapters, renditions, thumbnails, tag links and search documents go
	// with their videos.
	if _, err := client.Video.Delete().Where(video.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.Tag.Delete().Where(tag.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if err := client.Folder.Update().Where(folder.ProjectID(id)).ClearParentID().Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.Folder.Delete().Where(folder.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.ProjectSetting.Delete().Where(projectsetting.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.AccessControl.Delete().Where(accesscontrol.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.Player.Delete().Where(player.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.Advertisement.Delete().Where(advertisement.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if _, err := client.EncodingProfile.Delete().Where(encodingprofile.ProjectID(id)).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if err := client.Project.UpdateOneID(id).SetDeletedAt(time.Now()).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// deleteVideos deletes videos of one project and schedules their media for removal.
func deleteVideos(ctx context.Context, client *ent.Client, projectID uuid.UUID, ids []uuid.UUID, reason string) error {
	if len(ids) == 0 {
		return nil
	}
	owed := make([]blobOwed, 0, 2*len(ids))
	for _, id := range ids {
		owed = append(owed, blobOwed{key: videoBlobPrefix(projectID, id), prefix: true}, mediaBlobPrefix(id))
	}
	if err := scheduleBlobDeletions(ctx, client, projectID, reason, owed...); err != nil {
		return err
	}
	_, err := client.Video.Delete().Where(video.IDIn(ids...)).Exec(ctx)
	return err
}

// deleteVideo deletes one video with its captions and chapters and schedules its
// media for removal.
func (r *Resolver) deleteVideo(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	v, err := client.Video.Get(ctx, id)
	if err != nil {
		return uuid.Nil, err
	}
	if err := r.recordEvent(ctx, events.VideoDeleted, v.ProjectID, events.Video(v)); err != nil {
		return uuid.Nil, err
	}
	if err := deleteVideos(ctx, client, v.ProjectID, []uuid.UUID{id}, "video deleted"); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}
