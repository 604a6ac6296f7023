package config

import (
	"strings"
	"testing"
)

func TestLiveURLsDefaultToThePublicHost(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_PUBLIC_URL": "https://video.example.com"}))
	if err != nil {
		t.Fatal(err)
	}
	l := c.LiveURLs
	if l.RTMP != "rtmp://video.example.com:1935/live" || l.RTMPS != "" || l.SRT != "srt://video.example.com:6000" {
		t.Fatalf("defaults = %+v", l)
	}
	if got := l.PublishURL(l.RTMP, "live_k"); got != "rtmp://video.example.com:1935/live/live_k" {
		t.Fatalf("RTMP publish URL = %s", got)
	}
	if got := l.PublishURL(l.RTMPS, "live_k"); got != "" {
		t.Fatalf("RTMPS publish URL without RTMPS = %q", got)
	}
	if got := l.SRTPublishURL("live_k"); got != "srt://video.example.com:6000?streamid=publish:live_k" {
		t.Fatalf("SRT publish URL = %s", got)
	}
}

func TestLiveURLsConfigured(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"VIDRA_LIVE_RTMPS_URL": "rtmps://live.example.com:443/app/", "VIDRA_LIVE_SRT_URL": "srt://[::1]:7000"}))
	if err != nil {
		t.Fatal(err)
	}
	if c.LiveURLs.RTMPS != "rtmps://live.example.com:443/app" || c.LiveURLs.SRT != "srt://[::1]:7000" {
		t.Fatalf("configured = %+v", c.LiveURLs)
	}
	for name, bad := range map[string]string{
		"VIDRA_LIVE_RTMP_URL":  "http://x/live",
		"VIDRA_LIVE_RTMPS_URL": "rtmp://x/live",
		"VIDRA_LIVE_SRT_URL":   "srt://x:6000?streamid=y",
	} {
		_, err := FromEnv(env(map[string]string{name: bad}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%q: error %v, want one naming the variable", name, bad, err)
		}
	}
}
