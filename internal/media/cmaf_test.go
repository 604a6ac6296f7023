package media_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/Eyevinn/dash-mpd/mpd"

	"github.com/vidra-dev/vidra/internal/clip"
	"github.com/vidra-dev/vidra/internal/media"
)

// TestCMAFLadderServesHLSAndDASHFromOneSetOfFiles encodes a two-rung CMAF
// ladder with sound and checks what HLS and DASH players rely on: version 7
// media playlists with EXT-X-MAP, video-only renditions and one AAC rendition,
// codec strings read from the init segments, a master playlist with an audio
// group and an audio-only variant, and an MPD whose segment timelines are
// continuous, name exactly the files written, and last as long as the media.
func TestCMAFLadderServesHLSAndDASHFromOneSetOfFiles(t *testing.T) {
	src := clip.Make(t, 9, 640, 360, 30)
	tools := media.FindTools("", "")
	ctx := context.Background()
	p, err := tools.ProbeFile(ctx, src)
	if err != nil {
		t.Fatal(err)
	}
	rends, err := media.PlanLadder([]media.Rung{
		{Name: "180p", Height: 180, VideoKbps: 300, AudioKbps: 64},
		{Name: "360p", Height: 360, VideoKbps: 800, AudioKbps: 96},
	}, p.Width, p.Height)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	opts := media.HLSOptions{FPS: p.FPS, HasAudio: true, Packaging: media.PackagingCMAF}
	if err := tools.TranscodeHLS(ctx, p.Input, out, rends, opts); err != nil {
		t.Fatal(err)
	}
	var videos []media.CMAFVideo
	for _, r := range rends {
		pl := readFile(t, filepath.Join(out, r.Name, "index.m3u8"))
		for _, want := range []string{"#EXT-X-VERSION:7", `#EXT-X-MAP:URI="init.mp4"`, "seg_00000.m4s", "#EXT-X-ENDLIST"} {
			if !strings.Contains(pl, want) {
				t.Fatalf("%s playlist lacks %q:\n%s", r.Name, want, pl)
			}
		}
		track, err := media.ReadCMAFTrack(filepath.Join(out, r.Name))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(track.Codecs, "avc1.64") || track.Audio || len(track.Segments) != 3 {
			t.Fatalf("%s track: codecs %q audio %v, %d segments", r.Name, track.Codecs, track.Audio, len(track.Segments))
		}
		if got := streamsOf(t, filepath.Join(out, r.Name)); got != "video" {
			t.Fatalf("%s holds %q, want video alone", r.Name, got)
		}
		videos = append(videos, media.CMAFVideo{Rendition: r, Track: track})
	}
	audioTrack, err := media.ReadCMAFTrack(filepath.Join(out, media.AudioRenditionName))
	if err != nil {
		t.Fatal(err)
	}
	if audioTrack.Codecs != "mp4a.40.2" || !audioTrack.Audio || audioTrack.Channels != 2 || audioTrack.SampleRate == 0 {
		t.Fatalf("audio track %+v", audioTrack)
	}
	if got := streamsOf(t, filepath.Join(out, media.AudioRenditionName)); got != "audio" {
		t.Fatalf("the audio rendition holds %q", got)
	}
	// The init segment alone gives the master playlist's facts, without segments.
	for _, v := range append([]media.CMAFTrack{audioTrack}, videos[0].Track) {
		dir := filepath.Join(out, media.AudioRenditionName)
		if !v.Audio {
			dir = filepath.Join(out, videos[0].Name)
		}
		head, err := media.ReadCMAFInit(dir)
		v.Segments = nil
		if err != nil || !reflect.DeepEqual(head, v) {
			t.Fatalf("ReadCMAFInit(%s) = %+v, %v; want %+v", dir, head, err, v)
		}
	}
	audio := &media.CMAFAudio{Kbps: media.AudioKbps(rends), Track: audioTrack}
	if audio.Kbps != 96 {
		t.Fatalf("audio at %d kb/s, want the highest rung's 96", audio.Kbps)
	}

	master := string(media.CMAFMasterPlaylist(videos, audio))
	for _, want := range []string{
		"#EXT-X-VERSION:7",
		`#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="aac"`, `URI="audio/index.m3u8"`,
		`RESOLUTION=640x360,CODECS="` + videos[1].Track.Codecs + `,mp4a.40.2",AUDIO="aac"`,
		"#EXT-X-STREAM-INF:BANDWIDTH=96000,CODECS=\"mp4a.40.2\",AUDIO=\"aac\",NAME=\"audio\"\naudio/index.m3u8",
	} {
		if !strings.Contains(master, want) {
			t.Fatalf("master lacks %q:\n%s", want, master)
		}
	}
	if strings.Index(master, "360p/index.m3u8") > strings.Index(master, "180p/index.m3u8") {
		t.Fatalf("the highest variant is not first:\n%s", master)
	}

	body, err := media.DASHManifest(videos, audio)
	if err != nil {
		t.Fatal(err)
	}
	checkMPD(t, body, out, 9)
}

// checkMPD checks the rules of a static MPD that can be checked offline
// (ISO/IEC 23009-1 and DASH-IF IOP): it parses, its timelines are continuous
// and start at the presentation time offset, every segment it names exists
// under dir and no other does, and each representation lasts the media's
// seconds.
func checkMPD(t *testing.T, body []byte, dir string, seconds float64) {
	t.Helper()
	m, err := mpd.MPDFromBytes(body)
	if err != nil {
		t.Fatalf("MPD does not parse: %v\n%s", err, body)
	}
	if m.GetType() != "static" || !strings.Contains(string(m.Profiles), "urn:mpeg:dash:profile:isoff-live:2011") ||
		m.MinBufferTime == nil || m.MediaPresentationDuration == nil {
		t.Fatalf("MPD header: type %s profiles %s\n%s", m.GetType(), m.Profiles, body)
	}
	if d := m.MediaPresentationDuration.Seconds(); d < seconds-0.2 || d > seconds+0.2 {
		t.Fatalf("mediaPresentationDuration %.3f s, want about %.1f", d, seconds)
	}
	kinds := map[string]bool{}
	for _, set := range m.Periods[0].AdaptationSets {
		kinds[string(set.ContentType)] = true
		for _, rep := range set.Representations {
			tmpl := rep.SegmentTemplate
			if rep.Bandwidth == 0 || rep.Codecs == "" || tmpl == nil || tmpl.SegmentTimeline == nil || tmpl.Timescale == nil {
				t.Fatalf("representation %s lacks bandwidth, codecs or a timeline", rep.Id)
			}
			if set.ContentType == "video" && (rep.Width == 0 || rep.Height == 0) {
				t.Fatalf("video representation %s has no size", rep.Id)
			}
			var next uint64
			count := 0
			for i, s := range tmpl.SegmentTimeline.S {
				if i == 0 && (s.T == nil || *s.T != *tmpl.PresentationTimeOffset) {
					t.Fatalf("%s: the timeline does not start at the presentation time offset", rep.Id)
				}
				if s.T != nil {
					if i > 0 && *s.T != next {
						t.Fatalf("%s: S[%d]@t=%d, the previous segment ended at %d (a gap or an overlap)", rep.Id, i, *s.T, next)
					}
					next = *s.T
				}
				if s.D == 0 || s.R < 0 {
					t.Fatalf("%s: S[%d] d=%d r=%d", rep.Id, i, s.D, s.R)
				}
				next += s.D * uint64(s.R+1)
				count += s.R + 1
			}
			length := float64(next-*tmpl.PresentationTimeOffset) / float64(*tmpl.Timescale)
			if length < seconds-0.2 || length > seconds+0.2 {
				t.Fatalf("%s lasts %.3f s, want about %.1f", rep.Id, length, seconds)
			}
			init := strings.ReplaceAll(tmpl.Initialization, "$RepresentationID$", rep.Id)
			if _, err := os.Stat(filepath.Join(dir, init)); err != nil {
				t.Fatalf("%s: initialization %s: %v", rep.Id, init, err)
			}
			files, _ := filepath.Glob(filepath.Join(dir, filepath.Dir(init), "seg_*.m4s"))
			if len(files) != count {
				t.Fatalf("%s: the timeline names %d segments, %d are written", rep.Id, count, len(files))
			}
			for n := 0; n < count; n++ {
				name := strings.Replace(tmpl.Media, "$Number%05d$", fmt.Sprintf("%05d", int(*tmpl.StartNumber)+n), 1)
				if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
					t.Fatalf("%s: segment %d: %v", rep.Id, n, err)
				}
			}
		}
	}
	if !kinds["video"] || !kinds["audio"] {
		t.Fatalf("adaptation sets %v, want video and audio", kinds)
	}
}

// streamsOf joins a CMAF rendition's init segment and media segments and
// returns the codec types ffprobe finds in them, comma separated.
func streamsOf(t *testing.T, dir string) string {
	t.Helper()
	joined := readFile(t, filepath.Join(dir, media.CMAFInit))
	segs, _ := filepath.Glob(filepath.Join(dir, "seg_*.m4s"))
	for _, s := range segs {
		joined += readFile(t, s)
	}
	f := filepath.Join(t.TempDir(), "joined.mp4")
	if err := os.WriteFile(f, []byte(joined), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", f).Output()
	if err != nil {
		t.Fatalf("ffprobe %s: %v", dir, err)
	}
	return strings.Join(strings.Fields(string(out)), ",")
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
