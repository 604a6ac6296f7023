package livehls

import (
	"bytes"
	"context"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/live/liveslots"
)

// burstReader passes on its source as an ingest that analyses a stream's
// first seconds before handing it on does (gortmplib reads 2 s of RTMP to
// learn the tracks): the first hold of media is held back and sent at once.
// first is the arrival of the stream's first byte.
type burstReader struct {
	pr    *io.PipeReader
	first chan time.Time
}

func newBurstReader(src io.Reader, hold time.Duration) *burstReader {
	pr, pw := io.Pipe()
	b := &burstReader{pr: pr, first: make(chan time.Time, 1)}
	go func() {
		buf := make([]byte, 32<<10)
		var held bytes.Buffer
		var start time.Time
		for {
			n, err := src.Read(buf)
			if n > 0 && start.IsZero() {
				start = time.Now()
				b.first <- start
			}
			if !start.IsZero() && time.Since(start) < hold {
				held.Write(buf[:n])
			} else {
				if held.Len() > 0 {
					if _, werr := pw.Write(held.Bytes()); werr != nil {
						return
					}
					held.Reset()
				}
				if n > 0 {
					if _, werr := pw.Write(buf[:n]); werr != nil {
						return
					}
				}
			}
			if err != nil {
				if held.Len() > 0 {
					_, _ = pw.Write(held.Bytes())
				}
				pw.CloseWithError(err)
				return
			}
		}
	}()
	return b
}

func (b *burstReader) Read(p []byte) (int, error) { return b.pr.Read(p) }

// TestProgramDateTimeOfABurstStart: a stream whose first 2 s reach the
// segmenter in one burst (RTMP's track analysis) still gets the wall clock of
// its first frame as segment 0's PROGRAM-DATE-TIME (within 0.5 s of its
// arrival at the ingest, not 2 s late), and the segments' times keep the
// spacing of their durations.
func TestProgramDateTimeOfABurstStart(t *testing.T) {
	needFFmpeg(t)
	bk, _ := bucket(t)
	s := open(t, Options{Bucket: bk, Record: true, LatencyMode: LatencyLow})
	src := newBurstReader(publish(t, 8, true).out, 2*time.Second)
	if err := s.Run(context.Background(), src); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	first := <-src.first
	var pdts []time.Time
	for _, l := range strings.Split(read(t, bk, RecordingKey(s.o.VideoID)), "\n") {
		if v, ok := strings.CutPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"); ok {
			at, err := time.Parse("2006-01-02T15:04:05.000Z", v)
			if err != nil {
				t.Fatal(err)
			}
			pdts = append(pdts, at)
		}
	}
	durs := extinfs(t, read(t, bk, RecordingKey(s.o.VideoID)))
	if len(pdts) < 3 || len(pdts) != len(durs) {
		t.Fatalf("%d PROGRAM-DATE-TIMEs for %d segments", len(pdts), len(durs))
	}
	if late := pdts[0].Sub(first); late.Abs() > 500*time.Millisecond {
		t.Errorf("segment 0's PROGRAM-DATE-TIME is %s from its first frame's arrival, want within 0.5 s", late)
	}
	for i := 1; i < len(pdts); i++ {
		if gap := pdts[i].Sub(pdts[i-1]).Seconds(); math.Abs(gap-durs[i-1]) > 0.1 {
			t.Errorf("segment %d starts %.3f s after segment %d, which lasts %.3f s", i, gap, i-1, durs[i-1])
		}
	}
}

// pdtsOf returns a playlist's PROGRAM-DATE-TIMEs.
func pdtsOf(t *testing.T, pl string) []time.Time {
	t.Helper()
	var out []time.Time
	for _, l := range strings.Split(pl, "\n") {
		if v, ok := strings.CutPrefix(l, "#EXT-X-PROGRAM-DATE-TIME:"); ok {
			at, err := time.Parse("2006-01-02T15:04:05.000Z", v)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, at)
		}
	}
	return out
}

// TestTranscodedRungsShareTheSourcePDT: with the same burst start, a
// transcoded session's rungs date their segments as the source does (the
// rungs keep the input's timestamps and read the source's mapping), so a
// player switching variants by PROGRAM-DATE-TIME finds the same instant; and
// the master names each rung with its RESOLUTION and CODECS.
func TestTranscodedRungsShareTheSourcePDT(t *testing.T) {
	needFFmpeg(t)
	var w warnings
	s, _ := transcoded(t, liveslots.New(4), &w)
	if err := s.Run(context.Background(), newBurstReader(publish(t, 7, true).out, 2*time.Second)); err != nil {
		t.Fatal(err)
	}
	master := read(t, s.o.Bucket, MasterKey(s.o.VideoID))
	if err := s.Close(context.Background(), "publisher_closed"); err != nil {
		t.Fatal(err)
	}
	src := pdtsOf(t, read(t, s.o.Bucket, RecordingKey(s.o.VideoID)))
	for _, r := range twoRungs {
		if !regexp.MustCompile(`RESOLUTION=\d+x` + strconv.Itoa(r.Height) + `,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"\nlive/` + r.Name + `/index.m3u8`).MatchString(master) {
			t.Errorf("master does not name %s with its RESOLUTION and CODECS:\n%s", r.Name, master)
		}
		rung := pdtsOf(t, read(t, s.o.Bucket, Prefix(s.o.VideoID)+r.Name+"/index.m3u8"))
		if len(rung) == 0 || len(src) == 0 {
			t.Fatalf("%s: %d PROGRAM-DATE-TIMEs, source %d", r.Name, len(rung), len(src))
		}
		if d := rung[0].Sub(src[0]); d.Abs() > 200*time.Millisecond {
			t.Errorf("%s's first segment is dated %s from the source's", r.Name, d)
		}
	}
}
