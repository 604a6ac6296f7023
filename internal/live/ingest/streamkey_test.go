package ingest

import (
	"net/url"
	"testing"
)

func TestKeyFromRTMPURL(t *testing.T) {
	for in, want := range map[string]string{
		"rtmp://h:1935/live/abc":     "abc",
		"rtmp://h/live/abc?x=1":      "abc",
		"rtmp://h/abc":               "abc",
		"rtmp://h/live/":             "live",
		"rtmps://h/app/inst/key-1_2": "key-1_2",
		"rtmp://h":                   "",
	} {
		u, err := url.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := keyFromRTMPURL(u); got != want {
			t.Errorf("%s: got %q, want %q", in, got, want)
		}
	}
}

func TestKeyFromSRTStreamID(t *testing.T) {
	for _, c := range []struct {
		in   string
		key  string
		okay bool
	}{
		{"publish:abc", "abc", true},
		{"publish:", "", false},
		{"#!::r=abc,m=publish", "abc", true},
		{"#!::m=publish,r=abc", "abc", true},
		{"#!::r=abc,m=request", "abc", false},
		{"read:abc", "", false},
		{"publish%3Aabc", "abc", true},
		{"publish%3aabc", "abc", true},
		{"%23%21%3A%3Ar%3Dabc%2Cm%3Dpublish", "abc", true},
		{"publish%3A", "", false},
		{"publish%zzabc", "", false},
		{"", "", false},
	} {
		key, ok := keyFromSRTStreamID(c.in)
		if key != c.key || ok != c.okay {
			t.Errorf("%q: got %q %v, want %q %v", c.in, key, ok, c.key, c.okay)
		}
	}
}
