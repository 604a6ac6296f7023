package playback

import (
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strings"

	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/ent/chapter"
	"github.com/vidra-dev/vidra/internal/captions"
)

// captionFile is a caption track by language: captions/{language}.vtt, or the
// one-entry HLS subtitle playlist captions/{language}.m3u8 that points to it.
var captionFile = regexp.MustCompile(`^captions/([A-Za-z0-9-]{1,35})\.(vtt|m3u8)$`)

// trackCache is the caching of captions and chapters, which their owner may
// replace at any time.
const trackCache = "public, max-age=60"

// serveCaption serves a video's caption track for a language as WebVTT, or its
// HLS subtitle playlist.
func (s *Server) serveCaption(w http.ResponseWriter, r *http.Request, v *ent.Video, lang, ext, token string) {
	c, err := s.Client.Caption.Query().Where(caption.VideoID(v.ID), caption.Language(lang)).Only(r.Context())
	if ent.IsNotFound(err) {
		http.Error(w, "the video has no captions in "+lang, http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if ext == "m3u8" {
		if v.Duration <= 0 {
			http.Error(w, "the video's duration is not known yet", http.StatusNotFound)
			return
		}
		writePlaylist(w, r, "captions.m3u8", subtitlePlaylist(c.Language, v.Duration), token, trackCache)
		return
	}
	body, err := s.Bucket.ReadAll(r.Context(), c.BlobKey)
	if gcerrors.Code(err) == gcerrors.NotFound {
		http.Error(w, "the caption file is missing", http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	writePlaylist(w, r, "caption.vtt", body, token, trackCache)
}

// serveChapters serves a video's chapters as a WebVTT chapters track.
func (s *Server) serveChapters(w http.ResponseWriter, r *http.Request, v *ent.Video, token string) {
	list, err := s.Client.Chapter.Query().Where(chapter.VideoID(v.ID)).Order(chapter.ByStartSeconds()).All(r.Context())
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(list) == 0 {
		http.Error(w, "the video has no chapters", http.StatusNotFound)
		return
	}
	chapters := make([]captions.Chapter, len(list))
	for i, c := range list {
		chapters[i] = captions.Chapter{Title: c.Title, StartSeconds: c.StartSeconds}
	}
	writePlaylist(w, r, "chapters.vtt", []byte(captions.ChaptersVTT(chapters, v.Duration)), token, trackCache)
}

// serveMaster serves the master playlist the transcoder wrote, with the video's
// captions added as SUBTITLES renditions.
func (s *Server) serveMaster(w http.ResponseWriter, r *http.Request, v *ent.Video, token string, clip *clipRange) {
	key := hlsKey(v.ID, "master.m3u8")
	body, ok := s.readBlob(w, r, key)
	if !ok {
		return
	}
	if clip != nil {
		// An instant clip: every playlist the master names is trimmed to the
		// range. Captions are left out: their cues are timed from the video's start.
		writePlaylist(w, r, key, withQuery(body, clip.query()), token, playlistCache(v))
		return
	}
	if v.Duration > 0 {
		list, err := s.Client.Caption.Query().Where(caption.VideoID(v.ID)).Order(caption.ByLanguage()).All(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		body = withSubtitles(body, list)
	}
	writePlaylist(w, r, key, body, token, playlistCache(v))
}

// subtitlesGroup is the GROUP-ID of the captions in a master playlist.
const subtitlesGroup = "subs"

// withSubtitles adds one EXT-X-MEDIA TYPE=SUBTITLES per caption to a master
// playlist and names their group on every variant stream.
func withSubtitles(master []byte, list []*ent.Caption) []byte {
	if len(list) == 0 {
		return master
	}
	var media strings.Builder
	for _, c := range list {
		name := c.Label
		if name == "" {
			name = c.Language
		}
		// A quoted-string attribute may hold neither double quotes nor line breaks.
		name = strings.NewReplacer(`"`, "'", "\n", " ", "\r", " ").Replace(name)
		fmt.Fprintf(&media, "#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=\"%s\",NAME=\"%s\",LANGUAGE=\"%s\",DEFAULT=NO,AUTOSELECT=YES,URI=\"captions/%s.m3u8\"\n",
			subtitlesGroup, name, c.Language, c.Language)
	}
	var out strings.Builder
	added := false
	for _, l := range strings.SplitAfter(string(master), "\n") {
		if strings.HasPrefix(l, "#EXT-X-STREAM-INF:") {
			if !added {
				out.WriteString(media.String())
				added = true
			}
			l = strings.TrimRight(l, "\r\n") + `,SUBTITLES="` + subtitlesGroup + "\"\n"
		}
		out.WriteString(l)
	}
	return []byte(out.String())
}

// subtitlePlaylist is the HLS media playlist of one caption track: the whole
// WebVTT file as a single segment as long as the video.
func subtitlePlaylist(lang string, duration float64) []byte {
	return fmt.Appendf(nil, "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:%d\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:%.3f,\n%s.vtt\n#EXT-X-ENDLIST\n",
		int(math.Ceil(duration)), duration, lang)
}
