package upload

import (
	"context"
	"errors"
	"fmt"
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
	"github.com/vidra-dev/vidra/internal/videolifecycle"
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
	composer.UseLocker(s.locker())
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
		Logger: expslog.New(expslog.NewTextHandler(io.Discard, nil)),
		PreUploadCreateCallback: func(hook tusd.HookEvent) (tusd.HTTPResponse, tusd.FileInfoChanges, error) {
			return s.beforeCreate(hook, basePath)
		},
		PreFinishResponseCallback: s.beforeFinishResponse,
	})
	if err != nil {
		return nil, err
	}
	// tusd's router expects the path relative to its base.
	return http.StripPrefix(strings.TrimSuffix(basePath, "/"), s.checkTokenAlive(h)), nil
}

// beforeCreate authorises a new upload with its token and binds the two. A
// token that already has an upload gets it back instead (see existingUpload).
func (s *Service) beforeCreate(hook tusd.HookEvent, basePath string) (tusd.HTTPResponse, tusd.FileInfoChanges, error) {
	ctx := hook.Context
	token := hook.Upload.MetaData["token"]
	if token == "" {
		token = strings.TrimSpace(hook.HTTPRequest.Header.Get("Upload-Token"))
	}
	if hook.Upload.SizeIsDeferred {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, tusError(refuse(http.StatusBadRequest, "Upload-Length is required (deferred length is not supported)"))
	}
	t, v, err := s.liveToken(ctx, token)
	if err != nil && t != nil && t.CompletedAt != nil && t.UploadID != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.finishedUploadAgain(ctx, t, hook.Upload.Size, basePath)
	}
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	if t.UploadID != nil {
		if err := s.existingUpload(ctx, t, *t.UploadID, hook.Upload.Size, basePath); err != nil {
			return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, err
		}
	}
	if err := s.admit(ctx, t, v, hook.Upload.Size, true); err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	id, _ := NewToken()
	id = id[len(tokenPrefix):][:32] // 32 random URL-safe characters
	tx, err := s.Client.Tx(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, tusd.FileInfoChanges{}, s.tusError(ctx, err)
	}
	err = tx.UploadToken.UpdateOne(t).SetUploadID(id).Exec(ctx)
	if err == nil {
		_, err = videolifecycle.UploadStarted(ctx, tx.Client(), t.VideoID)
		if errors.Is(err, videolifecycle.ErrRefused) {
			// Moved on since liveToken read it (failed meanwhile, say).
			err = refuse(http.StatusConflict, "the video takes no more uploads")
		}
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

// existingUpload answers a creation with a token whose upload (Vidra's id) is
// still in progress, as a standard tus client creates a new upload when a HEAD
// on its upload failed (tus-js-client on a 503): nil when the token's upload is
// gone (a new one is created), else the answer as a tusd error. With the
// upload's length the answer is 201 Created with the upload's Location (and its
// Upload-Offset), so the client resumes it (tus-js-client's PATCH from 0 gets
// 409, and its retry HEADs the upload and goes on from its offset); with
// another length 409 with the Location of the upload in progress.
func (s *Service) existingUpload(ctx context.Context, t *ent.UploadToken, id string, size int64, basePath string) error {
	storeID, err := s.storeID(ctx, id)
	if errors.Is(err, tusd.ErrNotFound) {
		return nil
	}
	if err != nil {
		return s.tusError(ctx, err)
	}
	store, err := s.dataStore()
	if err != nil {
		return s.tusError(ctx, err)
	}
	up, err := store.GetUpload(ctx, storeID)
	var info tusd.FileInfo
	if err == nil {
		info, err = up.GetInfo(ctx)
	}
	if errors.Is(err, tusd.ErrNotFound) {
		return nil
	}
	if err != nil {
		return s.tusError(ctx, err)
	}
	location := basePath + storeID
	header := tusd.HTTPHeader{"Location": location, "Video-Id": t.VideoID.String()}
	if info.Size != size {
		return tusAnswer(http.StatusConflict, fmt.Sprintf(
			"the upload token already has an upload of %d bytes in progress at %s; resume it with HEAD and PATCH on that URL",
			info.Size, location), header)
	}
	s.Log.InfoContext(ctx, "a new upload of a token resumes its upload in progress",
		"video_id", t.VideoID, "upload_id", id, "offset", info.Offset)
	header["Upload-Offset"] = strconv.FormatInt(info.Offset, 10)
	return tusAnswer(http.StatusCreated, "", header)
}

// finishedUploadAgain answers a creation with a token whose upload finished:
// a client whose HEAD failed just after its last PATCH (a 503 while its
// replica died) creates the upload again. With the finished upload's length,
// within completedAnswerWindow, the answer is 201 Created with its Location
// and Upload-Offset = Upload-Length, so the client ends in success
// (tus-js-client's PATCH gets 409, its retry HEADs the upload and finds it
// complete); otherwise 409 with that Location.
func (s *Service) finishedUploadAgain(ctx context.Context, t *ent.UploadToken, size int64, basePath string) error {
	location := basePath + *t.UploadID
	header := tusd.HTTPHeader{"Location": location, "Video-Id": t.VideoID.String()}
	v, err := s.Client.Video.Get(ctx, t.VideoID)
	if err != nil && !ent.IsNotFound(err) {
		return s.tusError(ctx, err)
	}
	if v == nil || v.Size != size || s.now().Sub(*t.CompletedAt) > completedAnswerWindow {
		return tusAnswer(http.StatusConflict, "the upload token was already used for a finished upload, at "+location, header)
	}
	header["Upload-Offset"] = strconv.FormatInt(size, 10)
	return tusAnswer(http.StatusCreated, "", header)
}

// beforeFinishResponse runs when the last byte arrived: the file becomes the source.
func (s *Service) beforeFinishResponse(hook tusd.HookEvent) (tusd.HTTPResponse, error) {
	ctx := context.WithoutCancel(hook.Context)
	t, err := s.Client.UploadToken.Query().Where(uploadtoken.UploadID(objectID(hook.Upload.ID))).Only(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	won, err := s.finish(ctx, t, finishedUpload(hook.Upload), hook.Upload.Size)
	if err != nil {
		var he *httpError
		if !errors.As(err, &he) {
			// The bytes are in, so the client will not send them again: fail the
			// video with the reason rather than leave it uploading.
			s.Log.ErrorContext(ctx, "finish upload", "video_id", t.VideoID, "err", err)
			_ = s.failUpload(ctx, t, http.StatusInternalServerError, "storing the finished upload failed")
		}
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	if won { // else the finisher that recorded it forgets it
		s.forgetUpload(ctx, hook.Upload)
	}
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
		id := objectID(uploadPathID(r.URL.Path))
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
		case r.Method == http.MethodHead:
			// All its bytes may be stored with no source recorded: the process
			// that got the last byte died first. This HEAD finishes it then.
			done, _, err := s.finishComplete(context.WithoutCancel(r.Context()), t, uploadPathID(r.URL.Path), "HEAD")
			var he *httpError
			if errors.As(err, &he) {
				// The video takes no more uploads (failed, say): tusd answers
				// the offset as before; the video says why.
				s.Log.InfoContext(r.Context(), "complete upload not recorded", "video_id", t.VideoID, "reason", he.message)
				break
			}
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			if done {
				if t, err = s.Client.UploadToken.Get(r.Context(), t.ID); err != nil {
					s.writeError(w, r, err)
					return
				}
				s.answerCompleted(w, r, t)
				return
			}
		}
		w.Header().Set("Video-Id", t.VideoID.String())
		next.ServeHTTP(w, r)
	})
}

// uploadPathID is the tus id of an upload's URL path (relative to the base).
func uploadPathID(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
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

// tusAnswer is an answer of a tusd hook that ends the request: status, headers
// and the message as the body.
func tusAnswer(status int, message string, header tusd.HTTPHeader) error {
	body := ""
	if message != "" {
		body = message + "\n"
	}
	return tusd.Error{ErrorCode: "ERR_VIDRA_UPLOAD", Message: message,
		HTTPResponse: tusd.HTTPResponse{StatusCode: status, Body: body, Header: header}}
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
