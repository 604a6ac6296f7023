package upload

import "os"

// syncPath flushes a file's data, or a directory's entries, to the disk. An
// upload is acknowledged and its source recorded in the database only after its
// file and the directory it was renamed into are flushed: without that a crash
// right after the acknowledgement could leave the recorded source missing, empty
// or cut short.
func syncPath(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
