package livehls

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestResumeOnAnotherNode: a session released by one node (no ENDLIST, no
// recording) is continued by another from the state in the bucket: numbering,
// window and recording go on after one discontinuity, the parts too, and the
// whole recording plays.
func TestResumeOnAnotherNode(t *testing.T) {
	needFFmpeg(t)
	b, dir := bucket(t)
	a := open(t, Options{Bucket: b, Record: true, Window: 3, LatencyMode: LatencyLow})
	vid := a.o.VideoID
	if err := a.Run(context.Background(), publish(t, 9, false).out); err != nil {
		t.Fatal(err)
	}
	if err := a.Release(context.Background()); err != nil {
		t.Fatal(err)
	}
	pl := read(t, b, PlaylistKey(vid))
	if strings.Contains(pl, "ENDLIST") {
		t.Fatalf("a released session wrote ENDLIST:\n%s", pl)
	}
	if ok, _ := b.Exists(context.Background(), RecordingKey(vid)); ok {
		t.Fatal("a released session wrote its recording playlist")
	}
	if err := a.Run(context.Background(), strings.NewReader("")); !errors.Is(err, ErrClosed) {
		t.Fatalf("Run after Release: %v", err)
	}

	// Parts of segment 5 a dying node wrote and listed: not named again.
	for _, name := range []string{partName(5, 0), partName(5, 1)} {
		if err := b.WriteAll(context.Background(), Prefix(vid)+name, []byte("stale"), nil); err != nil {
			t.Fatal(err)
		}
	}

	// The other node.
	o := a.o
	o.Resume = true
	bn, err := Open(context.Background(), o)
	if err != nil {
		t.Fatal(err)
	}
	if bn.Segments() != 5 {
		t.Fatalf("resumed with %d segments, want 5", bn.Segments())
	}
	if err := bn.Run(context.Background(), publish(t, 4, false).out); err != nil {
		t.Fatal(err)
	}
	pl = read(t, b, PlaylistKey(vid))
	if !strings.Contains(pl, "#EXT-X-MEDIA-SEQUENCE:4\n") || strings.Count(pl, "#EXT-X-DISCONTINUITY\n") != 1 ||
		!strings.Contains(pl, "seg_00004.ts\n#EXT-X-DISCONTINUITY\n") || !strings.Contains(pl, `URI="part_00006_0.ts",INDEPENDENT=YES`) ||
		!strings.Contains(pl, `URI="part_00005_2.ts",INDEPENDENT=YES`) || strings.Contains(pl, `"part_00005_0.ts"`) ||
		!strings.Contains(pl, `URI="part_00004_0.ts",INDEPENDENT=YES`) {
		t.Fatalf("resumed live playlist (window 3 of 7 segments, parts of the last three, segment 5's after the stale ones):\n%s", pl)
	}
	if got := read(t, b, Prefix(vid)+partName(5, 0)); got != "stale" {
		t.Fatal("a stale part was overwritten")
	}
	if err := bn.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	rec := read(t, b, RecordingKey(vid))
	durs := extinfs(t, rec)
	if len(durs) != 7 || strings.Count(rec, "#EXT-X-DISCONTINUITY\n") != 1 {
		t.Fatalf("recording of both nodes, want 7 segments and one discontinuity:\n%s", rec)
	}
	for i := range 7 {
		if !strings.Contains(rec, segmentName(i)+"\n") {
			t.Fatalf("recording lacks %s:\n%s", segmentName(i), rec)
		}
	}
	groups, err := recordingGroups(context.Background(), b, vid)
	if err != nil || len(groups) != 2 || len(groups[0]) != 5 || len(groups[1]) != 2 {
		t.Fatalf("finalize groups %v %v, want 5 + 2 segments", groups, err)
	}
	p := ffprobe(t, filepath.Join(dir, RecordingKey(vid)))
	if p.codecs() != "video:h264,audio:aac" || p.duration() < 12.5 {
		t.Fatalf("ffprobe of the recording: %s, %.2f s", p.codecs(), p.duration())
	}
}

// TestResumeWithoutState: resuming a session that published nothing starts
// at segment 0 without a discontinuity; a broken state is refused.
func TestResumeWithoutState(t *testing.T) {
	b, _ := bucket(t)
	s := open(t, Options{Bucket: b, Resume: true})
	if s.Segments() != 0 {
		t.Fatalf("segments %d", s.Segments())
	}
	_ = s.Release(context.Background())
	vid := s.o.VideoID
	if err := b.WriteAll(context.Background(), Prefix(vid)+stateName(1), []byte(`{"v":1}`), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Open(context.Background(), Options{Bucket: b, VideoID: vid, Resume: true}); err == nil || !strings.Contains(err.Error(), "state chunk 0 is missing") {
		t.Fatalf("resume with a gap in the state: %v", err)
	}
}
