package graph

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/blobs"
)

// Blob keys are laid out per project (internal/blobs); these name its functions
// for the graph files that write or orphan blobs.

// projectBlobPrefix is the prefix of every blob of a project (blobs.ProjectPrefix).
func projectBlobPrefix(projectID uuid.UUID) string { return blobs.ProjectPrefix(projectID) }

// videoBlobPrefix is the prefix of every blob of a video (blobs.VideoPrefix).
func videoBlobPrefix(projectID, videoID uuid.UUID) string {
	return blobs.VideoPrefix(projectID, videoID)
}

// mediaBlobPrefix owes the media pipeline's blobs of a video (blobs.Media).
func mediaBlobPrefix(videoID uuid.UUID) blobOwed {
	m := blobs.Media(videoID)
	return blobOwed{key: m.Key, prefix: m.Prefix}
}

// newBlobKey returns a fresh key under prefix (blobs.NewKey).
func newBlobKey(prefix, ext string) string { return blobs.NewKey(prefix, ext) }

// blobOwed is a blob (or key prefix) that a change orphans.
type blobOwed struct {
	key    string
	prefix bool
}

// scheduleBlobDeletions records blobs owed for removal in the caller's transaction
// (blobs.ScheduleDeletions); the media jobs delete them after the change commits.
func scheduleBlobDeletions(ctx context.Context, client *ent.Client, projectID uuid.UUID, reason string, owed ...blobOwed) error {
	out := make([]blobs.Owed, len(owed))
	for i, o := range owed {
		out[i] = blobs.Owed{Key: o.key, Prefix: o.prefix}
	}
	return blobs.ScheduleDeletions(ctx, client, projectID, reason, out...)
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

// writeBlob stores data under key with its content type (blobs.Write).
func (r *Resolver) writeBlob(ctx context.Context, key, contentType string, data []byte) error {
	return blobs.Write(ctx, r.bucket, key, contentType, data)
}

// discardBlob removes a blob written for a change that failed, best effort
// (blobs.Discard).
func (r *Resolver) discardBlob(ctx context.Context, key string) {
	blobs.Discard(ctx, r.bucket, r.log, key)
}
