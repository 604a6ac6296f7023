package media

import "context"

// ConcatCopy joins the MPEG-TS files named by an ffmpeg concat list (written by
// Vidra itself, naming only its own files: never a user's) into one MP4 without
// re-encoding, each file's timestamps following the previous file's end. The
// live recording finalizer uses it: one file per publisher connection.
func (t Tools) ConcatCopy(ctx context.Context, listFile, out string) error {
	return t.run(ctx, "-f", "concat", "-safe", "0", "-i", listFile,
		"-c", "copy", "-avoid_negative_ts", "make_zero", "-movflags", "+faststart", "-f", "mp4", out)
}
