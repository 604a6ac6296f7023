package player

import (
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/playback"
)

// samplePage is the page of a video with two caption tracks, chapters and a
// storyboard, as configure writes it.
func samplePage(t testing.TB, s *Server, ads bool) []byte {
	cfg := &pageConfig{VideoID: "0b8a0f7e-61a5-4d1e-9a57-1e6f3b1b2c3d", ProjectID: "5f0c3a8e-2b1d-4c7e-8f9a-0d1e2f3a4b5c",
		Title: "A talk", Duration: 600, Src: "/v1/play/0b8a0f7e-61a5-4d1e-9a57-1e6f3b1b2c3d/master.m3u8",
		Poster: "/v1/play/0b8a0f7e-61a5-4d1e-9a57-1e6f3b1b2c3d/poster.jpg", Player: defaultPlayer,
		Captions: []captionTrack{{"en", "English", "/v1/play/x/captions/en.vtt"}, {"pt-BR", "Português", "/v1/play/x/captions/pt-BR.vtt"}},
		Collect:  "/collect/v1/5f0c3a8e-2b1d-4c7e-8f9a-0d1e2f3a4b5c/events", Ads: []adBreak{}}
	if ads {
		cfg.Ads = []adBreak{{TagURL: "https://ads.example/vast.xml", Placement: "pre_roll", Offsets: []int{}}}
		cfg.AdsScript = assetPrefix + s.Assets.Ads
	}
	rec := httptest.NewRecorder()
	s.writePage(rec, cfg, playback.Policy{})
	if rec.Code != 200 {
		t.Fatalf("page: %d", rec.Code)
	}
	return rec.Body.Bytes()
}

// TestBundlesLoad: the committed bundles are found, and a page names them.
func TestBundlesLoad(t *testing.T) {
	a, err := LoadAssets()
	if err != nil {
		t.Fatal(err)
	}
	page := string(samplePage(t, &Server{Assets: a}, false))
	for _, name := range []string{a.Script, a.Style} {
		if !strings.Contains(page, assetPrefix+name) {
			t.Errorf("the page does not load %s", name)
		}
	}
	if strings.Contains(page, a.Ads) {
		t.Errorf("a page without ads loads the ad code")
	}
}

// BenchmarkEmbedPageWeight reports the page weight of the player, gzip: the
// HTML of a typical page plus the script and stylesheet it loads, without ads
// and with (the ad code loads only then). The target: <= 120 KB.
func BenchmarkEmbedPageWeight(b *testing.B) {
	a, err := LoadAssets()
	if err != nil {
		b.Fatal(err)
	}
	s := &Server{Assets: a}
	var plain, withAds int
	for i := 0; i < b.N; i++ {
		plain = len(gzipped(samplePage(b, s, false))) + a.Weight(false)
		withAds = len(gzipped(samplePage(b, s, true))) + a.Weight(true)
	}
	b.ReportMetric(float64(plain)/1024, "KB-gzip")
	b.ReportMetric(float64(withAds)/1024, "KB-gzip-with-ads")
}
