// Package upload receives video files: tus 1.0 resumable uploads through tusd at
// /v1/uploads/ and plain single-request uploads at /v1/uploads/direct, both
// authorised by an upload token. A finished upload becomes the video's source blob
// and, in one transaction, the video's record that processing is owed.
package upload

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	tusd "github.com/tus/tusd/v2/pkg/handler"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/jobs"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// Service holds what uploads need.
type Service struct {
	Client *ent.Client
	Bucket *blob.Bucket
	Queue  *jobs.Queue
	Log    *slog.Logger
	// Dir holds uploads in progress (tusd's file store): <data dir>/uploads.
	Dir string
	// S3Bucket is the bucket's name when blob storage is s3://: uploads in
	// progress then live in it (see tusStore).
	S3Bucket string
	// Locker locks uploads in progress across replicas; a LeaseLocker over Client
	// when nil.
	Locker tusd.Locker
	// BucketDir is the bucket's directory when blob storage is file:// on the same
	// disk, so a finished upload is renamed into place instead of copied.
	BucketDir string
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Events records video.upload.completed and video.failed with their changes.
	Events jobs.EventRecorder
	// Limits refuses new uploads of an organization over its plan's hard limit
	// (billing.Limits); nil refuses none. Uploads in progress continue.
	Limits LimitChecker
	// Probe runs the stalled-upload check's frequent look-up (WatchStalled):
	// background statements, on a client of their own so they count as no
	// request's; Client when nil.
	Probe *ent.Client

	lockerOnce sync.Once
	lease      tusd.Locker
}

// locker is the tus locker of uploads in progress: Locker, or a LeaseLocker
// over Client.
func (s *Service) locker() tusd.Locker {
	s.lockerOnce.Do(func() {
		s.lease = s.Locker
		if s.lease == nil {
			s.lease = &LeaseLocker{Client: s.Client, Log: s.Log}
		}
	})
	return s.lease
}

// LimitChecker says whether a project's organization may start an upload or a
// playback session (billing.Limits): an error, PAYMENT_REQUIRED, when not.
type LimitChecker interface {
	CheckProject(projectID uuid.UUID) error
}

// tokenPrefix marks Vidra upload tokens, so a leaked one is recognisable.
const tokenPrefix = "vut_"

// NewToken returns a new random upload token and the hash that is stored.
func NewToken() (token, hash string) {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	token = tokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	return token, HashToken(token)
}

// HashToken is the stored form of a token: hex SHA-256.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// BucketDirOf returns the local directory of a file:// storage URL, or "".
func BucketDirOf(storageURL string) string {
	u, err := url.Parse(storageURL)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return u.Path
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

// httpError is an upload refusal: a status and a message for the client.
type httpError struct {
	status  int
	message string
}

func (e *httpError) Error() string { return e.message }

func refuse(status int, format string, args ...any) error {
	return &httpError{status: status, message: fmt.Sprintf(format, args...)}
}

// tokenFrom reads the upload token of a request: the Upload-Token header or the
// token query parameter.
func tokenFrom(r *http.Request) string {
	if t := strings.TrimSpace(r.Header.Get("Upload-Token")); t != "" {
		return t
	}
	return r.URL.Query().Get("token")
}

// authorize finds the live token and its video for a new upload of size bytes. A
// size over the token's limit, or an empty upload, fails the video with the reason.
func (s *Service) authorize(ctx context.Context, token string, size int64, sizeKnown bool) (*ent.UploadToken, error) {
	t, v, err := s.liveToken(ctx, token)
	if err != nil {
		return nil, err
	}
	if err := s.admit(ctx, t, v, size, sizeKnown); err != nil {
		return nil, err
	}
	return t, nil
}

// liveToken finds an upload token that may still take an upload, and its video,
// which must take one too. When the token exists but is refused, it is returned
// with the refusal.
func (s *Service) liveToken(ctx context.Context, token string) (*ent.UploadToken, *ent.Video, error) {
	if token == "" {
		return nil, nil, refuse(http.StatusUnauthorized, "an upload token is required (Upload-Token header or tus metadata \"token\")")
	}
	t, err := s.Client.UploadToken.Query().Where(uploadtoken.TokenHash(HashToken(token))).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil, refuse(http.StatusUnauthorized, "the upload token is not valid")
	}
	if err != nil {
		return nil, nil, err
	}
	if !s.now().Before(t.ExpiresAt) {
		return t, nil, refuse(http.StatusUnauthorized, "the upload token has expired")
	}
	if t.CompletedAt != nil {
		return t, nil, refuse(http.StatusConflict, "the upload token was already used for a finished upload")
	}
	v, err := s.Client.Video.Get(ctx, t.VideoID)
	if ent.IsNotFound(err) {
		return t, nil, refuse(http.StatusGone, "the token's video was deleted")
	}
	if err != nil {
		return nil, nil, err
	}
	if v.Status != video.StatusCreated && v.Status != video.StatusUploading {
		return t, v, refuse(http.StatusConflict, "the video is %s and takes no more uploads", v.Status)
	}
	return t, v, nil
}

// admit checks a new upload of size bytes against the plan's limits and the
// token's: an empty upload, or one over the token's limit, fails the video with
// the reason.
func (s *Service) admit(ctx context.Context, t *ent.UploadToken, v *ent.Video, size int64, sizeKnown bool) error {
	if s.Limits != nil {
		if err := s.Limits.CheckProject(v.ProjectID); err != nil {
			return refuse(http.StatusPaymentRequired, "%s", err.Error())
		}
	}
	if sizeKnown && size == 0 {
		return s.failUpload(ctx, t, http.StatusBadRequest, "the upload is empty (0 bytes)")
	}
	if size > t.MaxSize {
		return s.failUpload(ctx, t, http.StatusRequestEntityTooLarge,
			"the upload is %d bytes, over the token's limit of %d bytes", size, t.MaxSize)
	}
	return nil
}

// failUpload marks the token's video failed with the reason and returns the refusal.
func (s *Service) failUpload(ctx context.Context, t *ent.UploadToken, status int, format string, args ...any) error {
	reason := fmt.Sprintf(format, args...)
	err := s.withEvent(ctx, events.VideoFailed, func(tx *ent.Tx) (*ent.Video, error) {
		return videolifecycle.UploadRefused(ctx, tx.Client(), t.VideoID, reason)
	})
	if err != nil && !ent.IsNotFound(err) && !errors.Is(err, videolifecycle.ErrRefused) {
		return errors.Join(refuse(status, "%s", reason), err)
	}
	s.Log.InfoContext(ctx, "upload refused; video failed", "video_id", t.VideoID, "reason", reason)
	return refuse(status, "%s", reason)
}

// writeError answers a refusal with its status, anything else with 500.
func (s *Service) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var he *httpError
	if errors.As(err, &he) {
		http.Error(w, he.message, he.status)
		return
	}
	s.Log.ErrorContext(r.Context(), "upload failed", "err", err)
	http.Error(w, "internal error", http.StatusInternalServerError)
}
