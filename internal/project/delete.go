package project

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
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/player"
	"github.com/vidra-dev/vidra/ent/projectsetting"
	"github.com/vidra-dev/vidra/ent/tag"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Delete deletes a project: its row stays, marked deleted and hidden from
// every query (so usage and audit records keep their reference), its content
// rows are removed, and all its blobs (logo, video media, captions) are
// recorded as owed for removal in the same transaction, for the media jobs to
// delete after commit.
func (s *Service) Delete(ctx context.Context, id uuid.UUID) (uuid.UUID, error) {
	err := txn.Join(ctx, s.client, func(ctx context.Context, client *ent.Client) error {
		if err := Require(ctx, client, id, ""); err != nil {
			return err
		}
		// Marking the project is the delete the tenancy rules decide (the delete
		// permission on the project), so it goes first: a refused principal changes
		// and records nothing.
		if err := client.Project.UpdateOneID(id).SetDeletedAt(time.Now()).Exec(ctx); err != nil {
			return err
		}
		// Its content goes with it, whatever the principal's rights in its areas:
		// deleting a project is the right to delete all of it. Same transaction.
		return deleteContent(tenancy.SystemContext(ctx, "content of a deleted project"), client, id)
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// deleteContent removes a project's content rows and owes its blobs, in the
// transaction of client.
func deleteContent(sys context.Context, client *ent.Client, id uuid.UUID) error {
	// The media pipeline's blobs of each video live outside the project's prefix.
	videoIDs, err := client.Video.Query().Where(video.ProjectID(id)).IDs(sys)
	if err != nil {
		return err
	}
	owed := []blobs.Owed{{Key: blobs.ProjectPrefix(id), Prefix: true}}
	for _, v := range videoIDs {
		owed = append(owed, blobs.Media(v))
	}
	if err := blobs.ScheduleDeletions(sys, client, id, "project deleted", owed...); err != nil {
		return err
	}
	// Importers with their migrations and items go first: items refer to videos.
	if _, err := client.ImportItem.Delete().Where(importitem.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.ImportMigration.Delete().Where(importmigration.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.Importer.Delete().Where(importer.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	// Live streams take their sessions and simulcast targets with them (the
	// foreign keys cascade); ingest nodes kick their publishers on the notice.
	if _, err := client.LiveStream.Delete().Where(livestream.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	// Captions, chapters, renditions, thumbnails, tag links and search documents go
	// with their videos.
	if _, err := client.Video.Delete().Where(video.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.Tag.Delete().Where(tag.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	// The parent key is ON DELETE SET NULL: one statement removes the whole tree.
	if _, err := client.Folder.Delete().Where(folder.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.ProjectSetting.Delete().Where(projectsetting.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.AccessControl.Delete().Where(accesscontrol.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.Player.Delete().Where(player.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	if _, err := client.Advertisement.Delete().Where(advertisement.ProjectID(id)).Exec(sys); err != nil {
		return err
	}
	_, err = client.EncodingProfile.Delete().Where(encodingprofile.ProjectID(id)).Exec(sys)
	return err
}
