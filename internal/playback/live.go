package playback

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"gocloud.dev/gcerrors"

	"github.com/vidra-dev/vidra/ent"
)

// Live sessions (package internal/live/livehls writes them) keep their playlists and
// segments under videos/{id}/live/; kept in step with livehls.Prefix.
func liveKey(id uuid.UUID, rest string) string { return "videos/" + id.String() + "/live/" + rest }

// liveFile names a file of a live session: the sliding playlist, the
// recording's playlist, a segment, an LL-HLS part, the session's AES key, or
// a transcoded rendition's playlist or segment (live/720p/...).
var liveFile = regexp.MustCompile(`^live/(index\.m3u8|recording\.m3u8|seg_[0-9]{5,9}\.ts|part_[0-9]{5,9}_[0-9]{1,3}\.ts|key|[0-9]{2,4}p/(index\.m3u8|seg_[0-9]{5,9}\.ts))$`)

// statusLive is the status of a video that is a live session's recording in progress.
const statusLive = "live"

// serveLiveMaster serves the live session's master playlist when the video is
// live, or when it has ended and is not ready yet (so the whole recording
// plays at once, and keeps playing while the ladder is encoded: the ladder's
// early-published master names one rendition that is still growing, less than
// the recording). It reports whether it answered. The master comes from the
// cache while the video row is as it was when it was read.
func (s *Server) serveLiveMaster(w http.ResponseWriter, r *http.Request, v *ent.Video, token string) bool {
	if string(v.Status) == "ready" {
		s.liveMasters.forget(v.ID)
		return false
	}
	key := liveKey(v.ID, "master.m3u8")
	if body, ok := s.liveMasters.get(v.ID, v.UpdatedAt, string(v.Status)); ok {
		writePlaylist(w, r, key, body, token, "no-cache")
		return true
	}
	ctx := r.Context()
	if string(v.Status) != statusLive {
		if ok, err := s.Bucket.Exists(ctx, key); err != nil || !ok {
			return false
		}
	}
	body, ok := s.awaitLiveMaster(w, r, key)
	if !ok {
		return true
	}
	s.liveMasters.put(v.ID, v.UpdatedAt, string(v.Status), body)
	writePlaylist(w, r, key, body, token, "no-cache")
	return true
}

// masterWait is how long a request for a live video's master waits for the
// session's first segment (the master is written with it); masterRetry is
// the Retry-After of the 503 after that.
const (
	masterWait  = 4 * time.Second
	masterRetry = "1"
)

// awaitLiveMaster reads a live session's master, waiting up to masterWait
// for it when the session has no segment yet (the stream is already active:
// the first segment takes a GOP or two); then it answers 503 with
// Retry-After. It reports whether it has the body (else it answered).
func (s *Server) awaitLiveMaster(w http.ResponseWriter, r *http.Request, key string) ([]byte, bool) {
	deadline := time.Now().Add(masterWait)
	for {
		body, err := s.Bucket.ReadAll(r.Context(), key)
		switch {
		case err == nil:
			return body, true
		case gcerrors.Code(err) != gcerrors.NotFound:
			s.fail(w, r, err)
			return nil, false
		case time.Now().After(deadline):
			w.Header().Set("Retry-After", masterRetry)
			http.Error(w, "the live stream has no segment yet: retry shortly", http.StatusServiceUnavailable)
			return nil, false
		}
		select {
		case <-r.Context().Done():
			return nil, false
		case <-time.After(blockPoll):
		}
	}
}

// serveLive serves a file of a live session: playlists no-cache (the sliding
// one with LL-HLS blocking reload), segments and parts immutable.
func (s *Server) serveLive(w http.ResponseWriter, r *http.Request, v *ent.Video, file, token string, tokenErr error, cache string) {
	name := strings.TrimPrefix(file, "live/")
	switch {
	case name == "key":
		s.serveLiveKey(w, r, v, tokenErr)
	case name == "index.m3u8":
		s.serveLivePlaylist(w, r, v, token)
	case name == "recording.m3u8", strings.HasSuffix(name, "/index.m3u8"):
		s.servePlaylist(w, r, liveKey(v.ID, name), token, "no-cache")
	case strings.HasPrefix(name, "part_"):
		s.awaitHintedPart(r, v, name)
		s.serveBlob(w, r, liveKey(v.ID, name), cache)
	default:
		s.serveBlob(w, r, liveKey(v.ID, name), cache)
	}
}

// serveLiveKey serves a live session's AES-128 key, only with a valid token.
func (s *Server) serveLiveKey(w http.ResponseWriter, r *http.Request, v *ent.Video, tokenErr error) {
	if refuseToken(w, tokenErr) {
		return
	}
	key, err := s.Bucket.ReadAll(r.Context(), liveKey(v.ID, "aes.key"))
	if gcerrors.Code(err) == gcerrors.NotFound {
		http.Error(w, "the live session is not encrypted", http.StatusNotFound)
		return
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "application/octet-stream")
	w.Header().Set("Cache-Control", "private, no-store")
	_, _ = w.Write(key)
}

// Blocking playlist reload (LL-HLS): how often the playlist is read again while
// a request waits, and the longest wait (the spec's three target durations,
// bounded here).
const (
	blockPoll = 50 * time.Millisecond
	blockMax  = 6 * time.Second
)

// serveLivePlaylist serves the sliding playlist. With _HLS_msn (and _HLS_part)
// it holds the request until the playlist holds that segment (or part), the
// stream ends, or the wait times out (503, as the LL-HLS spec asks).
func (s *Server) serveLivePlaylist(w http.ResponseWriter, r *http.Request, v *ent.Video, token string) {
	key := liveKey(v.ID, "index.m3u8")
	q := r.URL.Query()
	msnArg, partArg := q.Get("_HLS_msn"), q.Get("_HLS_part")
	if msnArg == "" {
		if partArg != "" {
			http.Error(w, "_HLS_part needs _HLS_msn", http.StatusBadRequest)
			return
		}
		s.servePlaylist(w, r, key, token, "no-cache")
		return
	}
	msn, err := strconv.Atoi(msnArg)
	part := -1
	if err == nil && partArg != "" {
		part, err = strconv.Atoi(partArg)
	}
	if err != nil || msn < 0 || (partArg != "" && part < 0) {
		http.Error(w, "malformed _HLS_msn or _HLS_part", http.StatusBadRequest)
		return
	}
	deadline := time.Now().Add(blockMax)
	for {
		body, ok := s.awaitLiveMaster(w, r, key)
		if !ok {
			return
		}
		st := parseLiveState(string(body))
		if msn > st.lastComplete+2 && st.lastComplete >= 0 {
			http.Error(w, "_HLS_msn is too far ahead of the playlist", http.StatusBadRequest)
			return
		}
		if st.ended || st.holds(msn, part) {
			writePlaylist(w, r, key, body, token, "no-cache")
			return
		}
		if time.Now().After(deadline) {
			http.Error(w, "the requested segment did not arrive in time", http.StatusServiceUnavailable)
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(blockPoll):
		}
	}
}

// awaitHintedPart holds a request for the part the playlist announces in
// EXT-X-PRELOAD-HINT until the part is written (RFC 8216bis 6.2.5.3: a
// client may ask for a hinted resource before it exists), at most blockMax.
// Any other missing part is answered at once (404).
func (s *Server) awaitHintedPart(r *http.Request, v *ent.Video, name string) {
	key := liveKey(v.ID, name)
	deadline := time.Now().Add(blockMax)
	for {
		if ok, err := s.Bucket.Exists(r.Context(), key); err != nil || ok {
			return
		}
		pl, err := s.Bucket.ReadAll(r.Context(), liveKey(v.ID, "index.m3u8"))
		if err != nil || parseLiveState(string(pl)).hint != name || time.Now().After(deadline) {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-time.After(blockPoll):
		}
	}
}

// liveState is what a blocking reload needs of a playlist.
type liveState struct {
	lastComplete int // media sequence of the last whole segment; -1 when none
	partsOfNext  int // parts listed of the segment after it
	ended        bool
	hint         string // the part named by EXT-X-PRELOAD-HINT
}

// holds reports whether the playlist holds segment msn (part >= 0: that part
// of it, or the whole segment).
func (st liveState) holds(msn, part int) bool {
	if msn <= st.lastComplete {
		return true
	}
	return part >= 0 && msn == st.lastComplete+1 && part < st.partsOfNext
}

// parseLiveState reads the media sequence, the whole segments and the trailing
// parts of a playlist.
func parseLiveState(pl string) liveState {
	st := liveState{lastComplete: -1}
	seq, segs, trailing := 0, 0, 0
	for _, l := range strings.Split(pl, "\n") {
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			seq, _ = strconv.Atoi(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"))
		case strings.HasPrefix(l, "#EXTINF:"):
			segs++
			trailing = 0
		case strings.HasPrefix(l, "#EXT-X-PART:"):
			trailing++
		case l == "#EXT-X-ENDLIST":
			st.ended = true
		case strings.HasPrefix(l, "#EXT-X-PRELOAD-HINT:"):
			if m := keyURI.FindStringSubmatch(l); m != nil {
				st.hint = m[1]
			}
		}
	}
	st.lastComplete = seq + segs - 1
	st.partsOfNext = trailing
	return st
}
