package vimeo_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/vimeo"
	"github.com/vidra-dev/vidra/internal/vimeotest"
)

func TestBestFile(t *testing.T) {
	sd := vimeo.File{Quality: "sd", Width: 640, Height: 360, Link: "https://x/sd", Size: 10}
	hd := vimeo.File{Quality: "hd", Width: 1280, Height: 720, Link: "https://x/hd", Size: 30}
	hdSmall := vimeo.File{Quality: "hd", Width: 1280, Height: 720, Link: "https://x/hd2", Size: 20}
	source := vimeo.File{Quality: "source", Width: 640, Height: 360, Link: "https://x/src", Size: 5}
	hls := vimeo.File{Quality: "hls", Width: 1920, Height: 1080, Link: "https://x/m3u8"}
	noLink := vimeo.File{Quality: "hd", Width: 3840, Height: 2160}
	for _, c := range []struct {
		name     string
		v        vimeo.Video
		want     string
		wantNone bool
	}{
		{name: "largest picture", v: vimeo.Video{Download: []vimeo.File{sd, hd}}, want: "https://x/hd"},
		{name: "then largest size", v: vimeo.Video{Download: []vimeo.File{hdSmall, hd}}, want: "https://x/hd"},
		{name: "the original first", v: vimeo.Video{Download: []vimeo.File{hd, source}}, want: "https://x/src"},
		{name: "downloads before files", v: vimeo.Video{Download: []vimeo.File{sd}, Files: []vimeo.File{hd}}, want: "https://x/sd"},
		{name: "files when no downloads", v: vimeo.Video{Files: []vimeo.File{hls, sd}}, want: "https://x/sd"},
		{name: "never a manifest or a file without a link", v: vimeo.Video{Files: []vimeo.File{hls, noLink}}, wantNone: true},
		{name: "nothing", v: vimeo.Video{}, wantNone: true},
	} {
		got, ok := c.v.Best()
		if ok == c.wantNone || (ok && got.Link != c.want) {
			t.Errorf("%s: Best() = %+v, %v; want %q", c.name, got, ok, c.want)
		}
	}
	if id := (vimeo.Video{URI: "/videos/76979871"}).ID(); id != "76979871" {
		t.Errorf("ID() = %q", id)
	}
}

func TestClientAgainstTheFake(t *testing.T) {
	fake := vimeotest.New(t, vimeotest.Options{Videos: vimeotest.DefaultVideos(), PerPage: 2})
	c := vimeo.New(fake.URL + "/")
	ctx := context.Background()
	if _, err := c.Me(ctx, "wrong"); !errors.Is(err, vimeo.ErrUnauthorized) {
		t.Errorf("Me with a wrong token: %v", err)
	}
	u, err := c.Me(ctx, vimeotest.Token)
	if err != nil || u.URI != "/users/4242" || u.Name != "Test Studio" {
		t.Fatalf("Me = %+v, %v", u, err)
	}
	var ids []string
	err = c.Videos(ctx, vimeotest.Token, func(p *vimeo.Page) error {
		if p.Total != 3 {
			t.Errorf("page %d total %d", p.Page, p.Total)
		}
		for _, v := range p.Data {
			ids = append(ids, v.ID())
		}
		return nil
	})
	if err != nil || strings.Join(ids, ",") != "1001,1002,1003" || strings.Join(fake.Pages(), ",") != "1,2" {
		t.Errorf("Videos = %v, %v (pages %v)", ids, err, fake.Pages())
	}
}

// TestPagingStaysOnTheAPI: a paging.next that is not an API path is refused, so
// the token never goes to another host; other answers become StatusErrors.
func TestPagingStaysOnTheAPI(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("page") {
		case "1":
			_, _ = w.Write([]byte(`{"total": 1, "page": 1, "per_page": 100, "paging": {"next": "https://evil.example/me/videos?page=2"}, "data": []}`))
		default:
			w.WriteHeader(http.StatusServiceUnavailable)
		}
	}))
	defer srv.Close()
	err := vimeo.New(srv.URL).Videos(context.Background(), "t", func(*vimeo.Page) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "not an API path") {
		t.Errorf("absolute next: %v", err)
	}
	_, err = vimeo.New(srv.URL).Me(context.Background(), "t")
	var status *vimeo.StatusError
	if !errors.As(err, &status) || status.Status != 503 || !status.Temporary() {
		t.Errorf("503: %v", err)
	}
}
