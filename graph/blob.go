package graph

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/usage"
	"gocloud.dev/blob"
)

// Blob keys are laid out per project so that one prefix removes all of a project's
// media: projects/<project>/logo/..., projects/<project>/videos/<video>/...

// projectBlobPrefix is the prefix of every blob of a project.
func projectBlobPrefix(projectID uuid.UUID) string {
	return "projects/" + projectID.String() + "/"
}

// videoBlobPrefix is the prefix of every blob of a video (source, renditions,
// images, captions).
func videoBlobPrefix(projectID, videoID uuid.UUID) string {
	return projectBlobPrefix(projectID) + "videos/" + videoID.String() + "/"
}

// mediaBlobPrefix owes the media pipeline's blobs of a video (source, HLS,
// thumbnails, storyboard), which it keeps under jobs.VideoPrefix.
func mediaBlobPrefix(videoID uuid.UUID) blobOwed {
	return blobOwed{key: jobs.VideoPrefix(videoID), prefix: true}
}

// newBlobKey returns a fresh key under prefix; keys are never reused, so a blob
// written for a change that rolls back never overwrites one that is in use.
func newBlobKey(prefix, ext string) string {
	return prefix + uuid.Must(uuid.NewV7()).String() + ext
}

// blobOwed is a blob (or key prefix) that a change orphans.
type blobOwed struct {
	key    string
	prefix bool
}

// scheduleBlobDeletions records blobs owed for removal in the caller's transaction;
// the media jobs delete them after the change commits.
func scheduleBlobDeletions(ctx context.Context, client *ent.Client, projectID uuid.UUID, reason string, owed ...blobOwed) error {
	const chunk = 1000
	// Storage stops being billed with the change that owes the removal.
	now := time.Now()
	for _, o := range owed {
		if err := usage.Unstore(ctx, client, projectID, o.key, o.prefix, now); err != nil {
			return err
		}
	}
	for len(owed) > 0 {
		n := min(chunk, len(owed))
		builders := make([]*ent.BlobDeletionCreate, n)
		for i, o := range owed[:n] {
			builders[i] = client.BlobDeletion.Create().
				SetKey(o.key).
				SetPrefix(o.prefix).
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

// readUpload reads an uploaded file of at most limit bytes; field names the argument.
func readUpload(file graphql.Upload, limit int64, field string) ([]byte, error) {
	if file.Size > limit {
		return nil, &Error{Kind: KindTooLarge, Field: field, Message: fmt.Sprintf("%s is larger than %d bytes", field, limit)}
	}
	data, err := io.ReadAll(io.LimitReader(file.File, limit+1))
	if err != nil {
		return nil, errors.Join(Errorf(KindBadRequest, "could not read %s", field), err)
	}
	if int64(len(data)) > limit {
		return nil, &Error{Kind: KindTooLarge, Field: field, Message: fmt.Sprintf("%s is larger than %d bytes", field, limit)}
	}
	if len(data) == 0 {
		return nil, FieldError(field, "%s is empty", field)
	}
	return data, nil
}

// writeBlob stores data under key with its content type.
func (r *Resolver) writeBlob(ctx context.Context, key, contentType string, data []byte) error {
	w, err := r.bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: contentType})
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}

// discardBlob removes a blob written for a change that failed; best effort, as an
// orphan costs only space.
func (r *Resolver) discardBlob(ctx context.Context, key string) {
	if err := r.bucket.Delete(context.WithoutCancel(ctx), key); err != nil {
		r.log.WarnContext(ctx, "could not remove the blob of a failed change", "key", key, "err", err)
	}
}
