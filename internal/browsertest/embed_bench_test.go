package browsertest_test

import (
	"net/url"
	"sort"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/browsertest"
)

// BenchmarkEmbedFirstFrame measures, in headless Chromium on loopback, the time
// from a page's navigation to the first video frame presented, for the embed
// page (/embed/{videoId}, autoplay, framed as a customer frames it) and for a
// bare hls.js page (browser/pages/bare.html, the full hls.js build, framed the
// same way) playing the same Vidra stream, interleaved, b.N times each. It
// reports both p50s and their ratio (the target: embed <= 1.2x bare, and
// <= 1 s), and, on the same clock, the p50 of when each page's master playlist
// request started and its first segment arrived (where the time goes). Each
// visit is a fresh browser: caches are cold for both.
func BenchmarkEmbedFirstFrame(b *testing.B) {
	browsertest.Chromium(b)
	browsertest.Modules(b)
	s := apptest.New(b, dialect.SQLite)
	proj := s.CreateProject(s.CreateOrganization("Acme"), "Bench")
	video := browsertest.ReadyVideo(b, s, proj, 10)
	site := browsertest.NewSite(b, browsertest.SiteOptions{Backend: s.URL})
	var out struct{ CreatePlayer struct{ ID string } }
	s.MustGraphQL(`mutation($p: ID!) { createPlayer(projectID: $p, input: {name: "Bench", autoplay: true, muted: true}) { id } }`, map[string]any{"p": proj}, &out)
	pages := map[string]string{
		"embed": "/embed/" + video + "?player=" + out.CreatePlayer.ID,
		"bare":  "/harness/bare.html?src=" + url.QueryEscape("/v1/play/"+video+"/master.m3u8"),
	}
	type visit struct{ FirstFrameMs, ManifestStartMs, SegmentEndMs float64 }
	visits := map[string][]visit{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, name := range []string{"embed", "bare"} {
			var res visit
			browsertest.Run(b, browsertest.RunOptions{
				URL:     site.PageURL(b, "embed.html", map[string]any{"src": pages[name], "firstFrame": true}),
				Timeout: 60 * time.Second, Settle: time.Millisecond,
			}, &res)
			if res.FirstFrameMs <= 0 {
				b.Fatalf("%s: no first frame: %+v", name, res)
			}
			visits[name] = append(visits[name], res)
		}
	}
	b.StopTimer()
	p50 := func(name string, f func(visit) float64) float64 {
		var s []float64
		for _, v := range visits[name] {
			s = append(s, f(v))
		}
		sort.Float64s(s)
		return s[len(s)/2]
	}
	frame := func(v visit) float64 { return v.FirstFrameMs }
	e, bare := p50("embed", frame), p50("bare", frame)
	b.Logf("visits (first frame, manifest request start, first segment end; ms): embed %v, bare hls.js %v", visits["embed"], visits["bare"])
	b.ReportMetric(e, "embed-p50-ms")
	b.ReportMetric(bare, "bare-p50-ms")
	b.ReportMetric(e/bare, "ratio")
	for _, name := range []string{"embed", "bare"} {
		b.ReportMetric(p50(name, func(v visit) float64 { return v.ManifestStartMs }), name+"-manifest-p50-ms")
		b.ReportMetric(p50(name, func(v visit) float64 { return v.SegmentEndMs }), name+"-segment-p50-ms")
	}
}
