package playback

import (
	"net/url"
	"strings"
	"testing"

	"github.com/Eyevinn/dash-mpd/mpd"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
)

func TestParseClipRange(t *testing.T) {
	ready := &ent.Video{Status: video.StatusReady, Duration: 12.08}
	for _, tc := range []struct {
		query      string
		v          *ent.Video
		ok         bool
		start, end float64
		err        string
	}{
		{query: "", v: ready},
		{query: "start=5&end=9", v: ready, ok: true, start: 5, end: 9},
		{query: "start=5", v: ready, ok: true, start: 5, end: 12.08},
		{query: "end=3.5", v: ready, ok: true, start: 0, end: 3.5},
		{query: "start=0&end=12.0805", v: ready, ok: true, start: 0, end: 12.08},
		{query: "start=-1&end=3", v: ready, err: "start: must be 0 or more"},
		{query: "start=4&end=4", v: ready, err: "end: must be after start"},
		{query: "start=2&end=13", v: ready, err: "end: must be at most"},
		{query: "start=abc", v: ready, err: "start: not a number"},
		{query: "end=NaN", v: ready, err: "end: not a number"},
		{query: "start=1&end=Inf", v: ready, err: "end: not a number"},
		{query: "start=1", v: &ent.Video{Status: video.StatusProcessing, Duration: 12}, err: errClipNotReady.Error()},
	} {
		q, _ := url.ParseQuery(tc.query)
		c, ok, err := parseClipRange(q, tc.v)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%q: err %v, want %q", tc.query, err, tc.err)
			}
			continue
		}
		if err != nil || ok != tc.ok || c.start != tc.start || c.end != tc.end {
			t.Errorf("%q: %+v %v %v, want %v %v..%v", tc.query, c, ok, err, tc.ok, tc.start, tc.end)
		}
	}
}

func TestClipMediaPlaylistKeepsTheOverlappingSegments(t *testing.T) {
	cmaf := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:EVENT\n" +
		"#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-MAP:URI=\"init.mp4\"\n" +
		"#EXTINF:4.000000,\nseg_00000.m4s\n#EXTINF:4.000000,\nseg_00001.m4s\n#EXTINF:4.000000,\nseg_00002.m4s\n#EXTINF:0.080000,\nseg_00003.m4s\n#EXT-X-ENDLIST\n"
	got, err := clipMediaPlaylist([]byte(cmaf), clipRange{start: 5, end: 9})
	if err != nil {
		t.Fatal(err)
	}
	want := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:EVENT\n#EXT-X-INDEPENDENT-SEGMENTS\n" +
		"#EXT-X-MAP:URI=\"init.mp4\"\n#EXT-X-MEDIA-SEQUENCE:1\n#EXT-X-START:TIME-OFFSET=1.000,PRECISE=YES\n" +
		"#EXTINF:4.000000,\nseg_00001.m4s\n#EXTINF:4.000000,\nseg_00002.m4s\n#EXT-X-ENDLIST\n"
	if string(got) != want {
		t.Fatalf("clipped:\n%s\nwant:\n%s", got, want)
	}

	// An encrypted TS rendition: the key in force is named before the first
	// segment kept, and the media sequence (the IV) follows that segment.
	ts := "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-MEDIA-SEQUENCE:10000000\n" +
		"#EXT-X-KEY:METHOD=AES-128,URI=\"../key\"\n#EXTINF:4.000000,\nseg_10000000.ts\n#EXTINF:4.000000,\nseg_10000001.ts\n" +
		"#EXTINF:4.000000,\nseg_10000002.ts\n#EXT-X-ENDLIST\n"
	got, err = clipMediaPlaylist([]byte(ts), clipRange{start: 8, end: 12})
	if err != nil {
		t.Fatal(err)
	}
	if s := string(got); !strings.Contains(s, "#EXT-X-MEDIA-SEQUENCE:10000002\n#EXT-X-START:TIME-OFFSET=0.000,PRECISE=YES\n#EXT-X-KEY:METHOD=AES-128,URI=\"../key\"\n#EXTINF:4.000000,\nseg_10000002.ts\n#EXT-X-ENDLIST") ||
		strings.Contains(s, "seg_10000001") {
		t.Fatalf("clipped encrypted:\n%s", s)
	}
	if _, err := clipMediaPlaylist([]byte(ts), clipRange{start: 20, end: 30}); err == nil {
		t.Fatal("a range past the end clipped to something")
	}
}

func TestClipMPDKeepsTheOverlappingSegmentsAndEndsAtTheOutPoint(t *testing.T) {
	m := mpd.NewMPD("static")
	p := mpd.NewPeriod()
	m.AppendPeriod(p)
	set := mpd.NewAdaptationSetWithParams("video", "video/mp4", true, 1)
	p.AppendAdaptationSet(set)
	rep := mpd.NewVideoRepresentation("360p", "avc1.64001e", "", "", 800000, 640, 360)
	tmpl := mpd.NewSegmentTemplate()
	tmpl.Media, tmpl.Initialization = "360p/seg_$Number%05d$.m4s", "360p/init.mp4"
	tmpl.StartNumber, tmpl.Timescale, tmpl.PresentationTimeOffset = mpd.Ptr(uint32(0)), mpd.Ptr(uint32(15360)), mpd.Ptr(uint64(0))
	tmpl.SegmentTimeline = &mpd.SegmentTimelineType{S: []*mpd.S{{T: mpd.Ptr(uint64(0)), D: 61440, R: 2}, {D: 1228}}}
	rep.SegmentTemplate = tmpl
	set.AppendRepresentation(rep)
	body, _ := m.WriteToString("", true)

	out, err := clipMPD([]byte(body), clipRange{start: 5, end: 9})
	if err != nil {
		t.Fatal(err)
	}
	got, err := mpd.MPDFromBytes(out)
	if err != nil {
		t.Fatal(err)
	}
	ct := got.Periods[0].AdaptationSets[0].Representations[0].SegmentTemplate
	if *ct.StartNumber != 1 || *ct.PresentationTimeOffset != 61440 || len(ct.SegmentTimeline.S) != 1 ||
		*ct.SegmentTimeline.S[0].T != 61440 || ct.SegmentTimeline.S[0].D != 61440 || ct.SegmentTimeline.S[0].R != 1 {
		t.Fatalf("clipped template: start %d pto %d timeline %+v", *ct.StartNumber, *ct.PresentationTimeOffset, ct.SegmentTimeline.S[0])
	}
	// From the first segment kept (4 s) to the out point (9 s).
	if got.MediaPresentationDuration.Seconds() != 5 || got.Periods[0].Duration.Seconds() != 5 {
		t.Fatalf("durations %v %v, want 5 s", got.MediaPresentationDuration, got.Periods[0].Duration)
	}
}
