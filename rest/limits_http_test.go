package rest_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/poll"
)

// firstURI is the first line of an HLS playlist that is not a tag.
func firstURI(t *testing.T, playlist []byte) string {
	t.Helper()
	for _, line := range strings.Split(string(playlist), "\n") {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			return line
		}
	}
	t.Fatalf("no URI in playlist:\n%s", playlist)
	return ""
}

// TestHardLimitOverHTTP plays a video of an organization whose plan caps the
// delivered bytes, delivers more than the cap, and checks over HTTP that a
// new upload is refused (REST 402 with the failure envelope, GraphQL
// PAYMENT_REQUIRED), as is a new playback session's master playlist (402),
// while the rendition playlist and segments of the session in progress still
// play; after an upgrade to a plan without the cap, both work again. Real
// ffmpeg, real metering (the meter's flush and the limits' refresh are
// triggered rather than waited for). Both databases.
func TestHardLimitOverHTTP(t *testing.T) {
	src := clip.Make(t, 2, 320, 240, 25)
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		admin := http.Header{"X-Api-Key": {adminKey}}
		anon := w.s.Anonymous()
		ctx := context.Background()
		var capped, open struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "capped", "name": "Capped", "currency": "EUR", "rank": 1}`, admin), &capped)
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "open", "name": "Open", "currency": "EUR", "rank": 2}`, admin), &open)
		callREST(t, anon, 200, "POST", "/v1/admin/plans/"+capped.ID+"/metrics",
			`{"metric": "delivered_bytes", "included": 1000, "hard_limit": 1000, "model": "standard", "unit_price_micro": 1}`, admin)

		proj := w.s.CreateProject(w.orgID, "Media")
		token, videoID := w.s.UploadToken(proj, 0)
		w.s.TusUpload(token, data)
		if v := w.s.WaitVideo(videoID, 2*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "capped", "payment_gateway": "manual"}`)
		// The period starts now, within the hour: this hour's delivered bytes
		// (kept per hour) count toward it all the same.
		refresh := func() {
			t.Helper()
			if err := w.s.App.FlushUsage(ctx); err != nil {
				t.Fatal(err)
			}
			if err := w.s.App.RefreshLimits(ctx); err != nil {
				t.Fatal(err)
			}
		}
		get := func(path string, want int) []byte {
			t.Helper()
			status, body := anon.Get(path)
			if status != want {
				t.Fatalf("GET %s: %d, want %d: %s", path, status, want, body)
			}
			return body
		}
		uploadREST := func(want int) apptest.Envelope {
			t.Helper()
			status, env := w.s.REST("POST", "/v1/projects/"+proj+"/upload-tokens", `{"title": "next"}`)
			if status != want {
				t.Fatalf("upload token over REST: %d, want %d: %+v", status, want, env)
			}
			return env
		}
		uploadGraphQL := `mutation($p: ID!) { createUploadToken(projectID: $p, input: {title: "next"}) { token } }`

		// A session starts: master, rendition playlist, first segment.
		base := "/v1/play/" + videoID + "/"
		rendition := firstURI(t, get(base+"master.m3u8", 200))
		dir := rendition[:strings.LastIndex(rendition, "/")+1]
		segment := firstURI(t, get(base+rendition, 200))
		n := len(get(base+dir+segment, 200))
		if n <= 1000 {
			t.Fatalf("a segment of %d bytes does not pass the 1000-byte cap", n)
		}
		// The playback handler meters a response once it is written, so the
		// client can have the segment before the meter counts it: flush until
		// the period's usage holds it.
		if !poll.Every(20*time.Millisecond, 10*time.Second, func() bool {
			if err := w.s.App.FlushUsage(ctx); err != nil {
				t.Fatal(err)
			}
			return w.s.SQLInt(`SELECT COALESCE(SUM(quantity), 0) FROM usage_hourlies WHERE project_id = ? AND metric = 'delivered_bytes'`, proj) >= n
		}) {
			t.Fatal("the segment's bytes were not metered within 10 s")
		}
		refresh()

		// Past the hard limit: new uploads and new sessions are refused.
		env := uploadREST(402)
		if env.Success || len(env.Errors) == 0 || !strings.Contains(env.Errors[0].Message, "hard limit of delivered_bytes") {
			t.Fatalf("402 envelope: %+v", env)
		}
		if code := w.s.ErrorCode(uploadGraphQL, map[string]any{"p": proj}); code != "PAYMENT_REQUIRED" {
			t.Fatalf("createUploadToken over GraphQL: %s, want PAYMENT_REQUIRED", code)
		}
		if body := get(base+"master.m3u8", 402); !strings.Contains(string(body), "hard limit") {
			t.Fatalf("402 master: %s", body)
		}
		// The session in progress is never cut.
		get(base+rendition, 200)
		get(base+dir+segment, 200)

		// An upgrade to a plan without the cap lifts the block.
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "open", "payment_gateway": "manual"}`)
		refresh()
		get(base+"master.m3u8", 200)
		uploadREST(200)
		var out struct{ CreateUploadToken struct{ Token string } }
		w.s.MustGraphQL(uploadGraphQL, map[string]any{"p": proj}, &out)
		if out.CreateUploadToken.Token == "" {
			t.Fatal("no upload token after the upgrade")
		}
	})
}

// TestDeliveryLimitBlocksWithinTheRefresh subscribes to a plan whose
// delivered bytes are capped at 20,000 (the period starting now, at whatever
// minute of the hour), plays a video past the cap, and waits, without
// triggering anything, for the server's own meter flush (10 s) and limit
// refresh (10 s): a new session's master playlist must answer 402 within
// them, as an upload does for storage. Both databases, real ffmpeg.
func TestDeliveryLimitBlocksWithinTheRefresh(t *testing.T) {
	src := clip.Make(t, 2, 320, 240, 25)
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		admin := http.Header{"X-Api-Key": {adminKey}}
		anon := w.s.Anonymous()
		var capped struct{ ID string }
		decodeInto(t, callREST(t, anon, 200, "POST", "/v1/admin/plans", `{"code": "capped", "name": "Capped", "currency": "EUR", "rank": 1}`, admin), &capped)
		callREST(t, anon, 200, "POST", "/v1/admin/plans/"+capped.ID+"/metrics",
			`{"metric": "delivered_bytes", "included": 20000, "hard_limit": 20000, "model": "standard", "unit_price_micro": 1}`, admin)
		proj := w.s.CreateProject(w.orgID, "Media")
		token, videoID := w.s.UploadToken(proj, 0)
		w.s.TusUpload(token, data)
		if v := w.s.WaitVideo(videoID, 2*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		callREST(t, w.s, 200, "POST", "/v1/organization/subscribe", `{"plan_code": "capped", "payment_gateway": "manual"}`)
		get := func(path string) (int, []byte) {
			t.Helper()
			return anon.Get(path)
		}
		base := "/v1/play/" + videoID + "/"
		status, master := get(base + "master.m3u8")
		if status != 200 {
			t.Fatalf("master before the cap: %d %s", status, master)
		}
		served := len(master)
		rendition := firstURI(t, master)
		dir := rendition[:strings.LastIndex(rendition, "/")+1]
		_, playlist := get(base + rendition)
		served += len(playlist)
		for _, line := range strings.Split(string(playlist), "\n") {
			if line = strings.TrimSpace(line); line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			status, seg := get(base + dir + line)
			if status != 200 {
				t.Fatalf("segment %s: %d", line, status)
			}
			served += len(seg)
		}
		if served <= 20000 {
			t.Fatalf("served %d bytes, not past the 20,000-byte cap", served)
		}
		// The meter flushes every 10 s and each process refreshes its limits
		// every 10 s: within 20 s (and a margin for a loaded machine), a new
		// session is refused.
		if !poll.Every(250*time.Millisecond, 30*time.Second, func() bool {
			status, body := get(base + "master.m3u8")
			switch {
			case status == 402:
				if !strings.Contains(string(body), "hard limit of delivered_bytes") {
					t.Fatalf("402 body: %s", body)
				}
				return true
			case status != 200:
				t.Fatalf("master while waiting for the block: %d %s", status, body)
			}
			return false
		}) {
			t.Fatalf("%d bytes served against a 20,000-byte limit, still not blocked after 30 s", served)
		}
	})
}
