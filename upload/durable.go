package upload

import "os"

// syncFile flushes a file's data to the disk. An upload is acknowledged and its
// source recorded in the database only after this: without it a crash right after
// the acknowledgement could leave the recorded source empty or cut short.
func syncFile(path string) error {
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

// syncDir flushes a directory's entries to the disk, so that a file just renamed
// into it is found there after a crash.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	if err := d.Sync(); err != nil {
		_ = d.Close()
		return err
	}
	return d.Close()
}
