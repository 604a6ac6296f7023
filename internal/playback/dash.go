package playback

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/caption"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/media"
)

// refuseSession answers 402 when the video's organization may not start a
// playback session (over its plan's hard limit, or unpaid), and reports
// whether it did. Manifests start sessions; their files never are refused.
func (s *Server) refuseSession(w http.ResponseWriter, v *ent.Video) bool {
	if s.Limits == nil {
		return false
	}
	if err := s.Limits.CheckProject(v.ProjectID); err != nil {
		http.Error(w, "payment required: "+err.Error(), http.StatusPaymentRequired)
		return true
	}
	return false
}

// serveDASH serves a CMAF video's MPD (written by the media pipeline once
// the whole ladder is ready) with a text adaptation set per caption track, or
// trimmed to an instant clip's range, and the request's token carried into
// every URL it names.
func (s *Server) serveDASH(w http.ResponseWriter, r *http.Request, v *ent.Video, token string, clip *clipRange) {
	if v.Packaging != video.PackagingCmaf {
		http.Error(w, "no DASH manifest: the video is packaged as MPEG-TS, served as HLS only (videos processed before CMAF packaging, and those of projects that encrypt playback)", http.StatusNotFound)
		return
	}
	key := hlsKey(v.ID, media.DASHManifestName)
	body, ok := s.readBlob(w, r, key)
	if !ok {
		return
	}
	if clip != nil {
		// An instant clip, exact to the in and out points; captions are left
		// out (their cues are timed from the video's start).
		clipped, err := clipMPD(body, *clip)
		if err != nil {
			s.fail(w, r, fmt.Errorf("clip MPD: %w", err))
			return
		}
		body = clipped
	} else {
		list, err := s.Client.Caption.Query().Where(caption.VideoID(v.ID)).Order(caption.ByLanguage()).All(r.Context())
		if err != nil {
			s.fail(w, r, err)
			return
		}
		body = withTextAdaptationSets(body, list)
	}
	cache := playlistCache(v)
	if token != "" {
		body = mpdWithToken(body, token)
		cache = "private, no-cache"
	}
	writeBody(w, r, key, body, cache)
}

// withTextAdaptationSets adds one WebVTT adaptation set per caption track to
// an MPD's period (DASH-IF IOP 6.4.5: a side-loaded WebVTT file as its
// representation's BaseURL).
func withTextAdaptationSets(mpd []byte, list []*ent.Caption) []byte {
	end := bytes.LastIndex(mpd, []byte("</Period>"))
	if len(list) == 0 || end < 0 {
		return mpd
	}
	var sets strings.Builder
	for i, c := range list {
		label := c.Label
		if label == "" {
			label = c.Language
		}
		fmt.Fprintf(&sets, `    <AdaptationSet id="%d" contentType="text" mimeType="text/vtt" lang="%s">`+"\n"+
			`      <Role schemeIdUri="urn:mpeg:dash:role:2011" value="subtitle"></Role>`+"\n"+
			`      <Label>%s</Label>`+"\n"+
			`      <Representation id="captions-%s" bandwidth="256">`+"\n"+
			`        <BaseURL>captions/%s.vtt</BaseURL>`+"\n"+
			`      </Representation>`+"\n"+
			`    </AdaptationSet>`+"\n",
			100+i, xmlText(c.Language), xmlText(label), xmlText(c.Language), xmlText(c.Language))
	}
	out := make([]byte, 0, len(mpd)+sets.Len())
	out = append(out, mpd[:end]...)
	out = append(out, sets.String()...)
	return append(out, mpd[end:]...)
}

// xmlText escapes s for an XML attribute or text node.
func xmlText(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// mpdURL is an MPD attribute or element that holds a URL relative to the MPD.
var mpdURL = regexp.MustCompile(`(initialization|media)="([^"]*)"|<BaseURL>([^<]*)</BaseURL>`)

// mpdWithToken appends ?token= to every URL of an MPD: segment templates'
// initialization and media, and BaseURLs. An escaped token holds no '$', so a
// template stays a template.
func mpdWithToken(mpd []byte, token string) []byte {
	q := "token=" + url.QueryEscape(token)
	add := func(u string) string {
		if strings.Contains(u, "?") {
			return u + "&amp;" + q
		}
		return u + "?" + q
	}
	return mpdURL.ReplaceAllFunc(mpd, func(m []byte) []byte {
		sub := mpdURL.FindSubmatch(m)
		if len(sub[1]) > 0 {
			return []byte(string(sub[1]) + `="` + add(string(sub[2])) + `"`)
		}
		return []byte("<BaseURL>" + add(string(sub[3])) + "</BaseURL>")
	})
}

// serveRenditionPlaylist serves a rendition's media playlist, trimmed to an
// instant clip's range when one is asked for.
func (s *Server) serveRenditionPlaylist(w http.ResponseWriter, r *http.Request, v *ent.Video, file, token string, clip *clipRange) {
	key := hlsKey(v.ID, file)
	if clip == nil {
		s.servePlaylist(w, r, key, token, playlistCache(v))
		return
	}
	body, ok := s.readBlob(w, r, key)
	if !ok {
		return
	}
	clipped, err := clipMediaPlaylist(body, *clip)
	if err != nil {
		s.fail(w, r, fmt.Errorf("clip playlist %s: %w", file, err))
		return
	}
	writePlaylist(w, r, key, clipped, token, playlistCache(v))
}

// serveManifest serves a master playlist, a DASH MPD or a rendition's media
// playlist, whole or trimmed to the instant clip ?start=&end= asks for (400
// for a bad range, 409 before the video is ready). Manifests start playback
// sessions: refused with 402 over the plan's hard limit.
func (s *Server) serveManifest(w http.ResponseWriter, r *http.Request, v *ent.Video, file, token string) {
	clip, clipped, err := parseClipRange(r.URL.Query(), v)
	if err != nil {
		status := http.StatusBadRequest
		if errors.Is(err, errClipNotReady) {
			status = http.StatusConflict
		}
		http.Error(w, err.Error(), status)
		return
	}
	var c *clipRange
	if clipped {
		c = &clip
	}
	switch file {
	case "master.m3u8":
		if s.refuseSession(w, v) {
			return
		}
		if c != nil || !s.serveLiveMaster(w, r, v, token) {
			s.serveMaster(w, r, v, token, c)
		}
	case media.DASHManifestName:
		if !s.refuseSession(w, v) {
			s.serveDASH(w, r, v, token, c)
		}
	default:
		s.serveRenditionPlaylist(w, r, v, file, token, c)
	}
}
