package graph

import (
	"context"
	"errors"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/internal/captions"
	"github.com/vidra-dev/vidra/internal/events"
)

// Bounds of captions.
const (
	maxCaptionSize     = 1 << 20
	maxCaptionLabelLen = 100
)

// captionLanguage checks a BCP 47 language tag and returns its canonical form.
func captionLanguage(tag string) (string, error) {
	t, err := language.Parse(strings.TrimSpace(tag))
	if err != nil || t == language.Und {
		return "", FieldError("language", "%q is not a BCP 47 language tag (e.g. en, pt-BR)", tag)
	}
	return t.String(), nil
}

// uploadCaption validates a WebVTT or SRT track, stores it as WebVTT and records it
// as the video's caption for the language, replacing (and scheduling for removal)
// the one it had.
func (r *Resolver) uploadCaption(ctx context.Context, videoID uuid.UUID, lang string, label *string, file graphql.Upload) (*ent.Caption, error) {
	client := r.db(ctx)
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return nil, err
	}
	tag, err := captionLanguage(lang)
	if err != nil {
		return nil, err
	}
	name := ""
	if label != nil {
		name = strings.TrimSpace(*label)
	}
	if len([]rune(name)) > maxCaptionLabelLen {
		return nil, FieldError("label", "a label has at most %d characters", maxCaptionLabelLen)
	}
	data, err := readUpload(file, maxCaptionSize, "file")
	if err != nil {
		return nil, err
	}
	vtt, format, err := captions.ToWebVTT(data)
	var ce *captions.Error
	if errors.As(err, &ce) {
		return nil, FieldError("file", "invalid caption file: %s", ce.Error())
	}
	if err != nil {
		return nil, err
	}
	key := newBlobKey(videoBlobPrefix(v.ProjectID, v.ID)+"captions/", ".vtt")
	if err := r.writeBlob(ctx, key, "text/vtt; charset=utf-8", vtt); err != nil {
		return nil, err
	}
	saved, err := r.saveCaption(ctx, client, v, tag, name, caption.SourceFormat(format), key, int64(len(vtt)))
	if err != nil {
		r.discardBlob(ctx, key)
		return nil, err
	}
	if err := r.recordEvent(ctx, events.CaptionReady, v.ProjectID, events.Caption(saved, v.ProjectID)); err != nil {
		r.discardBlob(ctx, key)
		return nil, err
	}
	return saved, nil
}

// saveCaption creates the caption row for a language or replaces the existing one.
func (r *Resolver) saveCaption(ctx context.Context, client *ent.Client, v *ent.Video, tag, label string, format caption.SourceFormat, key string, size int64) (*ent.Caption, error) {
	old, err := client.Caption.Query().Where(caption.VideoID(v.ID), caption.Language(tag)).Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return client.Caption.Create().
			SetVideoID(v.ID).
			SetLanguage(tag).
			SetLabel(label).
			SetSourceFormat(format).
			SetBlobKey(key).
			SetSize(size).
			Save(ctx)
	case err != nil:
		return nil, err
	}
	// The change first: the tenancy rules decide it before any removal is owed.
	saved, err := old.Update().SetLabel(label).SetSourceFormat(format).SetBlobKey(key).SetSize(size).Save(ctx)
	if err != nil {
		return nil, err
	}
	if err := scheduleBlobDeletions(ctx, client, v.ProjectID, "caption replaced", blobOwed{key: old.BlobKey}); err != nil {
		return nil, err
	}
	return saved, nil
}

// videoCaption loads a caption of a video; NOT_FOUND when the video has no such caption.
func videoCaption(ctx context.Context, client *ent.Client, videoID, id uuid.UUID) (*ent.Caption, error) {
	c, err := client.Caption.Query().Where(caption.ID(id), caption.VideoID(videoID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, NotFound("caption")
	}
	return c, err
}

// videoCaptions lists a video's captions by language.
func (r *Resolver) videoCaptions(ctx context.Context, videoID uuid.UUID) ([]*ent.Caption, error) {
	client := r.db(ctx)
	if _, err := client.Video.Get(ctx, videoID); err != nil {
		return nil, err
	}
	return client.Caption.Query().Where(caption.VideoID(videoID)).Order(caption.ByLanguage()).All(ctx)
}

// deleteCaption deletes a caption and schedules its blob for removal.
func (r *Resolver) deleteCaption(ctx context.Context, videoID, id uuid.UUID) (uuid.UUID, error) {
	client := r.db(ctx)
	c, err := videoCaption(ctx, client, videoID, id)
	if err != nil {
		return uuid.Nil, err
	}
	v, err := client.Video.Get(ctx, videoID)
	if err != nil {
		return uuid.Nil, err
	}
	// The delete first: the tenancy rules decide it before any removal is owed.
	if err := client.Caption.DeleteOne(c).Exec(ctx); err != nil {
		return uuid.Nil, err
	}
	if err := scheduleBlobDeletions(ctx, client, v.ProjectID, "caption deleted", blobOwed{key: c.BlobKey}); err != nil {
		return uuid.Nil, err
	}
	return id, nil
}

// captionText reads a caption's WebVTT text from blob storage.
func (r *Resolver) captionText(ctx context.Context, c *ent.Caption) (string, error) {
	data, err := r.bucket.ReadAll(ctx, c.BlobKey)
	if err != nil {
		return "", err
	}
	return string(data), nil
}
