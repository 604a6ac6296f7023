package upload

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	tusd "github.com/tus/tusd/v2/pkg/handler"
	expslog "golang.org/x/exp/slog"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/uploadtoken"
	"github.com/vidra-dev/vidra/ent/video"
)

// TusHandler returns the tus 1.0 server mounted at basePath (e.g. /v1/uploads/).
// Creating an upload needs a token (tus metadata "token" or the Upload-Token
// header) whose limit covers Upload-Length; the upload's unguessable URL is then
// its capability for HEAD and PATCH, until the token expires. Uploads in progress
// live where every replica reaches them (see tusStore), locked by leases in the
// database (LeaseLocker), so a dropped PATCH resumes from the last byte received
// on any replica.
func (s *Service) TusHandler(basePath string) (http.Handler, error) {
	if err := os.MkdirAll(s.Dir, 0o750); err != nil {
		return nil, err
	}
	composer := tusd.NewStoreComposer()
	s.tusStore().UseIn(composer)
	locker := s.Locker
	if locker == nil {
		locker = &LeaseLocker{Client: s.Client, Log: s.Log}
	}
	composer.UseLocker(locker)
	h, err := tusd.NewHandler(tusd.Config{
		BasePath:                basePath,
		StoreComposer:           composer,
		DisableDownload:         true,
		DisableConcatenation:    true,
		RespectForwardedHeaders: true,
		// CORS is the main listener's one policy (package crossorigin).
		Cors: &tusd.CorsConfig{Disable: true},
		// tusd logs every request through golang.org/x/exp/slog; Vidra's access log
		// and the hooks' own slog records already cover uploads.
		Logger:                    expslog.New(expslog.NewTextHandler(io.Discard, nil)),
		PreUploadCreateCallback:   s.beforeCreate,
		PreFinishResponseCallback: s.beforeFinishResponse,
	})
	if err != nil {
		return nil, err
	}
	// tusd's router expects the path relative to its base.
	return http.StripPrefix(strings.TrimSuffix(basePath, "/"), s.checkTokenAlive(h)), nil
}

// beforeCreate authorises a new upload with its token and binds the two.
func (s *Service) beforeCreate(hook tusd.HookEvent) (tusd.HTTPResponse, tusd.FileInfoChanges, error) {
	ctx := hook.Context
	token := hook.Upload.MetaData["token"]
	if token == "" {
		token = strings.TrimSpace(hook.HTTPRequest.Header.Get("Upload-Token"))
	}
	if hook.Upload.SizeIsDeferred {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, tusError(refuse(http.StatusBadRequest, "Upload-Length is required (deferred length is not supported)"))
	}
	t, err := s.authorize(ctx, token, hook.Upload.Size, true)
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	if t.UploadID != nil {
		if s.uploadInProgress(ctx, *t.UploadID) {
			return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, tusError(refuse(http.StatusConflict,
				"the upload token already has an upload; resume it with HEAD and PATCH on its URL"))
		}
	}
	id, _ := NewToken()
	id = id[len(tokenPrefix):][:32] // 32 random URL-safe characters
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	err = tx.UploadToken.UpdateOne(t).SetUploadID(id).Exec(ctx)
	if err == nil {
		err = tx.Video.UpdateOneID(t.VideoID).SetStatus(video.StatusUploading).Exec(ctx)
	}
	if err == nil {
		err = tx.Commit()
	} else {
		err = errors.Join(err, tx.Rollback())
	}
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	meta := map[string]string{"video_id": t.VideoID.String()}
	if name := hook.Upload.MetaData["filename"]; name != "" {
		meta["filename"] = name
	}
	return tusd.HTTPResponse{Header: tusd.HTTPHeader{"Video-Id": t.VideoID.String()}},
		tusd.FileInfoChanges{ID: id, MetaData: meta}, nil
}

// beforeFinishResponse runs when the last byte arrived: the file becomes the source.
func (s *Service) beforeFinishResponse(hook tusd.HookEvent) (tusd.HTTPResponse, error) {
	ctx := context.WithoutCancel(hook.Context)
	t, err := s.Client.UploadToken.Query().Where(uploadtoken.UploadID(objectID(hook.Upload.ID))).Only(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	if err := s.finish(ctx, t, finishedUpload(hook.Upload), hook.Upload.Size); err != nil {
		var he *httpError
		if !errors.As(err, &he) {
			// The bytes are in, so the client will not send them again: fail the
			// video with the reason rather than leave it uploading.
			s.Log.ErrorContext(ctx, "finish upload", "video_id", t.VideoID, "err", err)
			_ = s.failUpload(ctx, t, http.StatusInternalServerError, "storing the finished upload failed")
		}
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	s.forgetUpload(ctx, hook.Upload)
	return tusd.HTTPResponse{Header: tusd.HTTPHeader{"Video-Id": t.VideoID.String()}}, nil
}

// completedAnswerWindow is how long after an upload completed its URL still
// answers HEAD with the final offset, so a client that missed the last PATCH's
// answer can confirm the upload instead of starting again.
const completedAnswerWindow = 24 * time.Hour

// checkTokenAlive refuses HEAD and PATCH on an upload whose token has expired,
// and answers them itself for an upload that has completed: HEAD with the final
// offset (for completedAnswerWindow), PATCH with 409 and that offset.
func (s *Service) checkTokenAlive(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPatch && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		id := objectID(r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:])
		t, err := s.Client.UploadToken.Query().Where(uploadtoken.UploadID(id)).Only(r.Context())
		switch {
		case ent.IsNotFound(err):
			http.Error(w, "no such upload", http.StatusNotFound)
			return
		case err != nil:
			s.writeError(w, r, err)
			return
		case t.CompletedAt != nil:
			s.answerCompleted(w, r, t)
			return
		case !s.now().Before(t.ExpiresAt):
			http.Error(w, "the upload token has expired", http.StatusGone)
			return
		}
		w.Header().Set("Video-Id", t.VideoID.String())
		next.ServeHTTP(w, r)
	})
}

// answerCompleted answers HEAD or PATCH on an upload that has completed.
func (s *Service) answerCompleted(w http.ResponseWriter, r *http.Request, t *ent.UploadToken) {
	if s.now().Sub(*t.CompletedAt) > completedAnswerWindow {
		http.Error(w, "no such upload", http.StatusNotFound)
		return
	}
	v, err := s.Client.Video.Get(r.Context(), t.VideoID)
	if ent.IsNotFound(err) {
		http.Error(w, "the upload's video was deleted", http.StatusGone)
		return
	}
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Tus-Resumable", "1.0.0")
	h.Set("Cache-Control", "no-store")
	h.Set("Video-Id", t.VideoID.String())
	h.Set("Upload-Offset", strconv.FormatInt(v.Size, 10))
	if r.Method == http.MethodHead {
		h.Set("Upload-Length", strconv.FormatInt(v.Size, 10))
		w.WriteHeader(http.StatusOK)
		return
	}
	http.Error(w, "the upload is complete: it takes no more bytes", http.StatusConflict)
}

// tusError turns an upload refusal into tusd's error, which it writes as the response.
func tusError(err error) error {
	var he *httpError
	if errors.As(err, &he) {
		return tusd.NewError("ERR_VIDRA_UPLOAD", he.message, he.status)
	}
	return err
}

// tusError logs an unexpected error and hides it from the client.
func (s *Service) tusError(ctx context.Context, err error) error {
	var he *httpError
	if errors.As(err, &he) {
		return tusError(err)
	}
	s.Log.ErrorContext(ctx, "tus upload", "err", err)
	return tusd.NewError("ERR_INTERNAL", "internal error", http.StatusInternalServerError)
}
