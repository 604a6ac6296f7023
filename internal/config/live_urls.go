package config

import (
	"fmt"
	"net/url"
	"strings"
)

// LiveURLs are the ingest addresses the API shows publishers (OBS, ffmpeg): the
// addresses clients reach, which a load balancer may map to other ports than
// the ingest nodes listen on.
type LiveURLs struct {
	// RTMP is the RTMP server URL; the stream key is its last path element
	// (VIDRA_LIVE_RTMP_URL, default rtmp://<public host>:1935/live).
	RTMP string
	// RTMPS is the RTMPS server URL, empty when RTMPS is not offered
	// (VIDRA_LIVE_RTMPS_URL, default empty).
	RTMPS string
	// SRT is the SRT address; the key goes in streamid=publish:KEY
	// (VIDRA_LIVE_SRT_URL, default srt://<public host>:6000).
	SRT string
}

// readLiveURLs reads the LiveURLs through get (name, default); publicURL gives
// the default host.
func readLiveURLs(get func(name, def string) string, publicURL string) (LiveURLs, []error) {
	host := "localhost"
	if u, err := url.Parse(publicURL); err == nil && u.Hostname() != "" {
		host = u.Hostname()
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
	}
	l := LiveURLs{
		RTMP:  strings.TrimSuffix(get("VIDRA_LIVE_RTMP_URL", "rtmp://"+host+":1935/live"), "/"),
		RTMPS: strings.TrimSuffix(get("VIDRA_LIVE_RTMPS_URL", ""), "/"),
		SRT:   strings.TrimSuffix(get("VIDRA_LIVE_SRT_URL", "srt://"+host+":6000"), "/"),
	}
	var errs []error
	for _, c := range []struct{ name, value, scheme string }{
		{"VIDRA_LIVE_RTMP_URL", l.RTMP, "rtmp"},
		{"VIDRA_LIVE_RTMPS_URL", l.RTMPS, "rtmps"},
		{"VIDRA_LIVE_SRT_URL", l.SRT, "srt"},
	} {
		if c.value == "" {
			continue
		}
		u, err := url.Parse(c.value)
		if err != nil || u.Scheme != c.scheme || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			errs = append(errs, fmt.Errorf("%s: want %s://host:port/path, no query", c.name, c.scheme))
		}
	}
	return l, errs
}

// PublishURL returns the full RTMP(S) URL with key for base (LiveURLs.RTMP or
// RTMPS); "" when base is empty.
func (LiveURLs) PublishURL(base, key string) string {
	if base == "" {
		return ""
	}
	return base + "/" + key
}

// SRTPublishURL returns the SRT URL with the key as its publish streamid,
// unencoded (streamid=publish:KEY): ffmpeg and OBS hand the streamid of a URL
// to the server as written, so an encoded colon would reach it as "%3A". A
// stream key holds only letters, digits and "_", which need no escaping.
func (l LiveURLs) SRTPublishURL(key string) string {
	if l.SRT == "" {
		return ""
	}
	return l.SRT + "?streamid=publish:" + key
}
