package playback

import (
	"bytes"
	"net/url"
	"testing"

	"github.com/vidra-dev/vidra/internal/media"
)

// TestImageRequestCacheNames: requests that ask for the same picture in other
// words share a cache name; the fit mode counts only with both sides given.
func TestImageRequestCacheNames(t *testing.T) {
	for _, c := range []struct{ file, query, want string }{
		{"thumbnail.jpg", "time=1.5&width=320", "thumbnail-1500-w320-h0-preserve.jpg"},
		{"thumbnail.jpg", "width=320&time=1.5000&fit_mode=crop", "thumbnail-1500-w320-h0-preserve.jpg"},
		{"thumbnail.png", "time=2&width=100&height=100&fit_mode=pad", "thumbnail-2000-w100-h100-pad.png"},
		{"thumbnail.webp", "", "thumbnail-1000-w0-h0-preserve.webp"}, // the poster's time: a tenth in
		{"animated.gif", "", "animated-0-5000-fps15-w320-h0-preserve.gif"},
		{"animated.webp", "start=8&fps=10&height=90", "animated-8000-10000-fps10-w0-h90-preserve.webp"},
	} {
		q, _ := url.ParseQuery(c.query)
		req, err := parseImageRequest(c.file, q, 10)
		if err != nil || req.cacheName() != c.want {
			t.Errorf("%s?%s: %q %v, want %q", c.file, c.query, req.cacheName(), err, c.want)
		}
	}
	for _, c := range []struct{ file, query string }{
		{"thumbnail.jpg", "time=10.001"}, {"thumbnail.jpg", "time=NaN"}, {"thumbnail.jpg", "height=1921"},
		{"animated.gif", "start=10"}, {"animated.gif", "start=0&end=10.5"}, {"animated.gif", "fps=0"},
		{"animated.webp", "start=1&end=1"}, {"animated.gif", "height=641"},
	} {
		q, _ := url.ParseQuery(c.query)
		if _, err := parseImageRequest(c.file, q, 10); err == nil {
			t.Errorf("%s?%s accepted", c.file, c.query)
		}
	}
}

// TestOutputHeightPicksEnoughLines: the rendition chosen has the lines the
// picture will have after its fit.
func TestOutputHeightPicksEnoughLines(t *testing.T) {
	box := func(q string) imageRequest {
		v, _ := url.ParseQuery(q)
		req, err := parseImageRequest("thumbnail.jpg", v, 10)
		if err != nil {
			t.Fatal(err)
		}
		return req
	}
	for q, want := range map[string]int{
		"width=640":                            360,
		"height=200":                           200,
		"width=640&height=100":                 100, // fitted inside: the height binds
		"width=100&height=100&fit_mode=crop":   100,
		"width=400&height=100&fit_mode=crop":   225, // covers the box: the width binds
		"width=400&height=100&fit_mode=pad":    100,
		"width=50&height=500&fit_mode=stretch": 500,
	} {
		if got := box(q).outputHeight(1280, 720); got != want {
			t.Errorf("%s: %d lines, want %d", q, got, want)
		}
	}
}

// TestMediaPlaylistIVsAndCovering: an encrypted rendition's segments carry the
// key's IV, else their media sequence number; covering finds the run of
// segments of a range.
func TestMediaPlaylistIVsAndCovering(t *testing.T) {
	segs, err := media.ParseMediaPlaylist("#EXTM3U\n#EXT-X-MEDIA-SEQUENCE:10000000\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"../key\"\n#EXTINF:4.000,\nseg_10000000.ts\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"../key\",IV=0x000102030405060708090a0b0c0d0e0f\n#EXTINF:4.000,\nseg_10000001.ts\n" +
		"#EXT-X-KEY:METHOD=NONE\n#EXTINF:2.5,\nseg_10000002.ts\n#EXT-X-ENDLIST\n")
	if err != nil || len(segs) != 3 {
		t.Fatalf("%+v %v", segs, err)
	}
	wantIV := []byte{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x98, 0x96, 0x80} // 10,000,000
	if !bytes.Equal(segs[0].IV, wantIV) || segs[1].IV[15] != 0x0f || segs[2].IV != nil || segs[2].Start != 8 {
		t.Errorf("segments %+v", segs)
	}
	for _, c := range []struct {
		from, to float64
		first    string
		n        int
	}{{0, 0, "seg_10000000.ts", 1}, {4, 4, "seg_10000001.ts", 1}, {3.9, 8.1, "seg_10000000.ts", 3}, {99, 99, "seg_10000002.ts", 1}} {
		run := covering(segs, c.from, c.to)
		if run[0].Name != c.first || len(run) != c.n {
			t.Errorf("covering %.1f-%.1f: %+v", c.from, c.to, run)
		}
	}
}
