package upload

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	tusd "github.com/tus/tusd/v2/pkg/handler"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
)

// finishLockWait bounds how long finishing a complete upload waits for its lock:
// a lease of a process that died lapses after LeaseLocker.TTL (10 s).
const finishLockWait = 20 * time.Second

// finishComplete finishes the upload of token t whose bytes are all stored but
// whose source no process recorded: the replica that received the last byte
// died first, or its finish failed. id is the store's id of the upload (Vidra's
// id, and "+<multipart id>" in S3); by names who finishes, for the log. Under
// the upload's lock the upload is completed in the store where it is not (S3:
// the multipart upload), then finish records it; another finisher that won
// (finish records once) counts as done. It reports whether the upload is
// complete and recorded, and whether this call recorded it.
func (s *Service) finishComplete(ctx context.Context, t *ent.UploadToken, id, by string) (done, recorded bool, err error) {
	store, err := s.dataStore()
	if err != nil {
		return false, false, err
	}
	complete, _, err := storedComplete(ctx, store, id)
	if err != nil || !complete {
		// Another finisher may have just recorded it and removed its bytes.
		if s.completedElsewhere(ctx, t) {
			return true, false, nil
		}
		return false, false, err
	}
	lock, err := s.locker().NewLock(id)
	if err != nil {
		return false, false, err
	}
	lctx, cancel := context.WithTimeout(ctx, finishLockWait)
	defer cancel()
	if err := lock.Lock(lctx, nil); err != nil {
		return false, false, fmt.Errorf("lock upload: %w", err)
	}
	defer func() {
		if err := lock.Unlock(); err != nil {
			s.Log.WarnContext(ctx, "unlock upload", "upload_id", objectID(id), "err", err)
		}
	}()
	if s.completedElsewhere(ctx, t) {
		return true, false, nil
	}
	// Read again under the lock: the holder before may have finished it.
	complete, up, err := storedComplete(ctx, store, id)
	if err != nil || !complete {
		if s.completedElsewhere(ctx, t) {
			return true, false, nil
		}
		return false, false, err
	}
	info, err := up.GetInfo(ctx)
	if err != nil {
		return false, false, err
	}
	if err := s.completeStored(ctx, up, info); err != nil {
		return false, false, err
	}
	won, err := s.finish(ctx, t, finishedUpload(info), info.Size)
	if err != nil {
		return false, false, err
	}
	if won {
		s.Log.InfoContext(ctx, "finished an upload whose last byte was stored but not recorded",
			"video_id", t.VideoID, "upload_id", objectID(id), "size", info.Size, "by", by)
		s.forgetUpload(ctx, info)
	}
	return true, won, nil
}

// storedComplete says whether the store holds every byte of upload id (false
// for an upload it does not know).
func storedComplete(ctx context.Context, store tusd.DataStore, id string) (bool, tusd.Upload, error) {
	up, err := store.GetUpload(ctx, id)
	if errors.Is(err, tusd.ErrNotFound) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, err
	}
	info, err := up.GetInfo(ctx)
	if errors.Is(err, tusd.ErrNotFound) {
		return false, nil, nil
	}
	if err != nil {
		return false, nil, err
	}
	return !info.SizeIsDeferred && info.Size > 0 && info.Offset >= info.Size, up, nil
}

// completeStored completes a complete upload in its store where that did not
// happen: in S3 the multipart upload becomes the upload object (tusd does so
// before the finish callback; the process may have died in between). Another
// finisher completing it first is fine.
func (s *Service) completeStored(ctx context.Context, up tusd.Upload, info tusd.FileInfo) error {
	if info.Storage["Type"] != "s3store" {
		return nil
	}
	key := info.Storage["Key"]
	if ok, err := s.Bucket.Exists(ctx, key); err == nil && ok {
		return nil
	}
	err := up.FinishUpload(ctx)
	if err == nil {
		return nil
	}
	if ok, xerr := s.Bucket.Exists(ctx, key); xerr == nil && ok {
		return nil
	}
	return fmt.Errorf("complete the multipart upload: %w", err)
}

// dataStore is the tus store of uploads in progress (see tusStore).
func (s *Service) dataStore() (tusd.DataStore, error) {
	store, ok := s.tusStore().(tusd.DataStore)
	if !ok {
		return nil, errors.New("the tus store reads no uploads")
	}
	return store, nil
}

// storeID is the store's id of the upload Vidra calls id: in S3 the upload's
// info object names it (id+"<multipart id>"); in the file store it is id.
// tusd.ErrNotFound when the store has no such upload.
func (s *Service) storeID(ctx context.Context, id string) (string, error) {
	if s.s3Client() == nil {
		if !s.uploadInProgress(ctx, id) {
			return "", tusd.ErrNotFound
		}
		return id, nil
	}
	b, err := s.Bucket.ReadAll(ctx, tusPrefix+id+".info")
	if gcerrors.Code(err) == gcerrors.NotFound {
		return "", tusd.ErrNotFound
	}
	if err != nil {
		return "", err
	}
	var info tusd.FileInfo
	if err := json.Unmarshal(b, &info); err != nil {
		return "", fmt.Errorf("read upload info %s: %w", id, err)
	}
	if objectID(info.ID) != id {
		return "", fmt.Errorf("upload info %s names upload %q", id, info.ID)
	}
	return info.ID, nil
}
