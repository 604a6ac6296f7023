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
// <= 1 s). Each visit is a fresh browser: caches are cold for both.
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
	times := map[string][]float64{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, name := range []string{"embed", "bare"} {
			var res struct{ FirstFrameMs float64 }
			browsertest.Run(b, browsertest.RunOptions{
				URL:     site.PageURL(b, "embed.html", map[string]any{"src": pages[name], "firstFrame": true}),
				Timeout: 60 * time.Second, Settle: time.Millisecond,
			}, &res)
			times[name] = append(times[name], res.FirstFrameMs)
		}
	}
	b.StopTimer()
	p50 := func(v []float64) float64 {
		s := append([]float64(nil), v...)
		sort.Float64s(s)
		return s[len(s)/2]
	}
	e, bare := p50(times["embed"]), p50(times["bare"])
	b.Logf("first frame ms: embed %v, bare hls.js %v", times["embed"], times["bare"])
	b.ReportMetric(e, "embed-p50-ms")
	b.ReportMetric(bare, "bare-p50-ms")
	b.ReportMetric(e/bare, "ratio")
}
