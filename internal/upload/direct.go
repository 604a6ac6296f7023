package upload

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"os"
)

// DirectHandler accepts a whole file as the body of one PUT or POST, authorised by
// the Upload-Token header (or ?token=): for small files and simple clients. The
// body is limited to the token's maximum size.
func (s *Service) DirectHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		t, err := s.authorize(ctx, tokenFrom(r), r.ContentLength, r.ContentLength >= 0)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		if err := os.MkdirAll(s.Dir, 0o750); err != nil {
			s.writeError(w, r, err)
			return
		}
		f, err := os.CreateTemp(s.Dir, "direct-*")
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		defer func() { _ = os.Remove(f.Name()) }()
		n, err := io.Copy(f, newWriteback(io.LimitReader(r.Body, t.MaxSize+1), f, 0))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		switch {
		case err != nil:
			s.writeError(w, r, refuse(http.StatusBadRequest, "reading the upload failed: %v", err))
			return
		case n > t.MaxSize:
			s.writeError(w, r, s.failUpload(ctx, t, http.StatusRequestEntityTooLarge, "the upload is over the token's limit of %d bytes", t.MaxSize))
			return
		case n == 0:
			s.writeError(w, r, s.failUpload(ctx, t, http.StatusBadRequest, "the upload is empty (0 bytes)"))
			return
		}
		won, err := s.finish(ctx, t, uploadedBytes{Path: f.Name()}, n)
		if err != nil {
			var he *httpError
			if !errors.As(err, &he) {
				s.Log.ErrorContext(ctx, "finish direct upload", "video_id", t.VideoID, "err", err)
			}
			s.writeError(w, r, err)
			return
		}
		if !won { // another upload with this token finished first
			s.writeError(w, r, refuse(http.StatusConflict, "the upload token was already used for a finished upload"))
			return
		}
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusCreated)
		_ = json.NewEncoder(w).Encode(map[string]any{
			"success": true, "message": "upload received; processing",
			"result": map[string]any{"video_id": t.VideoID, "size": n},
		})
	})
}
