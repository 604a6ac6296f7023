package playback

import (
	"context"
	"fmt"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	lru "github.com/hashicorp/golang-lru/v2"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/media"
)

// Delivery is one response of the playback handler: the bytes served of a
// video, and the media duration of the segment when a whole one was served.
type Delivery struct {
	Project, Video uuid.UUID
	At             time.Time
	Bytes          int64
	// SegmentMs is the media duration of the segment when it was served whole, else 0.
	SegmentMs int64
	// Session is the player's CMCD session id (sid) when it sent one.
	Session string
}

// DeliverySink takes delivery figures off the request path: the analytics
// writer batches them into analytics_delivery (per video and hour). It refuses
// when its queue is full. Billing usage is counted by the usage meter instead.
type DeliverySink interface {
	RecordDelivery(Delivery) error
}

// countingWriter counts the body bytes written to a response and keeps its status.
type countingWriter struct {
	http.ResponseWriter
	n      int64
	status int
}

func (w *countingWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *countingWriter) Write(p []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(p)
	w.n += int64(n)
	return n, err
}

// record counts one response: its bytes (and, for a whole segment, its media
// duration) go to the usage meter in memory, and the same figures to the
// analytics writer for the per-video delivery figures. Neither makes a database
// round trip on the request path.
func (s *Server) record(r *http.Request, v *ent.Video, file string, cw *countingWriter) {
	ctx := r.Context()
	d := Delivery{Project: v.ProjectID, Video: v.ID, At: s.now(), Bytes: cw.n, Session: cmcdSession(r)}
	if wholeBody(cw) && meteredSegment(v, file) {
		d.SegmentMs = s.segmentMs(ctx, v.ID, file)
	}
	s.Usage.Add(d.Project, d.At, d.Bytes, d.SegmentMs)
	if s.Delivery != nil {
		if err := s.Delivery.RecordDelivery(d); err != nil {
			s.Log.WarnContext(ctx, "delivery figures dropped (per-video analytics only; usage is metered)", "video_id", v.ID, "err", err)
		}
	}
}

// meteredSegment reports whether file is a media segment whose seconds count
// as delivered: every segment of a TS video; of a CMAF video, the video
// renditions' segments (the sound rendition's play alongside them, the same
// seconds), or the sound's when the video has no picture.
func meteredSegment(v *ent.Video, file string) bool {
	if !renditionFile.MatchString(file) {
		return false
	}
	switch path.Ext(file) {
	case ".ts":
		return true
	case ".m4s":
		return !strings.HasPrefix(file, media.AudioRenditionName+"/") || v.Width == 0
	}
	return false
}

// wholeBody reports whether a response carried its whole file, to the last
// byte: a 200, or a 206 whose range is the whole file (players and ffmpeg ask
// for "bytes=0-"), of which every byte was written (an aborted download
// delivered part of a segment, not its media seconds).
func wholeBody(cw *countingWriter) bool {
	switch cw.status {
	case http.StatusOK:
		n, err := strconv.ParseInt(cw.Header().Get("Content-Length"), 10, 64)
		return err == nil && n == cw.n
	case http.StatusPartialContent:
		var from, to, total int64
		_, err := fmt.Sscanf(cw.Header().Get("Content-Range"), "bytes %d-%d/%d", &from, &to, &total)
		return err == nil && from == 0 && to == total-1 && cw.n == total
	}
	return false
}

// segmentDurations caches the segment durations (ms by file name) of rendition
// playlists, which never change once written.
type segmentDurations struct {
	once sync.Once
	c    *lru.Cache[string, map[string]int64]
}

// segmentMs is the media duration of a segment (file is "<rendition>/seg_N.ts")
// from its rendition playlist's #EXTINF; 0 when unknown.
func (s *Server) segmentMs(ctx context.Context, video uuid.UUID, file string) int64 {
	s.segments.once.Do(func() { s.segments.c, _ = lru.New[string, map[string]int64](1024) })
	dir, name := path.Split(file)
	key := hlsKey(video, dir+"index.m3u8")
	durs, ok := s.segments.c.Get(key)
	if !ok {
		body, err := s.Bucket.ReadAll(ctx, key)
		if err != nil {
			return 0
		}
		durs = parseSegmentDurations(string(body))
		if strings.Contains(string(body), "#EXT-X-ENDLIST") {
			s.segments.c.Add(key, durs)
		}
	}
	return durs[name]
}

// parseSegmentDurations maps each segment's file name in a rendition playlist
// to its #EXTINF in milliseconds (media.ParseMediaPlaylist reads it).
func parseSegmentDurations(playlist string) map[string]int64 {
	segs, _ := media.ParseMediaPlaylist(playlist)
	out := make(map[string]int64, len(segs))
	for _, seg := range segs {
		name, _, _ := strings.Cut(seg.Name, "?")
		out[name] = int64(seg.Duration*1000 + 0.5)
	}
	return out
}

// cmcdSession is the CMCD session id (sid) of a media request: from the CMCD
// query argument (hls.js's default) or the CMCD-Session header.
func cmcdSession(r *http.Request) string {
	for _, raw := range []string{r.URL.Query().Get("CMCD"), r.Header.Get("CMCD-Session")} {
		for _, kv := range strings.Split(raw, ",") {
			k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
			if ok && k == "sid" {
				if s, err := strconv.Unquote(v); err == nil && len(s) <= 128 {
					return s
				}
			}
		}
	}
	return ""
}
