package app_test

import (
	"encoding/json"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// clipVideo is a clip as the GraphQL API shows it.
type clipVideo struct {
	ID, Title, Description, Status, FailureReason string
	FolderID                                      *string
	ClipSourceID                                  *string
	ClipStart, ClipEnd                            *float64
	Duration                                      float64
}

const clipSelection = `id title description status failureReason folderID clipSourceID clipStart clipEnd duration`

// keyframedSource encodes an 8 s 320x240 30 fps H.264 source with sound and
// a keyframe every second, so a clip copies its middle.
func keyframedSource(t *testing.T) []byte {
	t.Helper()
	if _, err := exec.LookPath("ffmpeg"); err != nil {
		t.Skip("ffmpeg is not installed")
	}
	out := filepath.Join(t.TempDir(), "source.mp4")
	b, err := exec.Command("ffmpeg", "-hide_banner", "-loglevel", "error", "-y",
		"-f", "lavfi", "-i", "testsrc2=duration=8:size=320x240:rate=30", "-f", "lavfi", "-i", "sine=frequency=440:duration=8",
		"-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", out).CombinedOutput()
	if err != nil {
		t.Fatalf("make source: %v %s", err, b)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestCreateClip: clips asked for while their video uploads wait for it and
// are cut once it is ready, exact to the frame, then processed into videos
// of their own (video.created, video.ready, storage of their source); one
// whose range overruns the video fails with the reason; a ready video's
// clips are checked at once (range, folder, a failed video).
func TestCreateClip(t *testing.T) {
	data := keyframedSource(t)
	forEachDialect(t, nil, func(t *testing.T, s *apptest.Server) {
		org := s.CreateOrganization("Acme")
		proj := s.CreateProject(org, "Clips")
		folder := s.CreateFolder(proj, "", "Highlights")
		other := s.CreateProject(org, "Other")
		otherFolder := s.CreateFolder(other, "", "Theirs")
		createClip := func(vars map[string]any) (clipVideo, []apptest.GraphQLError) {
			t.Helper()
			for _, k := range []string{"title", "folder"} {
				if _, ok := vars[k]; !ok {
					vars[k] = nil
				}
			}
			var out struct{ CreateClip clipVideo }
			res := s.GraphQL(`mutation($v: ID!, $start: Float!, $end: Float!, $title: String, $folder: ID) {
				createClip(videoID: $v, start: $start, end: $end, title: $title, folderID: $folder) { `+clipSelection+` } }`, vars)
			if len(res.Errors) == 0 {
				if err := json.Unmarshal(res.Data, &out); err != nil {
					t.Fatal(err)
				}
			}
			return out.CreateClip, res.Errors
		}
		getClip := func(id string) clipVideo {
			t.Helper()
			var out struct{ Video clipVideo }
			s.MustGraphQL(`query($id: ID!) { video(id: $id) { `+clipSelection+` } }`, map[string]any{"id": id}, &out)
			return out.Video
		}

		token, parent := s.UploadToken(proj, 0)
		early, errs := createClip(map[string]any{"v": parent, "start": 2.345, "end": 7.89, "title": "The good part", "folder": folder})
		if len(errs) > 0 || early.Status != "uploading" || early.Title != "The good part" || early.ClipSourceID == nil ||
			*early.ClipSourceID != parent || early.FolderID == nil || *early.FolderID != folder {
			t.Fatalf("a clip of an uploading video: %+v %+v", early, errs)
		}
		overrun, errs := createClip(map[string]any{"v": parent, "start": 5, "end": 20})
		if len(errs) > 0 || overrun.Title != "clip (clip)" {
			t.Fatalf("a clip past the end of an uploading video: %+v %+v", overrun, errs)
		}
		s.TusUpload(token, data)
		if v := s.WaitVideo(parent, 2*time.Minute); v.Status != "ready" {
			t.Fatalf("video %s: %s", v.Status, v.FailureReason)
		}
		if v := s.WaitVideo(early.ID, 2*time.Minute); v.Status != "ready" {
			t.Fatalf("clip %s: %s", v.Status, v.FailureReason)
		}
		got := getClip(early.ID)
		near := func(a *float64, b float64) bool { return a != nil && math.Abs(*a-b) < 0.002 }
		// The cut starts on frame 71 (2.367 s) and ends before frame 237 (7.9 s): 166 frames.
		if !near(got.ClipStart, 71.0/30) || !near(got.ClipEnd, 237.0/30) || math.Abs(got.Duration-166.0/30) > 0.1 {
			t.Fatalf("clip as cut: %+v (start %v end %v)", got, deref(got.ClipStart), deref(got.ClipEnd))
		}
		master := s.URL + "/v1/play/" + early.ID + "/master.m3u8"
		if codecs, d := probeStreams(t, master); math.Abs(d-166.0/30) > 0.15 || !slices.Contains(codecs, "video:h264") || !slices.Contains(codecs, "audio:aac") {
			t.Fatalf("the clip plays %.3f s of %v", d, codecs)
		}
		if v := s.WaitVideo(overrun.ID, time.Minute); v.Status != "failed" || !strings.Contains(v.FailureReason, "after the end") {
			t.Fatalf("a clip past the end: %s %q", v.Status, v.FailureReason)
		}
		for _, typ := range []string{"video.created", "video.ready"} {
			if n := s.SQLInt(`SELECT COUNT(*) FROM events WHERE project_id = ? AND type = ? AND CAST(data AS TEXT) LIKE ?`, proj, typ, "%"+early.ID+"%"); n != 1 {
				t.Errorf("%d %s events of the clip, want 1 (%d of the type, %d in all)", n, typ,
					s.SQLInt(`SELECT COUNT(*) FROM events WHERE project_id = ? AND type = ?`, proj, typ), s.SQLInt(`SELECT COUNT(*) FROM events`))
			}
		}
		if n := s.SQLInt(`SELECT COUNT(*) FROM stored_objects WHERE video_id = ? AND key = ? AND bytes > 0 AND deleted_at IS NULL`,
			early.ID, "videos/"+early.ID+"/source"); n != 1 {
			t.Fatalf("the clip's source is stored %d times", n)
		}

		// A ready video's clips are checked when asked for.
		for _, c := range []struct {
			vars map[string]any
			want string
		}{
			{map[string]any{"v": parent, "start": 1, "end": 8.5}, "after the video's end"},
			{map[string]any{"v": parent, "start": 3, "end": 3.05}, "at least 0.1 s"},
			{map[string]any{"v": parent, "start": -1, "end": 2}, "from 0"},
			{map[string]any{"v": parent, "start": 1, "end": 2, "folder": otherFolder}, "folder"},
		} {
			if _, errs := createClip(c.vars); len(errs) == 0 || !strings.Contains(errs[0].Message, c.want) {
				t.Errorf("createClip(%v): %+v, want an error saying %q", c.vars, errs, c.want)
			}
		}
		quick, errs := createClip(map[string]any{"v": parent, "start": 0, "end": 1.5})
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if v := s.WaitVideo(quick.ID, 2*time.Minute); v.Status != "ready" || math.Abs(v.Duration-1.5) > 0.1 {
			t.Fatalf("a clip of a ready video: %s %.3f s %q", v.Status, v.Duration, v.FailureReason)
		}
		failed := s.GetVideo(overrun.ID)
		if _, errs := createClip(map[string]any{"v": failed.ID, "start": 0, "end": 1}); len(errs) == 0 || !strings.Contains(errs[0].Message, "failed") {
			t.Fatalf("a clip of a failed video: %+v", errs)
		}
	})
}

func deref(f *float64) float64 {
	if f == nil {
		return math.NaN()
	}
	return *f
}
