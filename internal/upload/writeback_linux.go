package upload

import (
	"os"

	"golang.org/x/sys/unix"
)

// startWriteback asks Linux to start writing n bytes of f from off to the disk,
// without waiting for it (sync_file_range with SYNC_FILE_RANGE_WRITE). It is
// advice: should it fail, the fsync at the end of the upload writes them.
func startWriteback(f *os.File, off, n int64) {
	_ = unix.SyncFileRange(int(f.Fd()), off, n, unix.SYNC_FILE_RANGE_WRITE)
}
