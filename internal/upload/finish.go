package upload

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"syscall"

	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/usage"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// finish makes the uploaded bytes the video's source: they go to the bucket, then
// one transaction closes the token, records the source on the video (uploading
// with a source = processing owed) and the video.upload.completed event; after
// commit the processing job is queued. Should the insert be lost, the sweeper
// queues it from the row.
//
// More than one process may finish one upload (the replica that got the last
// byte, another replica's HEAD, the stalled-upload check): the token is closed
// first, on the condition that it is still open, so only one transaction
// records the source, the event and the job. finish reports whether it was that
// one; a caller that was not answers as for a completed upload.
func (s *Service) finish(ctx context.Context, t *ent.UploadToken, src uploadedBytes, size int64) (bool, error) {
	won, err := s.recordSource(ctx, t, src, size)
	if err != nil {
		var he *httpError
		if !errors.As(err, &he) && s.completedElsewhere(ctx, t) {
			// Another finisher moved or removed the bytes after recording them.
			return false, nil
		}
		return false, err
	}
	if !won {
		return false, nil
	}
	if src.Path != "" {
		// The bytes are the source now (linked or copied into the bucket).
		_ = os.Remove(src.Path)
	}
	if err := s.Queue.Insert(ctx, jobs.ProcessVideoArgs{VideoID: t.VideoID}); err != nil {
		s.Log.WarnContext(ctx, "queue processing after upload; the sweeper will", "video_id", t.VideoID, "err", err)
	}
	return true, nil
}

// recordSource stores the bytes under the source key and records them in one
// transaction that first closes the token where it is still open: false, and no
// change, when another finisher closed it first.
func (s *Service) recordSource(ctx context.Context, t *ent.UploadToken, src uploadedBytes, size int64) (bool, error) {
	key := jobs.SourceKey(t.VideoID)
	var err error
	switch {
	case src.Key != "":
		err = s.copyObject(ctx, src.Key, key)
	case src.Path != "":
		err = s.store(ctx, src.Path, key)
	default:
		err = errNoSource
	}
	if err != nil {
		return false, fmt.Errorf("store source: %w", err)
	}
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return false, err
	}
	closed, err := tx.UploadToken.Update().
		Where(uploadtoken.ID(t.ID), uploadtoken.CompletedAtIsNil()).
		SetCompletedAt(s.now()).
		Save(ctx)
	if err == nil && closed == 0 {
		return false, tx.Rollback()
	}
	var v *ent.Video
	if err == nil {
		v, err = videolifecycle.SourceRecorded(ctx, tx.Client(), t.VideoID, key, size)
		if ent.IsNotFound(err) || errors.Is(err, videolifecycle.ErrRefused) {
			err = refuse(409, "the video takes no more uploads")
		}
	}
	if err == nil {
		// The source is billed as storage from this commit on (a re-upload
		// ends the previous source's stretch).
		err = usage.StoreSource(ctx, tx.Client(), v.ProjectID, v.ID, key, size, s.now())
	}
	if err == nil && s.Events != nil {
		_, err = s.Events.Record(ctx, tx, events.VideoUploadCompleted, v.ProjectID, events.Video(v))
	}
	if err != nil {
		return false, errors.Join(err, tx.Rollback())
	}
	if err := tx.Commit(); err != nil {
		return false, err
	}
	return true, nil
}

// completedElsewhere says whether the token's upload has been recorded as
// completed (by another finisher).
func (s *Service) completedElsewhere(ctx context.Context, t *ent.UploadToken) bool {
	ok, err := s.Client.UploadToken.Query().
		Where(uploadtoken.ID(t.ID), uploadtoken.CompletedAtNotNil()).Exist(ctx)
	return err == nil && ok
}

// store puts the file into the bucket. With file:// storage on the same disk it is
// flushed to the disk and hard-linked into the path fileblob reads that key from
// (through a temporary name and a rename, so the key changes at once; a 1 GiB
// upload is not copied again), and the directory flushed too: the source is on
// the disk before the database records it. Otherwise, or across disks, it is
// streamed through the blob API, whose Close is the store's own commit. The file
// itself stays until the source is recorded (finish removes it), so a finisher
// that dies in between leaves the upload complete for another to finish.
func (s *Service) store(ctx context.Context, path, key string) error {
	if s.BucketDir != "" {
		dst := filepath.Join(s.BucketDir, filepath.FromSlash(key))
		if err := os.MkdirAll(filepath.Dir(dst), 0o750); err != nil {
			return err
		}
		if err := syncPath(path); err != nil {
			return err
		}
		tmp := dst + ".link-" + randomSuffix()
		err := os.Link(path, tmp)
		if err == nil {
			if err := os.Rename(tmp, dst); err != nil {
				_ = os.Remove(tmp)
				return err
			}
			return syncPath(filepath.Dir(dst))
		}
		var le *os.LinkError
		if !errors.As(err, &le) || !errors.Is(le.Err, syscall.EXDEV) {
			return err
		}
	}
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	w, err := s.Bucket.NewWriter(ctx, key, &blob.WriterOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, f); err != nil {
		_ = w.Close()
		return err
	}
	return w.Close()
}

// randomSuffix is 12 random hex digits, for temporary names.
func randomSuffix() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// copyObject copies a finished upload's object to the source key within the
// bucket: a server-side copy, or a streamed one where the store refuses it (S3
// copies at most 5 GiB in one request).
func (s *Service) copyObject(ctx context.Context, from, to string) error {
	err := s.Bucket.Copy(ctx, to, from, nil)
	if err == nil {
		return nil
	}
	s.Log.InfoContext(ctx, "server-side copy refused; streaming the upload", "key", from, "err", err)
	r, err := s.Bucket.NewReader(ctx, from, nil)
	if err != nil {
		return err
	}
	defer func() { _ = r.Close() }()
	// A write is abandoned, not committed, when its context ends before Close.
	wctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w, err := s.Bucket.NewWriter(wctx, to, &blob.WriterOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		cancel()
		_ = w.Close()
		return err
	}
	return w.Close()
}

// withEvent applies change to a video and records an event of type typ with it in
// one transaction; a change that matched no video records nothing.
func (s *Service) withEvent(ctx context.Context, typ string, change func(tx *ent.Tx) (*ent.Video, error)) error {
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return err
	}
	v, err := change(tx)
	if err == nil && s.Events != nil {
		_, err = s.Events.Record(ctx, tx, typ, v.ProjectID, events.Video(v))
	}
	if err != nil {
		return errors.Join(err, tx.Rollback())
	}
	return tx.Commit()
}

// storeSource records the video's source as a stored object, in the upload's
