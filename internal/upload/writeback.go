package upload

import (
	"io"
	"os"
)

// writebackEvery is how many bytes of an upload are received between two
// requests to the kernel to start writing them to the disk.
const writebackEvery = 8 << 20

// writeback passes on the body of an upload that is being copied into f from
// offset start, and each time another writebackEvery bytes have gone through,
// has the kernel start writing them to the disk (flush, startWriteback outside
// tests). The copy reads again only after writing what it read, so those bytes
// are in the file by then. Without it a large upload stays in the page cache
// until the fsync that ends it (the kernel writes back on its own only past
// 10% of memory, or after 30 s), and the final PATCH then waits for all of it.
type writeback struct {
	src     io.Reader
	f       *os.File
	start   int64
	passed  int64 // bytes returned to the copy so far
	flushed int64 // bytes whose writeback was started
	flush   func(f *os.File, off, n int64)
}

// newWriteback wraps src, whose bytes are written into f from offset start.
func newWriteback(src io.Reader, f *os.File, start int64) *writeback {
	return &writeback{src: src, f: f, start: start, flush: startWriteback}
}

// Read implements io.Reader.
func (w *writeback) Read(p []byte) (int, error) {
	if pending := w.passed - w.flushed; pending >= writebackEvery {
		w.flush(w.f, w.start+w.flushed, pending)
		w.flushed = w.passed
	}
	n, err := w.src.Read(p)
	w.passed += int64(n)
	return n, err
}
