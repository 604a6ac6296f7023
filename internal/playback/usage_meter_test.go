package playback_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"entgo.io/ent/dialect"

	"gocloud.dev/blob"
	"gocloud.dev/blob/fileblob"

	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/usage"
)

// segmentFixture is a playback server over a fresh database (its statements
// counted) with one video whose rendition has a playlist and a 94 KB segment.
type segmentFixture struct {
	srv     *playback.Server
	counter *testdb.Counter
	meter   *usage.Meter
	path    string
	ctx     context.Context
}

func newSegmentFixture(tb testing.TB, dialect string) *segmentFixture {
	tb.Helper()
	db, counter := testdb.OpenCounting(tb, dialect)
	ctx := tenancy.SystemContext(context.Background(), "test fixture: playback metering")
	c := db.Client
	org := c.Organization.Create().SetName("Acme").SaveX(ctx)
	proj := c.Project.Create().SetOrganization(org).SetName("p").SaveX(ctx)
	v := c.Video.Create().SetProject(proj).SetTitle("v").SaveX(ctx)
	bucket, err := fileblob.OpenBucket(tb.TempDir(), nil)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = bucket.Close() })
	prefix := "videos/" + v.ID.String() + "/hls/360p/"
	writeBlob(tb, bucket, prefix+"seg_00000.ts", bytes.Repeat([]byte{0x47}, 188*500))
	writeBlob(tb, bucket, prefix+"index.m3u8", []byte("#EXTM3U\n#EXTINF:4.000,\nseg_00000.ts\n#EXT-X-ENDLIST\n"))
	signer, err := playback.NewSigner(bytes.Repeat([]byte("k"), 64))
	if err != nil {
		tb.Fatal(err)
	}
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	meter := usage.NewMeter(c, log)
	return &segmentFixture{
		srv:     &playback.Server{Client: c, Bucket: bucket, Signer: signer, Policies: playback.ProjectPolicies{Client: c, Log: log}, Log: log},
		counter: counter, meter: meter, path: "/v1/play/" + v.ID.String() + "/360p/seg_00000.ts",
		ctx: tenancy.TokenContext(context.Background(), "playback"),
	}
}

func writeBlob(tb testing.TB, b *blob.Bucket, key string, data []byte) {
	tb.Helper()
	if err := b.WriteAll(context.Background(), key, data, nil); err != nil {
		tb.Fatal(err)
	}
}

// serve plays the segment once and reports the response's status.
func (f *segmentFixture) serve() int {
	rec := httptest.NewRecorder()
	f.srv.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, f.path, nil).WithContext(f.ctx))
	return rec.Code
}

// TestMeteringAddsNoDatabaseStatement serves the same segment with metering
// off and on: the same statements run (the video and policy reads), none
// more, and the meter holds the bytes until its flush writes them.
func TestMeteringAddsNoDatabaseStatement(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			f := newSegmentFixture(t, d)
			f.serve() // warm the segment-duration cache
			f.counter.Reset()
			if st := f.serve(); st != http.StatusOK {
				t.Fatalf("status %d", st)
			}
			off := f.counter.Count()
			f.srv.Usage = f.meter
			f.counter.Reset()
			f.serve()
			if on := f.counter.Count(); on != off {
				t.Errorf("statements with metering %d, without %d: %v", on, off, f.counter.Statements())
			}
			if got := f.meter.UnflushedBytes(); got != 188*500 {
				t.Errorf("unflushed bytes = %d, want %d", got, 188*500)
			}
			f.counter.Reset()
			if err := f.meter.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			if f.counter.Count() == 0 || f.meter.UnflushedBytes() != 0 {
				t.Errorf("flush ran %d statements, %d bytes left", f.counter.Count(), f.meter.UnflushedBytes())
			}
		})
	}
}

// BenchmarkPlaybackMetering serves one 94 KB segment per op with metering
// off and on (SQLite); the difference of the two ns/op is metering's cost per
// request. The meter's own cost is BenchmarkMeterAdd (package usage).
func BenchmarkPlaybackMetering(b *testing.B) {
	f := newSegmentFixture(b, dialect.SQLite)
	f.serve()
	for _, mode := range []string{"off", "on"} {
		b.Run(mode, func(b *testing.B) {
			f.srv.Usage = nil
			if mode == "on" {
				f.srv.Usage = f.meter
			}
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				if st := f.serve(); st != http.StatusOK {
					b.Fatalf("status %d", st)
				}
			}
		})
	}
}
