package video

import (
	"context"
	"errors"
	"strings"

	"github.com/google/uuid"
	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/internal/blobs"
	"github.com/vidra-dev/vidra/internal/captions"
	"github.com/vidra-dev/vidra/internal/captionstore"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
)

// Bounds of captions.
const (
	// MaxCaptionSize bounds a caption file's bytes.
	MaxCaptionSize     = 1 << 20
	maxCaptionLabelLen = 100
)

// CaptionLanguage checks a BCP 47 language tag and returns its canonical form.
func CaptionLanguage(tag string) (string, error) {
	t, err := language.Parse(strings.TrimSpace(tag))
	if err != nil || t == language.Und {
		return "", fault.FieldError("language", "%q is not a BCP 47 language tag (e.g. en, pt-BR)", tag)
	}
	return t.String(), nil
}

// UploadCaption validates a WebVTT or SRT track, stores it as WebVTT and records
// it as the video's caption for the language, replacing (and scheduling for
// removal) the one it had, with caption.ready. read reads the file (at most
// MaxCaptionSize bytes); it is called once the other arguments have passed.
// An upload over an automatic track is a correction of it
// (captionstore.Save).
func (s *Service) UploadCaption(ctx context.Context, videoID uuid.UUID, lang string, label *string, read func() ([]byte, error)) (saved *ent.Caption, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		saved, err = s.uploadCaption(ctx, client, videoID, lang, label, read)
		return err
	})
	return saved, err
}

// uploadCaption is UploadCaption in the transaction of client.
func (s *Service) uploadCaption(ctx context.Context, client *ent.Client, videoID uuid.UUID, lang string, label *string, read func() ([]byte, error)) (*ent.Caption, error) {
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	tag, err := CaptionLanguage(lang)
	if err != nil {
		return nil, err
	}
	name := ""
	if label != nil {
		name = strings.TrimSpace(*label)
	}
	if len([]rune(name)) > maxCaptionLabelLen {
		return nil, fault.FieldError("label", "a label has at most %d characters", maxCaptionLabelLen)
	}
	data, err := read()
	if err != nil {
		return nil, err
	}
	vtt, format, err := captions.ToWebVTT(data)
	var ce *captions.Error
	if errors.As(err, &ce) {
		return nil, fault.FieldError("file", "invalid caption file: %s", ce.Error())
	}
	if err != nil {
		return nil, err
	}
	key := blobs.NewKey(blobs.VideoPrefix(v.ProjectID, v.ID)+"captions/", ".vtt")
	if err := blobs.Write(ctx, s.bucket, key, "text/vtt; charset=utf-8", vtt); err != nil {
		return nil, err
	}
	saved, err := captionstore.Save(ctx, client, v, captionstore.Track{Language: tag, Label: name,
		Format: caption.SourceFormat(format), BlobKey: key, Size: int64(len(vtt))})
	if err != nil {
		blobs.Discard(ctx, s.bucket, s.log, key)
		return nil, err
	}
	if err := s.record(ctx, events.CaptionReady, v.ProjectID, events.Caption(saved, v.ProjectID)); err != nil {
		blobs.Discard(ctx, s.bucket, s.log, key)
		return nil, err
	}
	return saved, nil
}

// EditCaption replaces the track of one caption of a video with a corrected
// WebVTT or SRT file (UploadCaption's rules, in the caption's language); the
// label is kept when nil. NOT_FOUND when the video has no such caption.
func (s *Service) EditCaption(ctx context.Context, videoID, id uuid.UUID, label *string, read func() ([]byte, error)) (saved *ent.Caption, err error) {
	err = s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := videoCaption(ctx, client, videoID, id)
		if err != nil {
			return err
		}
		if label == nil {
			label = &c.Label
		}
		saved, err = s.uploadCaption(ctx, client, videoID, c.Language, label, read)
		return err
	})
	return saved, err
}

// Caption loads a caption of a video; NOT_FOUND when the video has no such caption.
func (s *Service) Caption(ctx context.Context, videoID, id uuid.UUID) (*ent.Caption, error) {
	return videoCaption(ctx, s.db(ctx), videoID, id)
}

// videoCaption loads a caption of a video; NOT_FOUND when the video has no such caption.
func videoCaption(ctx context.Context, client *ent.Client, videoID, id uuid.UUID) (*ent.Caption, error) {
	c, err := client.Caption.Query().Where(caption.ID(id), caption.VideoID(videoID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, fault.NotFound("caption")
	}
	return c, err
}

// Captions lists a video's captions by language.
func (s *Service) Captions(ctx context.Context, videoID uuid.UUID) ([]*ent.Caption, error) {
	client := s.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.Caption.Query().Where(caption.VideoID(videoID)).Order(caption.ByLanguage()).All(ctx)
}

// DeleteCaption deletes a caption and schedules its blob for removal.
func (s *Service) DeleteCaption(ctx context.Context, videoID, id uuid.UUID) (uuid.UUID, error) {
	err := s.inTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := videoCaption(ctx, client, videoID, id)
		if err != nil {
			return err
		}
		v, err := client.Video.Get(ctx, videoID)
		if err != nil {
			return err
		}
		// The delete first: the tenancy rules decide it before any removal is owed.
		if err := client.Caption.DeleteOne(c).Exec(ctx); err != nil {
			return err
		}
		return blobs.ScheduleDeletions(ctx, client, v.ProjectID, "caption deleted", blobs.Owed{Key: c.BlobKey})
	})
	if err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// CaptionText reads a caption's WebVTT text from blob storage.
func (s *Service) CaptionText(ctx context.Context, c *ent.Caption) (string, error) {
	data, err := s.bucket.ReadAll(ctx, c.BlobKey)
	if err != nil {
		return "", err
	}
	return string(data), nil
}
