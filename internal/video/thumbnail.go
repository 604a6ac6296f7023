package video

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

	"github.com/google/uuid"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/thumbnail"
	"github.com/vidra-dev/vidra/internal/fault"
)

// maxThumbnailBytes bounds an uploaded thumbnail.
const maxThumbnailBytes = 10 << 20

// thumbnailTypes are the image types accepted, by sniffed content type, and
// the extension each is stored and served with.
var thumbnailTypes = map[string]string{"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}

// ThumbnailExtension is the file extension a thumbnail of contentType is
// served with: jpg for a type it does not know (generated thumbnails).
func ThumbnailExtension(contentType string) string {
	if ext := thumbnailTypes[contentType]; ext != "" {
		return ext
	}
	return "jpg"
}

// ImageFile is an uploaded image as the transport received it.
type ImageFile struct {
	// Body is the file's content.
	Body io.Reader
	// Size is the size the transport announced, in bytes; a larger body is
	// refused all the same.
	Size int64
	// Filename and ContentType are what the client said; the content type
	// stored is the one sniffed from the bytes, not this one.
	Filename, ContentType string
}

// tooLargeThumbnail is the refusal of an image over maxThumbnailBytes.
func tooLargeThumbnail() error {
	return &fault.Error{Kind: fault.KindTooLarge, Field: "file", Message: fmt.Sprintf("the image is over %d bytes", maxThumbnailBytes)}
}

// UploadThumbnail stores an uploaded image as a custom thumbnail of the video
// and makes it the default. The image must be a JPEG, PNG or WebP (by its
// content) of at most 10 MiB; a JPEG or PNG must decode. The blob
// is written before the row; a rolled-back change leaves only an
// unreferenced image.
func (s *Service) UploadThumbnail(ctx context.Context, videoID uuid.UUID, file ImageFile) (t *ent.Thumbnail, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		if file.Size > maxThumbnailBytes {
			return tooLargeThumbnail()
		}
		data, err := io.ReadAll(io.LimitReader(file.Body, maxThumbnailBytes+1))
		if err != nil {
			return fault.FieldError("file", "reading the upload failed")
		}
		if len(data) > maxThumbnailBytes {
			return tooLargeThumbnail()
		}
		ctype := http.DetectContentType(data)
		ext, ok := thumbnailTypes[ctype]
		if !ok {
			return fault.FieldError("file", "must be a JPEG, PNG or WebP image (got %s)", strings.Split(ctype, ";")[0])
		}
		var w, h int
		if ext != "webp" {
			cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
			if err != nil {
				return fault.FieldError("file", "the image cannot be decoded")
			}
			w, h = cfg.Width, cfg.Height
		}
		id := uuid.Must(uuid.NewV7())
		key := fmt.Sprintf("videos/%s/images/custom_%s.%s", v.ID, id, ext)
		if err := s.bucket.WriteAll(ctx, key, data, &blob.WriterOptions{ContentType: ctype}); err != nil {
			return err
		}
		if err := client.Thumbnail.Update().Where(thumbnail.VideoID(v.ID), thumbnail.IsDefault(true)).SetIsDefault(false).Exec(ctx); err != nil {
			return err
		}
		t, err = client.Thumbnail.Create().SetID(id).SetVideoID(v.ID).SetKey(key).
			SetKind(thumbnail.KindCustom).SetContentType(ctype).SetWidth(w).SetHeight(h).
			SetIsDefault(true).Save(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}

// SetDefaultThumbnail makes one thumbnail of a video its default (the poster).
func (s *Service) SetDefaultThumbnail(ctx context.Context, videoID, thumbnailID uuid.UUID) (t *ent.Thumbnail, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		t, err = client.Thumbnail.Query().Where(thumbnail.ID(thumbnailID), thumbnail.VideoID(videoID)).Only(ctx)
		if err != nil {
			return err
		}
		if err := client.Thumbnail.Update().Where(thumbnail.VideoID(videoID), thumbnail.IDNEQ(thumbnailID)).SetIsDefault(false).Exec(ctx); err != nil {
			return err
		}
		t, err = client.Thumbnail.UpdateOne(t).SetIsDefault(true).Save(ctx)
		return err
	})
	if err != nil {
		return nil, err
	}
	return t, nil
}
