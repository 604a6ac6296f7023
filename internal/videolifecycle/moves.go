package videolifecycle

import (
	"context"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
)

// The moves take the client they write with: a transaction's (tx.Client())
// when the caller records events or other rows with the move.

// ImportRequested saves the video create describes (a file to pull from its
// source URL, set on create) as uploading: the import is owed.
func ImportRequested(ctx context.Context, create *ent.VideoCreate) (*ent.Video, error) {
	return create.SetStatus(transitions[importRequested].to).Save(mark(ctx))
}

// ClipRequested saves the video create describes (a clip of another video:
// its source video and range set on create) as uploading: the cut is owed.
func ClipRequested(ctx context.Context, create *ent.VideoCreate) (*ent.Video, error) {
	return create.SetStatus(transitions[clipRequested].to).Save(mark(ctx))
}

// LiveStarted saves the video create describes (a live session's recording) as live.
func LiveStarted(ctx context.Context, create *ent.VideoCreate) (*ent.Video, error) {
	return create.SetStatus(transitions[liveStarted].to).Save(mark(ctx))
}

// UploadStarted marks the video uploading when a tus upload of it begins.
func UploadStarted(ctx context.Context, c *ent.Client, id uuid.UUID) (*ent.Video, error) {
	return move(ctx, c, id, uploadStarted, nil)
}

// SourceRecorded records the completed upload's source (its blob key and
// size) on the video, which stays uploading until processing starts: the
// source marks processing as owed. It clears an earlier failure reason.
func SourceRecorded(ctx context.Context, c *ent.Client, id uuid.UUID, key string, size int64) (*ent.Video, error) {
	return move(ctx, c, id, sourceRecorded, func(u *ent.VideoUpdateOne) {
		u.SetSourceKey(key).SetSize(size).SetFailureReason("")
	})
}

// UploadRefused fails the video of an upload refused for reason (empty, over
// its limit).
func UploadRefused(ctx context.Context, c *ent.Client, id uuid.UUID, reason string) (*ent.Video, error) {
	return move(ctx, c, id, uploadRefused, func(u *ent.VideoUpdateOne) { u.SetFailureReason(reason) })
}

// UploadsAbandoned fails, for reason, those of the videos ids whose upload
// never completed (no source, not an import nor a clip) and returns how many it failed.
func UploadsAbandoned(ctx context.Context, c *ent.Client, ids []uuid.UUID, reason string) (int, error) {
	t := transitions[uploadsAbandoned]
	return c.Video.Update().
		Where(video.IDIn(ids...), video.StatusIn(t.from...), video.SourceKey(""), video.SourceURL(""), video.ClipSourceIDIsNil()).
		SetStatus(t.to).
		SetFailureReason(reason).
		Save(mark(ctx))
}

// LiveRecorded hands a finished live session's joined recording (its source
// blob key and size) to the VOD pipeline: the video is uploading with a source.
func LiveRecorded(ctx context.Context, c *ent.Client, id uuid.UUID, key string, size int64) (*ent.Video, error) {
	return move(ctx, c, id, liveRecorded, func(u *ent.VideoUpdateOne) { u.SetSourceKey(key).SetSize(size) })
}

// LiveRecordedNothing fails a finished live session's video that recorded no
// playable media, for reason.
func LiveRecordedNothing(ctx context.Context, c *ent.Client, id uuid.UUID, reason string) (*ent.Video, error) {
	return move(ctx, c, id, liveRecordedNothing, func(u *ent.VideoUpdateOne) { u.SetFailureReason(reason) })
}

// ProcessingStarted marks the video processing at the start of each
// processing run: progress 0, no failure reason, one more attempt counted.
func ProcessingStarted(ctx context.Context, c *ent.Client, id uuid.UUID) (*ent.Video, error) {
	return move(ctx, c, id, processingStarted, func(u *ent.VideoUpdateOne) {
		u.SetProgress(0).SetFailureReason("").AddProcessingAttempts(1)
	})
}

// ProcessingFinished marks the processed video ready, progress 1.
func ProcessingFinished(ctx context.Context, c *ent.Client, id uuid.UUID) (*ent.Video, error) {
	return move(ctx, c, id, processingFinished, func(u *ent.VideoUpdateOne) { u.SetProgress(1) })
}

// ProcessingFailed fails the video whose import or processing job gave up,
// for reason, progress 0.
func ProcessingFailed(ctx context.Context, c *ent.Client, id uuid.UUID, reason string) (*ent.Video, error) {
	return move(ctx, c, id, processingFailed, func(u *ent.VideoUpdateOne) { u.SetFailureReason(reason).SetProgress(0) })
}

// move applies e to video id, with the fields set writes alongside the
// status, in one UPDATE that matches only a video in one of e's from-states.
// A video that is not there is ent's not-found error; one in another status
// is ErrRefused, and nothing changes.
func move(ctx context.Context, c *ent.Client, id uuid.UUID, e event, set func(*ent.VideoUpdateOne)) (*ent.Video, error) {
	t := transitions[e]
	u := c.Video.UpdateOneID(id).Where(video.StatusIn(t.from...)).SetStatus(t.to)
	if set != nil {
		set(u)
	}
	v, err := u.Save(mark(ctx))
	if !ent.IsNotFound(err) {
		return v, err
	}
	cur, gerr := c.Video.Query().Where(video.ID(id)).Select(video.FieldStatus).Only(ctx)
	if ent.IsNotFound(gerr) {
		return nil, err
	}
	if gerr != nil {
		return nil, gerr
	}
	return nil, refused(e, cur.Status)
}
