package media

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// Probe is what ffprobe tells about a source.
type Probe struct {
	// Duration in seconds.
	Duration float64
	// Width and Height of the video stream as displayed (rotation applied).
	Width, Height int
	// FPS is the video's frame rate; 0 when ffprobe does not know it.
	FPS float64
	// HasAudio is true when the source has an audio stream.
	HasAudio bool
	// HasVideo is false for an audio-only source (a podcast, say): Width,
	// Height and FPS are then 0.
	HasVideo bool
	// Format is the container's format name, e.g. mov,mp4,m4a,3gp,3g2,mj2.
	Format string
	// Input is the probed file as every later ffmpeg run on it must open it.
	Input Input
}

// NotMediaError says why a file cannot be processed as a video; it is the user's
// file, not a server fault, so processing is not retried.
type NotMediaError struct{ Reason string }

// Error implements error.
func (e *NotMediaError) Error() string { return e.Reason }

// IsNotMedia reports whether err is a NotMediaError.
func IsNotMedia(err error) bool {
	var nm *NotMediaError
	return errors.As(err, &nm)
}

// ffprobeOutput is the part of ffprobe's -show_format -show_streams answer
// that Vidra reads.
type ffprobeOutput struct {
	Streams []struct {
		CodecType    string            `json:"codec_type"`
		CodecName    string            `json:"codec_name"`
		PixFmt       string            `json:"pix_fmt"`
		Width        int               `json:"width"`
		Height       int               `json:"height"`
		AvgFrameRate string            `json:"avg_frame_rate"`
		RFrameRate   string            `json:"r_frame_rate"`
		Duration     string            `json:"duration"`
		Tags         map[string]string `json:"tags"`
		SideData     []struct {
			Rotation float64 `json:"rotation"`
		} `json:"side_data_list"`
		Disposition map[string]int `json:"disposition"`
	} `json:"streams"`
	Format struct {
		FormatName string `json:"format_name"`
		StartTime  string `json:"start_time"`
		Duration   string `json:"duration"`
	} `json:"format"`
}

// ProbeFile sniffs a local file's container (OpenInput) and runs ffprobe on it
// with that demuxer only. A file that is not an accepted video container, is not
// media, or has no video stream gives a *NotMediaError.
func (t Tools) ProbeFile(ctx context.Context, path string) (*Probe, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	in, err := OpenInput(path)
	if err != nil {
		return nil, err
	}
	po, err := t.readStreams(ctx, in)
	if err != nil {
		return nil, err
	}
	p := &Probe{Format: po.Format.FormatName, Input: in}
	p.Duration, _ = strconv.ParseFloat(po.Format.Duration, 64)
	found := false
	for _, s := range po.Streams {
		switch s.CodecType {
		case "video":
			if found || s.Disposition["attached_pic"] == 1 || s.Width == 0 || s.Height == 0 {
				continue
			}
			found = true
			p.Width, p.Height = s.Width, s.Height
			if rotated(s.Tags["rotate"], s.SideData) {
				p.Width, p.Height = p.Height, p.Width
			}
			p.FPS = rate(s.AvgFrameRate)
			if p.FPS == 0 {
				p.FPS = rate(s.RFrameRate)
			}
			if p.Duration == 0 {
				p.Duration, _ = strconv.ParseFloat(s.Duration, 64)
			}
		case "audio":
			p.HasAudio = true
		}
	}
	p.HasVideo = found
	if !found && !p.HasAudio {
		return nil, &NotMediaError{Reason: "the file has neither a video nor an audio stream"}
	}
	if p.Duration <= 0 {
		return nil, &NotMediaError{Reason: "the video has no duration (empty or truncated file)"}
	}
	return p, nil
}

// readStreams runs ffprobe on in for its format and streams. A file ffprobe
// cannot read gives a *NotMediaError.
func (t Tools) readStreams(ctx context.Context, in Input) (ffprobeOutput, error) {
	var po ffprobeOutput
	out, stderr, err := t.probeWithStderr(ctx, append([]string{"-print_format", "json", "-show_format", "-show_streams"}, in.Args()...)...)
	if err != nil {
		var exitErr *exec.ExitError
		if ctx.Err() == nil && errors.As(err, &exitErr) {
			return po, &NotMediaError{Reason: "not a media file: " + firstLine(stderr)}
		}
		return po, err
	}
	if err := json.Unmarshal(out, &po); err != nil {
		return po, fmt.Errorf("ffprobe output: %w", err)
	}
	return po, nil
}

// rotated reports a quarter-turn rotation from the legacy tag or the display matrix.
func rotated(tag string, side []struct {
	Rotation float64 `json:"rotation"`
}) bool {
	deg, _ := strconv.ParseFloat(tag, 64)
	for _, sd := range side {
		if sd.Rotation != 0 {
			deg = sd.Rotation
		}
	}
	d := int(deg) % 180
	return d == 90 || d == -90
}

// rate parses ffprobe's "30000/1001".
func rate(s string) float64 {
	num, den, ok := strings.Cut(s, "/")
	n, err1 := strconv.ParseFloat(num, 64)
	if !ok {
		return n
	}
	d, err2 := strconv.ParseFloat(den, 64)
	if err1 != nil || err2 != nil || d == 0 {
		return 0
	}
	return n / d
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	if i := strings.LastIndex(s, ": "); i >= 0 && strings.Contains(s[:i], "/") {
		s = s[i+2:] // drop the temporary path ffprobe prefixes
	}
	if s == "" {
		return "ffprobe could not read it"
	}
	return s
}
