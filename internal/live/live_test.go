package live_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/live"
)

func TestValidateSimulcastURL(t *testing.T) {
	for _, tc := range []struct {
		url string
		ok  bool
	}{
		{"rtmp://a.rtmp.youtube.com/live2", true},
		{"rtmps://live-api-s.facebook.com:443/rtmp", true},
		{"RTMP://127.0.0.1:1935/app", true},
		{"http://example.com/live", false},
		{"srt://example.com:6000", false},
		{"rtmp:///live", false},
		{"rtmp://user:pw@example.com/live", false},
		{"rtmp://example.com/live?key=x", false},
		{"rtmp://example.com/live#x", false},
		{"not a url", false},
		{"", false},
	} {
		if err := live.ValidateSimulcastURL(tc.url); (err == nil) != tc.ok {
			t.Errorf("ValidateSimulcastURL(%q) = %v, want ok=%v", tc.url, err, tc.ok)
		}
	}
}
