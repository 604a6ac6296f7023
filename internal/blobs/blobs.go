// Package blobs lays out the keys of a project's media in the bucket and records
// the blobs a change orphans (BlobDeletion rows, in the change's transaction) for
// the media jobs to remove once it commits. It is a leaf that graph and the
// domain packages share.
//
// Keys are laid out per project so that one prefix removes all of a project's
// media: projects/<project>/logo/..., projects/<project>/videos/<video>/...
package blobs

import (
	"context"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/usage"
)

// ProjectPrefix is the prefix of every blob of a project.
func ProjectPrefix(projectID uuid.UUID) string {
	return "projects/" + projectID.String() + "/"
}

// VideoPrefix is the prefix of every blob of a video (source, renditions,
// images, captions).
func VideoPrefix(projectID, videoID uuid.UUID) string {
	return ProjectPrefix(projectID) + "videos/" + videoID.String() + "/"
}

// NewKey returns a fresh key under prefix; keys are never reused, so a blob
// written for a change that rolls back never overwrites one that is in use.
func NewKey(prefix, ext string) string {
	return prefix + uuid.Must(uuid.NewV7()).String() + ext
}

// Owed is a blob (or, with Prefix, every blob under a key prefix) that a change
// orphans.
type Owed struct {
	Key    string
	Prefix bool
}

// MediaPrefix is the folder of the media pipeline's blobs of a video
// (source, HLS, thumbnails, storyboard, downloads); jobs.VideoPrefix is it.
func MediaPrefix(videoID uuid.UUID) string { return "videos/" + videoID.String() + "/" }

// Media owes the media pipeline's blobs of a video, under MediaPrefix.
func Media(videoID uuid.UUID) Owed {
	return Owed{Key: MediaPrefix(videoID), Prefix: true}
}

// Video owes every blob of a video: its own prefix and the media pipeline's.
func Video(projectID, videoID uuid.UUID) []Owed {
	return []Owed{{Key: VideoPrefix(projectID, videoID), Prefix: true}, Media(videoID)}
}

// ScheduleDeletions records blobs owed for removal in the caller's transaction
// (client is its client); the media jobs delete them after the change commits.
// Storage stops being billed with the change that owes the removal.
func ScheduleDeletions(ctx context.Context, client *ent.Client, projectID uuid.UUID, reason string, owed ...Owed) error {
	const chunk = 1000
	now := time.Now()
	for _, o := range owed {
		if err := usage.Unstore(ctx, client, projectID, o.Key, o.Prefix, now); err != nil {
			return err
		}
	}
	for len(owed) > 0 {
		n := min(chunk, len(owed))
		builders := make([]*ent.BlobDeletionCreate, n)
		for i, o := range owed[:n] {
			builders[i] = client.BlobDeletion.Create().
				SetKey(o.Key).
				SetPrefix(o.Prefix).
				SetReason(reason).
				SetProjectID(projectID)
		}
		if err := client.BlobDeletion.CreateBulk(builders...).Exec(ctx); err != nil {
			return err
		}
		owed = owed[n:]
	}
	return nil
}
