package graph

import (
	"bytes"
	"context"
	"fmt"
	"image"
	_ "image/jpeg" // decode uploaded thumbnails
	_ "image/png"
	"io"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/thumbnail"
)

// maxThumbnailBytes bounds an uploaded thumbnail.
const maxThumbnailBytes = 10 << 20

// thumbnailTypes are the image types accepted, by sniffed content type.
var thumbnailTypes = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}

// uploadThumbnail stores an uploaded image as a custom thumbnail of the video and
// makes it the default. The blob is written before the row; a rolled-back
// mutation leaves only an unreferenced image.
func (r *Resolver) uploadThumbnail(ctx context.Context, videoID uuid.UUID, file graphql.Upload) (*ent.Thumbnail, error) {
	client := r.db(ctx)
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	if file.Size > maxThumbnailBytes {
		return nil, &Error{Kind: KindTooLarge, Field: "file", Message: fmt.Sprintf("the image is over %d bytes", maxThumbnailBytes)}
	}
	data, err := io.ReadAll(io.LimitReader(file.File, maxThumbnailBytes+1))
	if err != nil {
		return nil, FieldError("file", "reading the upload failed")
	}
	if len(data) > maxThumbnailBytes {
		return nil, &Error{Kind: KindTooLarge, Field: "file", Message: fmt.Sprintf("the image is over %d bytes", maxThumbnailBytes)}
	}
	ctype := http.DetectContentType(data)
	ext, ok := thumbnailTypes[ctype]
	if !ok {
		return nil, FieldError("file", "must be a JPEG, PNG or WebP image (got %s)", strings.Split(ctype, ";")[0])
	}
	var w, h int
	if ext != "webp" {
		cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return nil, FieldError("file", "the image cannot be decoded")
		}
		w, h = cfg.Width, cfg.Height
	}
	id := uuid.Must(uuid.NewV7())
	key := fmt.Sprintf("videos/%s/images/custom_%s.%s", v.ID, id, ext)
	if err := r.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: ctype}); err != nil {
		return nil, err
	}
	if err := client.Thumbnail.Update().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).SetIsDefault(false).Exec(ctx); err != nil {
		return nil, err
	}
	return client.Thumbnail.Create().SetID(id).SetVideoID(v.ID).SetKey(key).
		SetKind(thumbnail.KindCustom).SetContentType(ctype).SetWidth(w).SetHeight(h).
		SetIsDefault(true).Save(ctx)
}

// setDefaultThumbnail makes one thumbnail of a video its default (the poster).
func (r *Resolver) setDefaultThumbnail(ctx context.Context, videoID, thumbnailID uuid.UUID) (*ent.Thumbnail, error) {
	client := r.db(ctx)
	t, err := client.Thumbnail.Query().Where(thumbnail.ID(thumbnailID), thumbnail.VideoID(videoID)).Only(ctx)
	if err != nil {
		return nil, err
	}
	if err := client.Thumbnail.Update().Where(thumbnail.VideoID(videoID), thumbnail.IDNEQ(thumbnailID)).SetIsDefault(false).Exec(ctx); err != nil {
		return nil, err
	}
	return client.Thumbnail.UpdateOne(t).SetIsDefault(true).Save(ctx)
}

// thumbnailURL is where a thumbnail is served.
func (r *Resolver) thumbnailURL(t *ent.Thumbnail) string {
	ext := thumbnailTypes[t.ContentType]
	if ext == "" {
		ext = "jpg"
	}
	return r.playURL(t.VideoID, "thumbnails/"+t.ID.String()+"."+ext)
}
