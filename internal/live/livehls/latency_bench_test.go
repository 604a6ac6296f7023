package livehls

import (
	"context"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkLiveLatency publishes 12 s of realtime H.264+AAC (ffmpeg -re, 192x108,
// keyframe every 1 s) into a session on a file bucket, standard and low mode, and
// a viewer polls the playlist every 20 ms. Reported:
//   - first-segment-s: Run start to FirstSegment (the first segment playable);
//   - avail-p50-s: a segment's (low: a part's) end, by PROGRAM-DATE-TIME plus its
//     duration, to the first poll that lists it;
//   - g2g-p50-s: PROGRAM-DATE-TIME against arrival for a player that keeps the
//     spec's distance from the live edge (standard: 3 target durations; low:
//     PART-HOLD-BACK): the poll's time minus the wall clock of the frame it would
//     show. The clock of PROGRAM-DATE-TIME is the frame's arrival at the segmenter,
//     so the encoder's own delay is not in it (x264 zerolatency adds ~1 frame).
func BenchmarkLiveLatency(b *testing.B) {
	needFFmpeg(b)
	for _, mode := range []string{LatencyStandard, LatencyLow} {
		b.Run(mode, func(b *testing.B) {
			var first, avail, g2g []float64
			for range b.N {
				f, a, g := liveLatencyRun(b, mode)
				first = append(first, f)
				avail = append(avail, a...)
				g2g = append(g2g, g...)
			}
			b.ReportMetric(median(first), "first-segment-s")
			b.ReportMetric(median(avail), "avail-p50-s")
			b.ReportMetric(median(g2g), "g2g-p50-s")
			b.ReportMetric(0, "ns/op")
		})
	}
}

func liveLatencyRun(b *testing.B, mode string) (first float64, avail, g2g []float64) {
	bk, _ := bucket(b)
	s := open(b, Options{Bucket: bk, Record: true, LatencyMode: mode})
	src := publish(b, 12, true)
	start := time.Now()
	done := make(chan error, 1)
	go func() { done <- s.Run(context.Background(), src.out) }()
	seen := map[string]bool{}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for running := true; running; {
		select {
		case err := <-done:
			if err != nil {
				b.Fatal(err)
			}
			running = false
		case <-s.FirstSegment():
			if first == 0 {
				first = time.Since(start).Seconds()
			}
		case <-tick.C:
		}
		data, err := bk.ReadAll(context.Background(), PlaylistKey(s.o.VideoID))
		if err != nil {
			continue
		}
		now := time.Now()
		ends, edge, holdBack := playlistTimes(string(data), mode)
		for name, end := range ends {
			if !seen[name] {
				seen[name] = true
				avail = append(avail, now.Sub(end).Seconds())
			}
		}
		if !edge.IsZero() {
			g2g = append(g2g, now.Sub(edge.Add(-holdBack)).Seconds())
		}
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		b.Fatal(err)
	}
	return first, avail, g2g
}

// playlistTimes reads a live playlist: the wall-clock end of each segment (low
// mode: each part) by name, the wall-clock time of the live edge, and the
// player's hold-back from it.
func playlistTimes(pl, mode string) (ends map[string]time.Time, edge time.Time, holdBack time.Duration) {
	ends = map[string]time.Time{}
	var at time.Time
	target := 2.0
	for _, l := range strings.Split(pl, "\n") {
		switch {
		case strings.HasPrefix(l, "#EXT-X-TARGETDURATION:"):
			target, _ = strconv.ParseFloat(strings.TrimPrefix(l, "#EXT-X-TARGETDURATION:"), 64)
		case strings.HasPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"):
			at, _ = time.Parse("2006-01-02T15:04:05.000Z", strings.TrimPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"))
		case strings.HasPrefix(l, "#EXT-X-PART:"):
			d, uri := partAttrs(l)
			at = at.Add(seconds(d))
			if mode == LatencyLow {
				ends[uri] = at
			}
			edge = at
		case strings.HasPrefix(l, "#EXTINF:"):
			d, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(l, "#EXTINF:"), ","), 64)
			if mode == LatencyStandard {
				at = at.Add(seconds(d))
			}
		case l != "" && !strings.HasPrefix(l, "#") && mode == LatencyStandard:
			ends[l] = at
			edge = at
		}
	}
	holdBack = seconds(3 * target)
	if mode == LatencyLow {
		holdBack = seconds(partHoldBack(DefaultPartSeconds))
	}
	return ends, edge, holdBack
}

func partAttrs(l string) (float64, string) {
	var d float64
	var uri string
	for _, kv := range strings.Split(strings.TrimPrefix(l, "#EXT-X-PART:"), ",") {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "DURATION":
			d, _ = strconv.ParseFloat(v, 64)
		case "URI":
			uri = strings.Trim(v, `"`)
		}
	}
	return d, uri
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sort.Float64s(v)
	return v[len(v)/2]
}
