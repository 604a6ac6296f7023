package playback

import (
	"mime"
	"net/http"
	"path"
	"strings"
	"unicode"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/staticrendition"
	"github.com/vidra-dev/vidra/internal/staticres"
)

// DownloadsFolder is the folder of a video's static renditions under its
// playback path: downloads/highest.mp4, downloads/720p.mp4, downloads/audio.m4a.
const DownloadsFolder = "downloads/"

// serveDownload serves a static rendition's file (an MP4 with its index
// first) with ranges, as an attachment named after the video. A static
// rendition being made again keeps serving its last file; one never made
// is 404 and says whether it is on its way.
func (s *Server) serveDownload(w http.ResponseWriter, r *http.Request, v *ent.Video, name, cache string) {
	res, ok := staticres.FromFileName(name)
	if !ok {
		http.Error(w, "not found: downloads are highest.mp4, audio.m4a or {height}p.mp4", http.StatusNotFound)
		return
	}
	sr, err := s.Client.StaticRendition.Query().
		Where(staticrendition.VideoID(v.ID), staticrendition.Resolution(res.Name)).Only(r.Context())
	if ent.IsNotFound(err) {
		http.Error(w, "the video has no "+res.Name+" download: ask for it with createStaticRendition", http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if sr.BlobKey == "" {
		msg := "the " + res.Name + " download is being prepared"
		if sr.Status == staticrendition.StatusFailed {
			msg = "the " + res.Name + " download failed: " + sr.FailureReason
		}
		http.Error(w, msg, http.StatusNotFound)
		return
	}
	if !strings.HasPrefix(cache, "private") {
		cache = "public, max-age=300" // made again when the video is processed again
	}
	w.Header().Set("Content-Disposition", mime.FormatMediaType("attachment",
		map[string]string{"filename": downloadName(v.Title, res)}))
	s.serveBlob(w, r, sr.BlobKey, cache)
}

// downloadName is the file name a download is saved as: the video's title
// (path separators and control characters dropped) and the resolution.
func downloadName(title string, res staticres.Resolution) string {
	clean := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || strings.ContainsRune(`/\:*?"<>|`, r) {
			return -1
		}
		return r
	}, title)
	clean = strings.TrimSpace(clean)
	if len([]rune(clean)) > 100 {
		clean = string([]rune(clean)[:100])
	}
	ext := path.Ext(res.FileName())
	if clean == "" {
		return res.Name + ext
	}
	return clean + " (" + res.Name + ")" + ext
}
