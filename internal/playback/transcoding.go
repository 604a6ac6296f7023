package playback

import (
	"errors"
	"net/http"
	"regexp"
	"strings"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/transcodingjob"
	"github.com/vidra-dev/vidra/internal/transcode"
)

// transcodingFile names a file of a transcoding job's outputs: the master playlist,
// or an output's playlist or segment.
var transcodingFile = regexp.MustCompile(`^(master\.m3u8|[0-9a-z]{1,20}/(index\.m3u8|seg_[0-9]{5,9}\.ts))$`)

// serveTranscoding serves /v1/play/transcoding/{jobId}/{file}: the outputs of a
// succeeded transcoding job, always with a token signed for the job (the API's
// output URLs carry one); playlists carry the token into their URIs.
func (s *Server) serveTranscoding(w http.ResponseWriter, r *http.Request, rest string) {
	idPart, file, _ := strings.Cut(rest, "/")
	id, err := uuid.Parse(idPart)
	if err != nil || len(idPart) != 36 {
		http.Error(w, "malformed transcoding job id", http.StatusBadRequest)
		return
	}
	token := r.URL.Query().Get("token")
	if token == "" {
		token = r.Header.Get("X-Playback-Token")
	}
	if err := s.Signer.Verify(token, id, s.now()); err != nil {
		status := http.StatusForbidden
		if errors.Is(err, ErrTokenMissing) {
			status = http.StatusUnauthorized
		}
		http.Error(w, err.Error(), status)
		return
	}
	j, err := s.Client.TranscodingJob.Get(r.Context(), id)
	if ent.IsNotFound(err) || (err == nil && j.Status != transcodingjob.StatusSucceeded) {
		http.Error(w, "transcoding job output not found", http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !transcodingFile.MatchString(file) {
		http.Error(w, "no such file", http.StatusNotFound)
		return
	}
	key := transcode.Prefix(id.String()) + file
	if m := transcodingFile.FindStringSubmatch(file); m[2] == "" || m[2] == "index.m3u8" {
		s.servePlaylist(w, r, key, token, "private, no-cache")
		return
	}
	s.serveBlob(w, r, key, "private, max-age=3600")
}
