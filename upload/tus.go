package upload

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/tus/tusd/v2/pkg/filelocker"
	"github.com/tus/tusd/v2/pkg/filestore"
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
// live in s.Dir, so a dropped PATCH resumes from the last byte received.
func (s *Service) TusHandler(basePath string) (http.Handler, error) {
	if err := os.MkdirAll(s.Dir, 0o750); err != nil {
		return nil, err
	}
	composer := tusd.NewStoreComposer()
	writebackStore{filestore.New(s.Dir)}.UseIn(composer)
	filelocker.New(s.Dir).UseIn(composer)
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
		if _, err := os.Stat(s.Dir + "/" + *t.UploadID + ".info"); err == nil {
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
	t, err := s.Client.UploadToken.Query().Where(uploadtoken.UploadID(hook.Upload.ID)).Only(ctx)
	if err != nil {
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	if err := s.finish(ctx, t, hook.Upload.Storage["Path"], hook.Upload.Size); err != nil {
		var he *httpError
		if !errors.As(err, &he) {
			// The bytes are in, so the client will not send them again: fail the
			// video with the reason rather than leave it uploading.
			s.Log.ErrorContext(ctx, "finish upload", "video_id", t.VideoID, "err", err)
			_ = s.failUpload(ctx, t, http.StatusInternalServerError, "storing the finished upload failed")
		}
		return tusd.HTTPResponse{}, s.tusError(ctx, err)
	}
	_ = os.Remove(hook.Upload.Storage["InfoPath"])
	return tusd.HTTPResponse{Header: tusd.HTTPHeader{"Video-Id": t.VideoID.String()}}, nil
}

// checkTokenAlive refuses HEAD and PATCH on an upload whose token has expired.
func (s *Service) checkTokenAlive(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPatch && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		id := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		t, err := s.Client.UploadToken.Query().Where(uploadtoken.UploadID(id)).Only(r.Context())
		switch {
		case ent.IsNotFound(err):
			http.Error(w, "no such upload", http.StatusNotFound)
			return
		case err != nil:
			s.writeError(w, r, err)
			return
		case t.CompletedAt == nil && !s.now().Before(t.ExpiresAt):
			http.Error(w, "the upload token has expired", http.StatusGone)
			return
		}
		w.Header().Set("Video-Id", t.VideoID.String())
		next.ServeHTTP(w, r)
	})
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
