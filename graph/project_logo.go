package graph

import (
	"context"
	"net/http"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/blobs"
)

// maxLogoSize is the largest logo image accepted, in bytes.
const maxLogoSize = 2 << 20

// logoTypes are the image types accepted as logos (by content, not by the name or
// type the client claims), with the extension their blobs get.
var logoTypes = map[string]string{
	"image/png":  ".png",
	"image/jpeg": ".jpg",
	"image/gif":  ".gif",
	"image/webp": ".webp",
}

// uploadProjectLogo stores an image as the project's logo; the logo it replaces is
// scheduled for removal.
func (r *Resolver) uploadProjectLogo(ctx context.Context, projectID uuid.UUID, file graphql.Upload) (*ent.Project, error) {
	client := r.db(ctx)
	p, err := client.Project.Get(ctx, projectID)
	if err != nil {
		return nil, err
	}
	data, err := readUpload(file, maxLogoSize, "file")
	if err != nil {
		return nil, err
	}
	contentType := http.DetectContentType(data)
	ext, ok := logoTypes[contentType]
	if !ok {
		return nil, FieldError("file", "the logo must be a PNG, JPEG, GIF or WebP image (got %s)", contentType)
	}
	key := blobs.NewKey(blobs.ProjectPrefix(projectID)+"logo/", ext)
	if err := blobs.Write(ctx, r.bucket, key, contentType, data); err != nil {
		return nil, err
	}
	// The change first: the tenancy rules decide it before any removal is owed.
	updated, err := client.Project.UpdateOne(p).SetLogo(key).Save(ctx)
	if err != nil {
		blobs.Discard(ctx, r.bucket, r.log, key)
		return nil, err
	}
	if p.Logo != "" {
		if err := blobs.ScheduleDeletions(ctx, client, projectID, "logo replaced", blobs.Owed{Key: p.Logo}); err != nil {
			blobs.Discard(ctx, r.bucket, r.log, key)
			return nil, err
		}
	}
	return updated, nil
}
