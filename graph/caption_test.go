package graph_test

import (
	"context"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const uploadCaption = `mutation($v: ID!, $lang: String!, $label: String, $file: Upload!) {
  uploadCaption(videoID: $v, language: $lang, label: $label, file: $file) { id language label sourceFormat size blobKey text }
}`

type captionOut struct {
	ID, Language, Label, SourceFormat, BlobKey, Text string
	Size                                             int
}

const srtTrack = "\ufeff1\r\n00:00:01,000 --> 00:00:02,500\r\n<font color=\"red\">Hello</font> --> world\r\n\r\n2\r\n00:01:00,000 --> 01:00:00,001\r\nBye\r\n"

const wantSRTAsVTT = "WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.500\nHello --&gt; world\n\n2\n00:01:00.000 --> 01:00:00.001\nBye\n"

func TestCaptions(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		video := s.CreateVideo(proj, "", "clip")
		var out struct{ UploadCaption captionOut }
		mustUpload(t, s, uploadCaption, map[string]any{"v": video, "lang": "pt-br", "label": "Português"},
			apptest.File{Var: "file", Name: "subs.srt", Content: []byte(srtTrack)}, &out)
		c := out.UploadCaption
		if c.Language != "pt-BR" || c.Label != "Português" || c.SourceFormat != "srt" || c.Text != wantSRTAsVTT || c.Size != len(wantSRTAsVTT) {
			t.Fatalf("caption = %+v", c)
		}
		if !strings.HasPrefix(c.BlobKey, "projects/"+proj+"/videos/"+video+"/captions/") {
			t.Fatalf("blob key = %q", c.BlobKey)
		}
		// The same language again replaces the caption and removes the old blob.
		vtt := "WEBVTT - English\n\nNOTE a comment\n\ncue-1\n00:01.000 --> 00:02.000 align:start\nHi\n"
		mustUpload(t, s, uploadCaption, map[string]any{"v": video, "lang": "pt-BR"},
			apptest.File{Var: "file", Name: "subs.vtt", Content: []byte(vtt)}, &out)
		if out.UploadCaption.ID != c.ID || out.UploadCaption.SourceFormat != "vtt" || out.UploadCaption.Text != vtt || out.UploadCaption.Label != "" {
			t.Fatalf("replaced caption = %+v", out.UploadCaption)
		}
		waitBlobsRemoved(t, s, c.BlobKey)
		mustUpload(t, s, uploadCaption, map[string]any{"v": video, "lang": "en"},
			apptest.File{Var: "file", Name: "en.vtt", Content: []byte(vtt)}, &out)
		var list struct{ VideoCaptions []struct{ Language string } }
		s.MustGraphQL(`query($v: ID!) { videoCaptions(videoID: $v) { language } }`, map[string]any{"v": video}, &list)
		if len(list.VideoCaptions) != 2 || list.VideoCaptions[0].Language != "en" || list.VideoCaptions[1].Language != "pt-BR" {
			t.Fatalf("captions = %+v", list.VideoCaptions)
		}
		bad := map[string]string{
			"no cues":         "WEBVTT\n",
			"bad timestamp":   "WEBVTT\n\n00:01.000 --> 00:0x.000\nHi\n",
			"ends early":      "WEBVTT\n\n00:02.000 --> 00:01.000\nHi\n",
			"srt no number":   "00:00:01,000 --> 00:00:02,000\nHi\n",
			"srt bad timing":  "1\n00:00:01 --> 00:00:02\nHi\n",
			"not text":        "\xff\xfe\x00\x01",
			"arrow in a cue":  "WEBVTT\n\n00:01.000 --> 00:02.000\na --> b\n",
			"late vtt header": "\n\nWEBVTT\n\n00:01.000 --> 00:02.000\nHi\n",
		}
		for name, text := range bad {
			msg := wantUploadError(t, s, "INVALID_INPUT", uploadCaption, map[string]any{"v": video, "lang": "de"},
				apptest.File{Var: "file", Name: "x", Content: []byte(text)})
			if !strings.HasPrefix(msg, "invalid caption file") {
				t.Errorf("%s: message %q", name, msg)
			}
		}
		wantUploadError(t, s, "INVALID_INPUT", uploadCaption, map[string]any{"v": video, "lang": "not a language"},
			apptest.File{Var: "file", Name: "x", Content: []byte(vtt)})
		wantUploadError(t, s, "NOT_FOUND", uploadCaption, map[string]any{"v": "01900000-0000-7000-8000-000000000000", "lang": "en"},
			apptest.File{Var: "file", Name: "x", Content: []byte(vtt)})

		get := `query($v: ID!, $id: ID!) { caption(videoID: $v, id: $id) { language } }`
		other := s.CreateVideo(proj, "", "other")
		wantOpError(t, s, "NOT_FOUND", "", get, map[string]any{"v": other, "id": c.ID})
		var del struct{ DeleteCaption string }
		s.MustGraphQL(`mutation($v: ID!, $id: ID!) { deleteCaption(videoID: $v, id: $id) }`, map[string]any{"v": video, "id": c.ID}, &del)
		wantOpError(t, s, "NOT_FOUND", "", get, map[string]any{"v": video, "id": c.ID})
		if n := sqlInt(t, s, "SELECT count(*) FROM captions WHERE video_id = ?", video); n != 1 {
			t.Fatalf("captions left = %d, want 1", n)
		}
		// Deleting the video removes its captions and, after commit, their blobs.
		s.MustGraphQL(`mutation($id: ID!) { deleteVideo(id: $id) }`, map[string]any{"id": video}, nil)
		if n := sqlInt(t, s, "SELECT count(*) FROM captions WHERE video_id = ?", video); n != 0 {
			t.Fatalf("captions of a deleted video = %d", n)
		}
		waitBlobsRemoved(t, s, "projects/"+proj+"/videos/"+video+"/")
	})
}

func TestChapters(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		video := s.CreateVideo(proj, "", "clip")
		set := `mutation($v: ID!, $c: [ChapterInput!]!) { setVideoChapters(videoID: $v, chapters: $c) { title startSeconds } }`
		var out struct {
			SetVideoChapters []struct {
				Title        string
				StartSeconds float64
			}
		}
		s.MustGraphQL(set, map[string]any{"v": video, "c": []map[string]any{
			{"title": "Outro", "startSeconds": 90.5}, {"title": "Intro", "startSeconds": 0}, {"title": "Main", "startSeconds": 12},
		}}, &out)
		if got := len(out.SetVideoChapters); got != 3 || out.SetVideoChapters[0].Title != "Intro" || out.SetVideoChapters[2].StartSeconds != 90.5 {
			t.Fatalf("chapters = %+v", out.SetVideoChapters)
		}
		vttQuery := `query($v: ID!) { videoChaptersWebVTT(videoID: $v) }`
		var vtt struct{ VideoChaptersWebVTT string }
		s.MustGraphQL(vttQuery, map[string]any{"v": video}, &vtt)
		want := "WEBVTT\n\n1\n00:00:00.000 --> 00:00:12.000\nIntro\n\n2\n00:00:12.000 --> 00:01:30.500\nMain\n\n3\n00:01:30.500 --> 24:01:30.500\nOutro\n"
		if vtt.VideoChaptersWebVTT != want {
			t.Fatalf("WebVTT =\n%s\nwant\n%s", vtt.VideoChaptersWebVTT, want)
		}
		// Once the duration is known, the last chapter ends with the video and later
		// starts are refused.
		ctx := context.Background()
		if _, err := s.App.DB.SQL.ExecContext(ctx, rebind(s, "UPDATE videos SET duration = 100 WHERE id = ?"), video); err != nil {
			t.Fatal(err)
		}
		s.MustGraphQL(vttQuery, map[string]any{"v": video}, &vtt)
		if !strings.HasSuffix(vtt.VideoChaptersWebVTT, "00:01:30.500 --> 00:01:40.000\nOutro\n") {
			t.Fatalf("WebVTT with duration =\n%s", vtt.VideoChaptersWebVTT)
		}
		wantOpError(t, s, "INVALID_INPUT", "startSeconds", set, map[string]any{"v": video, "c": []map[string]any{{"title": "Late", "startSeconds": 100}}})
		wantOpError(t, s, "INVALID_INPUT", "startSeconds", set, map[string]any{"v": video, "c": []map[string]any{{"title": "A", "startSeconds": 5}, {"title": "B", "startSeconds": 5}}})
		wantOpError(t, s, "INVALID_INPUT", "startSeconds", set, map[string]any{"v": video, "c": []map[string]any{{"title": "A", "startSeconds": -1}}})
		wantOpError(t, s, "INVALID_INPUT", "title", set, map[string]any{"v": video, "c": []map[string]any{{"title": " ", "startSeconds": 1}}})
		if n := sqlInt(t, s, "SELECT count(*) FROM chapters WHERE video_id = ?", video); n != 3 {
			t.Fatalf("refused sets changed chapters: %d rows", n)
		}
		s.MustGraphQL(set, map[string]any{"v": video, "c": []map[string]any{}}, &out)
		if len(out.SetVideoChapters) != 0 {
			t.Fatalf("cleared chapters = %+v", out.SetVideoChapters)
		}
	})
}
