package media

import (
	"context"
	"errors"
	"os"
	"strings"
)

// RemuxInput is one local file a remux reads, with its container named
// (never sniffed from a user's bytes: these are Vidra's own renditions).
type RemuxInput struct {
	// Path is the local file; Demuxer its ffmpeg input format (mov for
	// fragmented MP4, mpegts for joined TS segments).
	Path, Demuxer string
}

// ErrNoSound is what RemuxMP4 returns when the sound was asked for and the
// inputs have none.
var ErrNoSound = errors.New("the video has no sound")

// RemuxMP4 writes out, an MP4 with its index (moov) first so it plays while it
// downloads, copying streams without re-encoding: the picture of video and the
// sound of audio (or of video when audio has no Path). audioOnly keeps the
// sound alone (an M4A). Only the file protocol is allowed: ffmpeg reads the
// files it is handed and nothing they name.
func (t Tools) RemuxMP4(ctx context.Context, video, audio RemuxInput, audioOnly bool, out string) error {
	args := []string{}
	add := func(in RemuxInput) {
		args = append(args, "-protocol_whitelist", "file", "-f", in.Demuxer, "-i", in.Path)
	}
	soundFrom := "0"
	if video.Path != "" {
		add(video)
		if audio.Path != "" {
			soundFrom = "1"
		}
	}
	if audio.Path != "" {
		add(audio)
	}
	switch {
	case audioOnly:
		args = append(args, "-map", soundFrom+":a:0", "-vn")
	case audio.Path != "":
		args = append(args, "-map", "0:v:0", "-map", soundFrom+":a:0")
	default:
		// A picture without sound stays a download: the sound is optional.
		args = append(args, "-map", "0:v:0", "-map", "0:a:0?")
	}
	args = append(args, "-sn", "-dn", "-c", "copy", "-avoid_negative_ts", "make_zero",
		"-movflags", "+faststart", "-f", "mp4", out)
	if err := t.run(ctx, args...); err != nil {
		if audioOnly && strings.Contains(err.Error(), "matches no streams") {
			return ErrNoSound
		}
		return err
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		return errors.New("ffmpeg wrote no file")
	}
	return nil
}
