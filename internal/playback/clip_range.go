package playback

import (
	"errors"
	"fmt"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/Eyevinn/dash-mpd/mpd"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/video"
)

// clipRange is a time range of a ready video asked for with ?start=&end=
// (seconds from its start): an instant clip, played from the video's own
// files without re-encoding.
type clipRange struct {
	start, end float64
}

// errClipNotReady refuses a time range of a video that is not ready: its
// length is not final yet.
var errClipNotReady = errors.New("a time range (start, end) needs a ready video")

// parseClipRange reads ?start=&end= of a request for v; ok is false when
// neither is given. start defaults to 0 and end to the video's length; both
// must be numbers with 0 <= start < end <= the length (an end up to 1 ms past
// it is taken as the length).
func parseClipRange(q url.Values, v *ent.Video) (r clipRange, ok bool, err error) {
	rawStart, rawEnd := q.Get("start"), q.Get("end")
	if rawStart == "" && rawEnd == "" {
		return r, false, nil
	}
	if v.Status != video.StatusReady || v.Duration <= 0 {
		return r, false, errClipNotReady
	}
	r.end = v.Duration
	for _, p := range []struct {
		name, raw string
		dst       *float64
	}{{"start", rawStart, &r.start}, {"end", rawEnd, &r.end}} {
		if p.raw == "" {
			continue
		}
		f, err := strconv.ParseFloat(p.raw, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return r, false, fmt.Errorf("%s: not a number of seconds", p.name)
		}
		*p.dst = f
	}
	if r.end > v.Duration && r.end <= v.Duration+0.001 {
		r.end = v.Duration
	}
	switch {
	case r.start < 0:
		return r, false, errors.New("start: must be 0 or more")
	case r.end > v.Duration:
		return r, false, fmt.Errorf("end: must be at most the video's length, %.3f s", v.Duration)
	case r.end <= r.start:
		return r, false, errors.New("end: must be after start")
	}
	return r, true, nil
}

// query is the range as it is carried into the URLs a manifest names.
func (c clipRange) query() string {
	return "start=" + strconv.FormatFloat(c.start, 'f', -1, 64) + "&end=" + strconv.FormatFloat(c.end, 'f', -1, 64)
}

// clipMediaPlaylist trims a VOD media playlist to the segments that overlap
// the range (segment boundaries: nothing is re-encoded). The media sequence
// number follows the first segment kept, so an AES-128 segment keeps its IV,
// and EXT-X-START (PRECISE) marks the exact in point inside the first segment.
// The exact out point falls inside the last segment kept; players stop at its
// end, which is at most one segment (4 s) later.
func clipMediaPlaylist(body []byte, c clipRange) ([]byte, error) {
	var (
		head, out []string
		seq       int64
		at, dur   float64
		pending   []string // tags of the segment being read (EXTINF, EXT-X-KEY, ...)
		key       string   // the EXT-X-KEY in force before the segment being read
		kept      int
		firstAt   float64
	)
	for _, l := range strings.Split(strings.TrimRight(string(body), "\n"), "\n") {
		l = strings.TrimRight(l, "\r")
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			seq, _ = strconv.ParseInt(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"), 10, 64)
		case l == "#EXTM3U", strings.HasPrefix(l, "#EXT-X-VERSION:"), strings.HasPrefix(l, "#EXT-X-TARGETDURATION:"),
			strings.HasPrefix(l, "#EXT-X-PLAYLIST-TYPE:"), l == "#EXT-X-INDEPENDENT-SEGMENTS", strings.HasPrefix(l, "#EXT-X-MAP:"):
			head = append(head, l)
		case l == "#EXT-X-ENDLIST", l == "":
		case strings.HasPrefix(l, "#EXT-X-KEY:"):
			// A key applies to every segment after it: kept for the first segment
			// kept, and in place after that.
			pending = append(pending, l)
		case strings.HasPrefix(l, "#EXTINF:"):
			v, _, _ := strings.Cut(strings.TrimPrefix(l, "#EXTINF:"), ",")
			dur, _ = strconv.ParseFloat(v, 64)
			pending = append(pending, l)
		case strings.HasPrefix(l, "#"):
			pending = append(pending, l)
		default:
			if at+dur > c.start && at < c.end {
				if kept == 0 {
					firstAt = at
					head = append(head, "#EXT-X-MEDIA-SEQUENCE:"+strconv.FormatInt(seq, 10))
					if key != "" && !slices.ContainsFunc(pending, isKeyTag) {
						out = append(out, key) // the key in force is named before the first segment kept
					}
				}
				out = append(out, pending...)
				out = append(out, l)
				kept++
			}
			for _, t := range pending {
				if isKeyTag(t) {
					key = t
				}
			}
			at += dur
			seq++
			dur = 0
			pending = pending[:0]
		}
	}
	if kept == 0 {
		return nil, errors.New("no segment in the range")
	}
	lines := make([]string, 0, len(head)+len(out)+3)
	lines = append(lines, head...)
	lines = append(lines, fmt.Sprintf("#EXT-X-START:TIME-OFFSET=%.3f,PRECISE=YES", c.start-firstAt))
	lines = append(lines, out...)
	lines = append(lines, "#EXT-X-ENDLIST", "")
	return []byte(strings.Join(lines, "\n")), nil
}

func isKeyTag(l string) bool { return strings.HasPrefix(l, "#EXT-X-KEY:") }

// clipMPD trims a static MPD to the range: each representation keeps the
// segments that overlap it and presents from the first one kept (its
// presentationTimeOffset moves there), and the period ends exactly at the out
// point. The in point is a segment boundary, as in HLS: dash.js does not fetch
// a segment that would start before its period, so an offset inside the first
// segment would drop that segment's part of the range.
func clipMPD(body []byte, c clipRange) ([]byte, error) {
	m, err := mpd.MPDFromBytes(body)
	if err != nil {
		return nil, err
	}
	from := c.start
	for _, p := range m.Periods {
		for _, set := range p.AdaptationSets {
			for _, rep := range set.Representations {
				first, err := clipTemplate(rep.SegmentTemplate, c)
				if err != nil {
					return nil, fmt.Errorf("representation %s: %w", rep.Id, err)
				}
				from = min(from, first)
			}
		}
	}
	length := c.end - from
	for _, p := range m.Periods {
		p.Duration = durationPtr(length)
	}
	m.MediaPresentationDuration = durationPtr(length)
	out, err := m.WriteToString("  ", true)
	return []byte(out), err
}

// clipTemplate trims one representation's timeline to the range and returns
// where its first segment kept starts, in seconds of the video.
func clipTemplate(t *mpd.SegmentTemplateType, c clipRange) (float64, error) {
	if t == nil || t.SegmentTimeline == nil || t.Timescale == nil || t.StartNumber == nil {
		return 0, errors.New("no segment timeline")
	}
	scale := float64(*t.Timescale)
	var pto uint64
	if t.PresentationTimeOffset != nil {
		pto = *t.PresentationTimeOffset
	}
	in := pto + uint64(c.start*scale+0.5)
	out := pto + uint64(c.end*scale+0.5)
	var kept []*mpd.S
	number := uint64(*t.StartNumber)
	first := uint64(0)
	var at uint64
	for _, s := range t.SegmentTimeline.S {
		if s.T != nil {
			at = *s.T
		}
		for k := 0; k <= s.R; k++ {
			if at+s.D > in && at < out {
				if len(kept) == 0 {
					first = number
					kept = append(kept, &mpd.S{T: mpd.Ptr(at), D: s.D})
				} else if last := kept[len(kept)-1]; last.D == s.D && *last.T+last.D*uint64(last.R+1) == at {
					last.R++
				} else {
					kept = append(kept, &mpd.S{T: mpd.Ptr(at), D: s.D})
				}
			}
			at += s.D
			number++
		}
	}
	if len(kept) == 0 {
		return 0, errors.New("no segment in the range")
	}
	t.StartNumber = mpd.Ptr(uint32(first))
	t.PresentationTimeOffset = mpd.Ptr(*kept[0].T)
	t.SegmentTimeline.S = kept
	return float64(*kept[0].T-min(pto, *kept[0].T)) / scale, nil
}

func durationPtr(seconds float64) *mpd.Duration {
	d := mpd.Duration(math.Round(seconds*1000)) * mpd.Duration(1e6)
	return &d
}
