package ingest

import (
	"net/url"
	"strings"
)

// keyFromRTMPURL returns the stream key of an RTMP publish URL: the last path
// element (rtmp://host/live/KEY publishes with key KEY), without any query.
func keyFromRTMPURL(u *url.URL) string {
	if u == nil {
		return ""
	}
	p := strings.Trim(u.Path, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		p = p[i+1:]
	}
	return strings.TrimSpace(p)
}

// keyFromSRTStreamID reads the key of an SRT stream id. Two forms are
// accepted: "publish:KEY" (what the ingest URLs give) and the SRT access
// control form "#!::r=KEY,m=publish". Either may come percent-encoded
// ("publish%3AKEY"): ffmpeg and OBS pass the streamid of a URL on without
// decoding it, and URLs given out before 2026-11 encoded the colon. ok is
// false when the id does not ask to publish or names no key.
func keyFromSRTStreamID(id string) (key string, ok bool) {
	if strings.Contains(id, "%") {
		decoded, err := url.QueryUnescape(id)
		if err != nil {
			return "", false
		}
		id = decoded
	}
	if rest, found := strings.CutPrefix(id, "publish:"); found {
		return rest, rest != ""
	}
	if rest, found := strings.CutPrefix(id, "#!::"); found {
		var mode string
		for _, kv := range strings.Split(rest, ",") {
			k, v, _ := strings.Cut(kv, "=")
			switch k {
			case "r":
				key = v
			case "m":
				mode = v
			}
		}
		return key, key != "" && mode == "publish"
	}
	return "", false
}
