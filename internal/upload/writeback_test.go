package upload

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// TestWritebackStartsEachWrittenRangeOnce: the bytes pass unchanged, and
// writeback is started for consecutive ranges of the file, from the chunk's
// offset, each of at least writebackEvery bytes and only of bytes already
// written to the file.
func TestWritebackStartsEachWrittenRangeOnce(t *testing.T) {
	data := make([]byte, 3*writebackEvery+12345)
	for i := range data {
		data[i] = byte(i * 7)
	}
	const offset = 1000 // a resumed upload's chunk starts past the file's start
	f, err := os.Create(filepath.Join(t.TempDir(), "upload"))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = f.Close() }()
	if _, err := f.Write(make([]byte, offset)); err != nil {
		t.Fatal(err)
	}
	type span struct{ off, n int64 }
	var started []span
	w := newWriteback(bytes.NewReader(data), f, offset)
	w.flush = func(got *os.File, off, n int64) {
		if got != f {
			t.Fatalf("writeback of another file")
		}
		if st, err := f.Stat(); err != nil || off+n > st.Size() {
			t.Fatalf("writeback of [%d, %d) before it was written (file %d bytes)", off, off+n, st.Size())
		}
		started = append(started, span{off, n})
	}
	n, err := io.Copy(f, w)
	if err != nil || n != int64(len(data)) {
		t.Fatalf("copied %d, %v", n, err)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil || !bytes.Equal(got[offset:], data) {
		t.Fatalf("the file's bytes differ from the body's (%v)", err)
	}
	if len(started) != 3 {
		t.Fatalf("writeback started %d times (%v), want 3", len(started), started)
	}
	next := int64(offset)
	for _, s := range started {
		if s.off != next || s.n < writebackEvery {
			t.Fatalf("writeback ranges %v: not consecutive from %d in steps of at least %d", started, offset, writebackEvery)
		}
		next = s.off + s.n
	}
}
