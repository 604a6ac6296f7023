package livehls_test

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/live/livehls"
)

// TestLowLatencyPlaylistConformance follows a real low-latency session (ffmpeg
// at its native rate, a keyframe every second) through /v1/play twice over: a
// poller reads the playlist every 10 ms and a player-like loop asks each next
// part by blocking reload (_HLS_msn/_HLS_part). Every playlist version seen
// must keep the LL-HLS rules of RFC 8216bis: it ends with EXT-X-PRELOAD-HINT
// for the next part; EXT-X-TARGETDURATION is non-zero, constant and not
// below any rounded EXTINF; no part is longer than PART-TARGET; SERVER-CONTROL
// allows blocking reload with PART-HOLD-BACK at least three part targets;
// MEDIA-SEQUENCE never goes back; a blocking reload answers with a playlist
// that holds the part asked for; and the hinted part, asked before it is
// written, is answered once it is.
func TestLowLatencyPlaylistConformance(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		o := liveVideo(t, s)
		o.LatencyMode = livehls.LatencyLow
		sess, err := livehls.Open(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		pl := s.URL + "/v1/play/" + o.VideoID.String() + "/live/index.m3u8"
		done := make(chan error, 1)
		go func() { done <- sess.Run(context.Background(), tsPublisher(t, 12, true)) }()
		stop := make(chan struct{})
		var wg sync.WaitGroup
		var polled, chained []string
		var chainErrs []string
		wg.Add(2)
		go func() {
			defer wg.Done()
			polled = pollVersions(s, pl, stop)
		}()
		go func() {
			defer wg.Done()
			chained, chainErrs = followBlocking(s, pl, stop)
		}()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		close(stop)
		wg.Wait()
		if err := sess.Close(context.Background(), "publisher_closed"); err != nil {
			t.Fatal(err)
		}
		for _, e := range chainErrs {
			t.Error(e)
		}
		// 12 s of 2 s segments in parts of at most 0.5 s: dozens of versions.
		if len(polled) < 20 || len(chained) < 15 {
			t.Fatalf("saw %d playlist versions by polling and %d by blocking reload, want many more", len(polled), len(chained))
		}
		for name, versions := range map[string][]string{"polled": polled, "blocking": chained} {
			bad, lastSeq, target := 0, -1, 0
			for i, v := range versions {
				c, err := checkLLPlaylist(v)
				if err == nil && c.mediaSeq < lastSeq {
					err = fmt.Errorf("MEDIA-SEQUENCE went back from %d to %d", lastSeq, c.mediaSeq)
				}
				if err == nil && target != 0 && c.target != target {
					err = fmt.Errorf("EXT-X-TARGETDURATION changed from %d to %d", target, c.target)
				}
				if err != nil {
					bad++
					if bad <= 3 {
						t.Errorf("%s version %d of %d: %v\n%s", name, i, len(versions), err, v)
					}
					continue
				}
				lastSeq, target = c.mediaSeq, c.target
			}
			t.Logf("%s: %d playlist versions, %d break the LL-HLS rules", name, len(versions), bad)
		}
	})
}

// pollVersions reads the playlist every 10 ms until stop and returns each
// distinct version in the order seen.
func pollVersions(s *apptest.Server, url string, stop <-chan struct{}) []string {
	var out []string
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-stop:
			return out
		case <-tick.C:
		}
		code, body := fetch(s, url)
		if code == http.StatusOK && (len(out) == 0 || out[len(out)-1] != body) {
			out = append(out, body)
		}
	}
}

// followBlocking does what an LL-HLS player does: it asks for the part after
// the last one listed (_HLS_msn, _HLS_part) and checks that the answer lists
// it. It returns the versions answered and what went wrong.
func followBlocking(s *apptest.Server, url string, stop <-chan struct{}) (versions, errs []string) {
	body := ""
	for body == "" {
		select {
		case <-stop:
			return nil, []string{"no playlist before the publisher ended"}
		case <-time.After(20 * time.Millisecond):
		}
		if code, b := fetch(s, url); code == http.StatusOK {
			body = b
		}
	}
	for i := 0; ; i++ {
		select {
		case <-stop:
			return versions, errs
		default:
		}
		msn, part := nextPart(body)
		if i%4 == 1 {
			// The hinted part itself, asked before it exists, is held
			// until it is written.
			hinted := strings.TrimSuffix(url, "index.m3u8") + fmt.Sprintf("part_%05d_%d.ts", msn, part)
			if code, _ := fetch(s, hinted); code != http.StatusOK {
				select {
				case <-stop:
					return versions, errs
				default:
				}
				errs = append(errs, fmt.Sprintf("the hinted part %d.%d answered %d", msn, part, code))
			}
		}
		code, b := fetch(s, fmt.Sprintf("%s?_HLS_msn=%d&_HLS_part=%d", url, msn, part))
		if code != http.StatusOK {
			select {
			case <-stop: // the publisher ended: the part will not come
				return versions, errs
			default:
			}
			errs = append(errs, fmt.Sprintf("blocking reload of part %d.%d: %d %s", msn, part, code, b))
			return versions, errs
		}
		if !strings.Contains(b, fmt.Sprintf(`URI="part_%05d_%d.ts"`, msn, part)) && !strings.Contains(b, fmt.Sprintf("\nseg_%05d.ts\n", msn)) {
			errs = append(errs, fmt.Sprintf("blocking reload of part %d.%d answered a playlist without it:\n%s", msn, part, b))
		}
		versions = append(versions, b)
		body = b
	}
}

func fetch(s *apptest.Server, url string) (int, string) {
	res, err := s.Client.Get(url)
	if err != nil {
		return 0, err.Error()
	}
	defer func() { _ = res.Body.Close() }()
	var b strings.Builder
	buf := make([]byte, 32<<10)
	for {
		n, err := res.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return res.StatusCode, b.String()
}

var partURI = regexp.MustCompile(`URI="part_(\d+)_(\d+)\.ts"`)

// nextPart is the part after the last one a playlist lists (whole segments
// count: after a segment comes part 0 of the next).
func nextPart(pl string) (msn, part int) {
	seq, segs := 0, 0
	lastPartSeg, lastPart := -1, -1
	for _, l := range strings.Split(pl, "\n") {
		switch {
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			seq, _ = strconv.Atoi(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"))
		case strings.HasPrefix(l, "#EXTINF:"):
			segs++
		case strings.HasPrefix(l, "#EXT-X-PART:"):
			if m := partURI.FindStringSubmatch(l); m != nil {
				lastPartSeg, _ = strconv.Atoi(m[1])
				lastPart, _ = strconv.Atoi(m[2])
			}
		}
	}
	next := seq + segs
	if lastPartSeg == next {
		return next, lastPart + 1
	}
	return next, 0
}

// llChecked is what checkLLPlaylist read of a playlist.
type llChecked struct{ mediaSeq, target int }

// checkLLPlaylist checks one live LL-HLS playlist version against the rules
// of RFC 8216bis for parts, EXT-X-PART-INF, EXT-X-SERVER-CONTROL,
// EXT-X-TARGETDURATION and EXT-X-PRELOAD-HINT.
func checkLLPlaylist(pl string) (llChecked, error) {
	var c llChecked
	var partTarget, holdBack float64
	canBlock := false
	var lines []string
	for _, l := range strings.Split(pl, "\n") {
		if l != "" {
			lines = append(lines, l)
		}
	}
	var infs, parts []float64
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "#EXT-X-TARGETDURATION:"):
			c.target, _ = strconv.Atoi(strings.TrimPrefix(l, "#EXT-X-TARGETDURATION:"))
		case strings.HasPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"):
			c.mediaSeq, _ = strconv.Atoi(strings.TrimPrefix(l, "#EXT-X-MEDIA-SEQUENCE:"))
		case strings.HasPrefix(l, "#EXT-X-PART-INF:"):
			partTarget = attrFloat(l, "PART-TARGET")
		case strings.HasPrefix(l, "#EXT-X-SERVER-CONTROL:"):
			canBlock = strings.Contains(l, "CAN-BLOCK-RELOAD=YES")
			holdBack = attrFloat(l, "PART-HOLD-BACK")
		case strings.HasPrefix(l, "#EXTINF:"):
			d, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimPrefix(l, "#EXTINF:"), ","), 64)
			infs = append(infs, d)
		case strings.HasPrefix(l, "#EXT-X-PART:"):
			parts = append(parts, attrFloat(l, "DURATION"))
		}
	}
	if c.target <= 0 {
		return c, fmt.Errorf("EXT-X-TARGETDURATION %d", c.target)
	}
	for _, d := range infs {
		if int(math.Round(d)) > c.target {
			return c, fmt.Errorf("EXTINF %.3f above EXT-X-TARGETDURATION %d", d, c.target)
		}
	}
	if partTarget <= 0 {
		return c, fmt.Errorf("no EXT-X-PART-INF PART-TARGET")
	}
	for _, d := range parts {
		if d > partTarget+1e-9 {
			return c, fmt.Errorf("part of %.3f s above PART-TARGET %.3f", d, partTarget)
		}
	}
	if !canBlock {
		return c, fmt.Errorf("EXT-X-SERVER-CONTROL without CAN-BLOCK-RELOAD=YES")
	}
	if holdBack < 3*partTarget-1e-9 {
		return c, fmt.Errorf("PART-HOLD-BACK %.3f below three PART-TARGETs (%.3f)", holdBack, 3*partTarget)
	}
	msn, part := nextPart(pl)
	want := fmt.Sprintf(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part_%05d_%d.ts"`, msn, part)
	if last := lines[len(lines)-1]; last != want {
		return c, fmt.Errorf("the playlist ends with %q, want %q", last, want)
	}
	return c, nil
}

// attrFloat reads a decimal attribute of a tag line.
func attrFloat(l, name string) float64 {
	_, attrs, _ := strings.Cut(l, ":")
	for _, kv := range strings.Split(attrs, ",") {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			f, _ := strconv.ParseFloat(v, 64)
			return f
		}
	}
	return 0
}
