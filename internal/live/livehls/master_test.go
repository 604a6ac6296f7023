package livehls_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
)

// TestLiveMasterBeforeFirstSegment: the master of a live video whose session
// has no segment yet is not a 404. With no publisher it answers 503 with
// Retry-After after a bounded wait; asked while the publisher's first segment
// is on its way, the request is held and answered with the live master once
// the segment exists; and after it, at once.
func TestLiveMasterBeforeFirstSegment(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		master := s.URL + "/v1/play/" + o.VideoID.String() + "/master.m3u8"
		asked := time.Now()
		res, err := s.Client.Get(master)
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if waited := time.Since(asked); res.StatusCode != http.StatusServiceUnavailable || res.Header.Get("Retry-After") != "1" || waited > 10*time.Second {
			t.Fatalf("master without a segment: %d, Retry-After %q after %s; want 503, Retry-After 1, within a few seconds",
				res.StatusCode, res.Header.Get("Retry-After"), waited)
		}

		done := make(chan error, 1)
		go func() { done <- sess.Run(context.Background(), tsPublisher(t, 6, true)) }()
		select {
		case <-sess.FirstSegment():
			t.Fatal("the first segment came before the master was asked (the clip starts slower than that)")
		default:
		}
		code, _, body := get(t, s, master)
		if ok, err := s.App.Bucket.Exists(context.Background(), livehls.Prefix(o.VideoID)+"seg_00000.ts"); err != nil || !ok {
			t.Fatalf("the master answered before the first segment existed (%v)", err)
		}
		if code != http.StatusOK || !strings.Contains(body, "live/index.m3u8") {
			t.Fatalf("master asked before the first segment: %d\n%s", code, body)
		}
		if code, _, body := get(t, s, master); code != http.StatusOK || !strings.Contains(body, "live/index.m3u8") {
			t.Fatalf("master after the first segment: %d\n%s", code, body)
		}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
	})
}
