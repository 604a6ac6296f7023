package media_test

import (
	"crypto/rand"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// uploadBenchSize is the file size of BenchmarkTusUploadThroughput:
// VIDRA_BENCH_UPLOAD_MB, default 1024 (1 GiB).
func uploadBenchSize(b *testing.B) int64 {
	mb := int64(1024)
	if v := os.Getenv("VIDRA_BENCH_UPLOAD_MB"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			b.Fatalf("VIDRA_BENCH_UPLOAD_MB=%q", v)
		}
		mb = n
	}
	return mb << 20
}

// patternReader yields n bytes cycling through a random 1 MiB block, so neither
// side is limited by generating data.
type patternReader struct {
	block []byte
	off   int
	n     int64
}

func (r *patternReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > r.n {
		p = p[:r.n]
	}
	k := copy(p, r.block[r.off:])
	r.off = (r.off + k) % len(r.block)
	r.n -= int64(k)
	return k, nil
}

// BenchmarkTusUploadThroughput compares a tus upload (create plus one PATCH over
// loopback HTTP, through tusd's file store, until the final PATCH is answered:
// the upload is then on the disk and the video's source) with writing the same
// bytes to a file on the same disk and flushing it there (fsync). Metric ratio =
// tus throughput / disk throughput (target >= 0.7). Two more measurements give
// context: the same bytes over a bare loopback TCP connection into a file, flushed
// too, no HTTP and no tus (ratio-vs-socket), what receiving from the network and
// writing to disk cost on this machine whatever the protocol; and the file written
// into the page cache only, not flushed (ratio-vs-cache), which is a memory copy
// rather than a write to disk.
func BenchmarkTusUploadThroughput(b *testing.B) {
	size := uploadBenchSize(b)
	block := make([]byte, 1<<20)
	_, _ = rand.Read(block)
	s := apptest.New(b, dialect.SQLite)
	proj := s.CreateProject(s.CreateOrganization("Bench"), "Bench")
	dir := b.TempDir()
	var tus, disk, cache, socket time.Duration
	b.SetBytes(size)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		token, _ := s.UploadToken(proj, size)
		// Each side starts with no dirty pages of the other's writes to flush.
		b.StopTimer()
		syscall.Sync()
		b.StartTimer()
		start := time.Now()
		st, loc, body := s.TusCreate(token, size)
		if st != http.StatusCreated {
			b.Fatalf("tus POST %d %s", st, body)
		}
		if _, n, err := s.TusPatch(loc, 0, &patternReader{block: block, n: size}); err != nil || n != size {
			b.Fatalf("tus PATCH: %d %v", n, err)
		}
		tus += time.Since(start)

		b.StopTimer()
		syscall.Sync()
		b.StartTimer()
		disk += writeFile(b, filepath.Join(dir, "baseline"), &patternReader{block: block, n: size}, true)

		b.StopTimer()
		syscall.Sync()
		b.StartTimer()
		cache += writeFile(b, filepath.Join(dir, "cache"), &patternReader{block: block, n: size}, false)

		b.StopTimer()
		syscall.Sync()
		b.StartTimer()
		socket += socketToFile(b, filepath.Join(dir, "socket"), &patternReader{block: block, n: size})
	}
	mbps := func(d time.Duration) float64 { return float64(size) * float64(b.N) / d.Seconds() / (1 << 20) }
	b.ReportMetric(mbps(tus), "tus-MiB/s")
	b.ReportMetric(mbps(disk), "disk-MiB/s")
	b.ReportMetric(mbps(tus)/mbps(disk), "ratio")
	b.ReportMetric(mbps(socket), "socket-MiB/s")
	b.ReportMetric(mbps(tus)/mbps(socket), "ratio-vs-socket")
	b.ReportMetric(mbps(cache), "cache-MiB/s")
	b.ReportMetric(mbps(tus)/mbps(cache), "ratio-vs-cache")
}

// writeFile writes data to a new file at path and returns how long that took
// until the file was closed, flushed to the disk first when durable.
func writeFile(b *testing.B, path string, data io.Reader, durable bool) time.Duration {
	b.Helper()
	start := time.Now()
	f, err := os.Create(path)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(f, data); err != nil {
		b.Fatal(err)
	}
	if durable {
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	took := time.Since(start)
	_ = os.Remove(path)
	return took
}

// socketToFile sends data over a loopback TCP connection to a listener that
// writes it to path, and returns how long that took until the file was closed.
func socketToFile(b *testing.B, path string, data io.Reader) time.Duration {
	b.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	received := make(chan error, 1)
	go func() {
		conn, err := ln.Accept()
		if err != nil {
			received <- err
			return
		}
		defer func() { _ = conn.Close() }()
		f, err := os.Create(path)
		if err != nil {
			received <- err
			return
		}
		_, err = io.Copy(f, conn)
		if err == nil {
			err = f.Sync()
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		received <- err
	}()
	start := time.Now()
	conn, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		b.Fatal(err)
	}
	if _, err := io.Copy(conn, data); err != nil {
		b.Fatal(err)
	}
	if err := conn.Close(); err != nil {
		b.Fatal(err)
	}
	if err := <-received; err != nil {
		b.Fatal(err)
	}
	took := time.Since(start)
	_ = os.Remove(path)
	return took
}
