package media_test

import (
	"context"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/media"
)

func TestPlanLadderNeverUpscales(t *testing.T) {
	cases := []struct {
		w, h int
		want []string
	}{
		{1920, 1080, []string{"360p", "480p", "720p", "1080p"}},
		{1280, 720, []string{"360p", "480p", "720p"}},
		{640, 360, []string{"360p"}},
		{320, 240, []string{"240p"}},
		{3840, 2160, []string{"360p", "480p", "720p", "1080p"}},
	}
	for _, c := range cases {
		rends, err := media.PlanLadder(media.DefaultLadder(), c.w, c.h)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rends {
			got = append(got, r.Name)
			if r.Width%2 != 0 || r.Height > c.h {
				t.Errorf("%dx%d: rendition %s is %dx%d", c.w, c.h, r.Name, r.Width, r.Height)
			}
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%dx%d: got %v, want %v", c.w, c.h, got, c.want)
		}
	}
}

func TestProbeTranscodeAndImages(t *testing.T) {
	src := clip.Make(t, 3, 640, 360, 30)
	tools := media.FindTools("", "")
	ctx := context.Background()
	p, err := tools.ProbeFile(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	if p.Width != 640 || p.Height != 360 || !p.HasAudio || p.Duration < 2.9 || p.FPS != 30 {
		t.Fatalf("probe = %+v", p)
	}
	rends, _ := media.PlanLadder(media.DefaultLadder(), p.Width, p.Height)
	out := t.TempDir()
	var last float64
	if err := tools.TranscodeHLS(ctx, p.Input, out, rends, media.HLSOptions{FPS: p.FPS, HasAudio: true, Progress: func(s float64) { last = s }}); err != nil {
		t.Fatal(err)
	}
	if last < 2 {
		t.Errorf("last progress %.2fs", last)
	}
	pl, err := os.ReadFile(filepath.Join(out, "360p", "index.m3u8"))
	if err != nil || !strings.Contains(string(pl), "seg_00000.ts") || !strings.Contains(string(pl), "#EXT-X-ENDLIST") {
		t.Fatalf("playlist %q: %v", pl, err)
	}
	// MPEG-TS renditions carry the sound (AES-128 projects and the transcoding
	// jobs API play them alone).
	if seg, err := tools.ProbeFile(ctx, filepath.Join(out, "360p", "seg_00000.ts")); err != nil || !seg.HasAudio || !seg.HasVideo {
		t.Fatalf("TS segment: %+v, %v", seg, err)
	}
	// Keyframes every two seconds (Apple's HLS authoring specification, 1.9).
	keys, err := osexec.Command("ffprobe", "-v", "error", "-skip_frame", "nokey", "-select_streams", "v:0",
		"-show_entries", "frame=pts_time", "-of", "csv=p=0", filepath.Join(out, "360p", "seg_00000.ts")).Output()
	if times := strings.Fields(string(keys)); err != nil || len(times) != 2 {
		t.Errorf("keyframes of a 3 s rendition at %q (%v), want two, 2 s apart", times, err)
	}
	frames, err := tools.Thumbnails(ctx, t.TempDir(), p)
	if err != nil || len(frames) != 3 {
		t.Fatalf("thumbnails %v: %v", frames, err)
	}
	sb, sprite, err := tools.MakeStoryboard(ctx, t.TempDir(), p)
	if err != nil {
		t.Fatal(err)
	}
	if sb.Frames != 3 || sb.Columns != 3 || sb.Rows != 1 {
		t.Errorf("storyboard %+v", sb)
	}
	sp, err := tools.ProbeFile(ctx, sprite)
	if err == nil && (sp.Width != 480 || sp.Height != 90) {
		t.Errorf("sprite is %dx%d", sp.Width, sp.Height)
	}
	vtt := string(media.StoryboardVTT(*sb, p.Duration, "s.jpg"))
	if !strings.Contains(vtt, "00:00:01.000 --> 00:00:02.000\ns.jpg#xywh=160,0,160,90") {
		t.Errorf("vtt %q", vtt)
	}
}

func TestProbeRejectsNonMedia(t *testing.T) {
	tools := media.FindTools("", "")
	if tools.Missing != "" {
		t.Skip(tools.Missing)
	}
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.mp4")
	_ = os.WriteFile(text, []byte("these are not the frames you are looking for\n"), 0o600)
	if _, err := tools.ProbeFile(context.Background(), text); !media.IsNotMedia(err) {
		t.Errorf("%s: err = %v, want NotMediaError", filepath.Base(text), err)
	} else {
		t.Logf("%s: %v", filepath.Base(text), err)
	}
	// Sound alone is media: a sound-only asset.
	audio := filepath.Join(dir, "tone.m4a")
	if err := runFFmpeg(t, "-f", "lavfi", "-i", "sine=duration=1", audio); err != nil {
		t.Fatal(err)
	}
	p, err := tools.ProbeFile(context.Background(), audio)
	if err != nil || p.HasVideo || !p.HasAudio || p.Width != 0 || p.Duration < 0.9 {
		t.Errorf("%s: probe %+v, %v; want sound alone", filepath.Base(audio), p, err)
	}
}

func TestMissingFFmpegSaysWhy(t *testing.T) {
	tools := media.FindTools("/nonexistent/ffmpeg", "/nonexistent/ffprobe")
	if err := tools.Check(context.Background()); err == nil || !strings.Contains(err.Error(), "not found") {
		t.Fatalf("Check = %v", err)
	}
	if _, err := tools.ProbeFile(context.Background(), "x.mp4"); err == nil || !strings.Contains(err.Error(), "ffmpeg is not installed") {
		t.Fatalf("ProbeFile = %v", err)
	}
}

// runFFmpeg runs ffmpeg quietly with args.
func runFFmpeg(t *testing.T, args ...string) error {
	t.Helper()
	b, err := osexec.Command("ffmpeg", append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...)...).CombinedOutput()
	if err != nil {
		t.Logf("%s", b)
	}
	return err
}
