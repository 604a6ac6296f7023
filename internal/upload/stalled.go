package upload

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	tusd "github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/uploadlock"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// StalledCheckInterval is how often WatchStalled looks for uploads whose
// writer died holding them.
const StalledCheckInterval = 2 * time.Second

// stalledBatch bounds the uploads one check looks at.
const stalledBatch = 200

// FinishStalled finishes uploads whose bytes are all stored but whose source no
// process recorded, because the replica that received the last byte died
// before it did (or its finish failed): without it such a video stays uploading
// until its token expires, as a client that saw the final offset does not come
// back. It looks at uploads of open, unexpired tokens of videos still taking
// an upload that no live process holds: with everyUpload false only those whose
// lock lease lapsed (the holder died: the frequent check, WatchStalled), with
// true every one (the media sweep). finish records each once, whoever else
// finishes it at the same time. It returns how many it recorded.
func (s *Service) FinishStalled(ctx context.Context, everyUpload bool) (int, error) {
	now := s.now()
	var ids []string
	if !everyUpload {
		probe := s.Probe
		if probe == nil {
			probe = s.Client
		}
		lapsed, err := probe.UploadLock.Query().Where(uploadlock.ExpiresAtLT(now)).
			Limit(stalledBatch).Select(uploadlock.FieldUploadID).Strings(ctx)
		if err != nil || len(lapsed) == 0 {
			return 0, err
		}
		ids = lapsed
	}
	q := s.Client.UploadToken.Query().
		Where(uploadtoken.UploadIDNotNil(), uploadtoken.CompletedAtIsNil(), uploadtoken.ExpiresAtGT(now))
	if ids != nil {
		q = q.Where(uploadtoken.UploadIDIn(ids...))
	}
	tokens, err := q.Limit(stalledBatch).All(ctx)
	if err != nil || len(tokens) == 0 {
		return 0, err
	}
	tokens, err = s.unheld(ctx, tokens, now)
	if err != nil || len(tokens) == 0 {
		return 0, err
	}
	by := "stalled-upload check"
	if everyUpload {
		by = "media sweep"
	}
	recorded := 0
	var errs []error
	for _, t := range tokens {
		id, err := s.storeID(ctx, *t.UploadID)
		done := false
		if err == nil {
			var won bool
			done, won, err = s.finishComplete(ctx, t, id, by)
			if won {
				recorded++
			}
		}
		if errors.Is(err, tusd.ErrNotFound) || (err == nil && !done && !everyUpload) {
			// Not complete (or gone): its writer's lapsed lease is dropped, so the
			// frequent check leaves it to the client's resumption and the sweep.
			_, err = s.Client.UploadLock.Delete().
				Where(uploadlock.UploadID(*t.UploadID), uploadlock.ExpiresAtLT(now)).Exec(ctx)
		}
		if err != nil {
			s.Log.WarnContext(ctx, "finish a stalled upload", "video_id", t.VideoID, "upload_id", *t.UploadID, "err", err)
			errs = append(errs, err)
		}
	}
	return recorded, errors.Join(errs...)
}

// unheld keeps the tokens whose upload no live lease holds and whose video
// still takes an upload.
func (s *Service) unheld(ctx context.Context, tokens []*ent.UploadToken, now time.Time) ([]*ent.UploadToken, error) {
	ids := make([]string, len(tokens))
	videoIDs := make([]uuid.UUID, len(tokens))
	for i, t := range tokens {
		ids[i], videoIDs[i] = *t.UploadID, t.VideoID
	}
	held, err := s.Client.UploadLock.Query().
		Where(uploadlock.UploadIDIn(ids...), uploadlock.ExpiresAtGTE(now)).
		Select(uploadlock.FieldUploadID).Strings(ctx)
	if err != nil {
		return nil, err
	}
	taking, err := s.Client.Video.Query().
		Where(video.IDIn(videoIDs...), video.StatusIn(video.StatusCreated, video.StatusUploading)).IDs(ctx)
	if err != nil {
		return nil, err
	}
	isHeld := make(map[string]bool, len(held))
	for _, id := range held {
		isHeld[id] = true
	}
	takes := make(map[uuid.UUID]bool, len(taking))
	for _, id := range taking {
		takes[id] = true
	}
	kept := tokens[:0]
	for _, t := range tokens {
		if !isHeld[*t.UploadID] && takes[t.VideoID] {
			kept = append(kept, t)
		}
	}
	return kept, nil
}

// WatchStalled runs FinishStalled for uploads whose holder died every interval
// until ctx ends, so such an upload is finished within the lease's lifetime
// (LeaseLocker.TTL) and an interval of its writer's death.
func (s *Service) WatchStalled(ctx context.Context, interval time.Duration) {
	ctx = tenancy.TokenContext(ctx, "stalled uploads")
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if n, err := s.FinishStalled(ctx, false); err != nil && ctx.Err() == nil {
			s.Log.WarnContext(ctx, "stalled-upload check", "err", err)
		} else if n > 0 {
			s.Log.InfoContext(ctx, "finished stalled uploads", "uploads", n)
		}
	}
}
