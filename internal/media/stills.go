package media

import (
	"context"
	"fmt"
	"os"
	"strconv"
)

// Fit modes of a still or an animation whose requested box differs from the
// video's shape.
const (
	// FitPreserve fits the picture inside the box, keeping its shape: the
	// result may be smaller than the box on one side (the default).
	FitPreserve = "preserve"
	// FitStretch scales the picture to the box, changing its shape.
	FitStretch = "stretch"
	// FitCrop fills the box, keeping the shape, and cuts what overflows
	// around the centre.
	FitCrop = "crop"
	// FitPad fits the picture inside the box and fills the rest with black.
	FitPad = "pad"
)

// ImageSpec is what a still or an animation is made of: its box, how the
// picture fits it, and its format (jpg, png, webp, gif).
type ImageSpec struct {
	// Width and Height are the box in pixels; 0 on one side follows the video's
	// shape; 0 on both keeps the picture's size.
	Width, Height int
	// Fit is one of the Fit modes; it matters only when both sides are given.
	Fit string
	// Format is the output's format: jpg, png or webp for stills, gif or webp
	// for animations.
	Format string
}

// scaleFilter is the ffmpeg filter chain that puts the picture in spec's box.
func (spec ImageSpec) scaleFilter() string {
	w, h := spec.Width, spec.Height
	switch {
	case w == 0 && h == 0:
		return "null"
	case w == 0:
		return fmt.Sprintf("scale=-2:%d:flags=lanczos", h)
	case h == 0:
		return fmt.Sprintf("scale=%d:-2:flags=lanczos", w)
	}
	box := strconv.Itoa(w) + ":" + strconv.Itoa(h)
	switch spec.Fit {
	case FitStretch:
		return "scale=" + box + ":flags=lanczos,setsar=1"
	case FitCrop:
		return "scale=" + box + ":force_original_aspect_ratio=increase:flags=lanczos,crop=" + box + ",setsar=1"
	case FitPad:
		return "scale=" + box + ":force_original_aspect_ratio=decrease:flags=lanczos,pad=" + box + ":(ow-iw)/2:(oh-ih)/2:black,setsar=1"
	default:
		return "scale=" + box + ":force_original_aspect_ratio=decrease:flags=lanczos"
	}
}

// Still writes one frame of in, offset seconds from its start, to out in
// spec's box and format, in one ffmpeg run that reads only in (see seekTo for
// how it gets there).
func (t Tools) Still(ctx context.Context, in Input, offset float64, spec ImageSpec, out string) error {
	args, trim := seekTo(in, offset, 0)
	args = append(args, "-map", "0:v:0", "-frames:v", "1", "-update", "1",
		"-vf", trim+","+spec.scaleFilter(), "-an", "-sn", "-dn")
	switch spec.Format {
	case "jpg":
		args = append(args, "-c:v", "mjpeg", "-q:v", "3", "-pix_fmt", "yuvj420p", "-f", "image2")
	case "png":
		args = append(args, "-c:v", "png", "-f", "image2")
	case "webp":
		args = append(args, "-c:v", "libwebp", "-quality", "80", "-f", "webp")
	default:
		return fmt.Errorf("still format %q", spec.Format)
	}
	return t.runTo(ctx, out, append(args, out)...)
}

// Animated writes seconds of in from offset to out as a looping animation of
// fps frames a second in spec's box and format (gif or webp), in one ffmpeg run
// that reads only in. A GIF gets a palette made from its own frames.
func (t Tools) Animated(ctx context.Context, in Input, offset, seconds float64, fps int, spec ImageSpec, out string) error {
	args, trim := seekTo(in, offset, seconds)
	frames := trim + ",fps=" + strconv.Itoa(fps) + "," + spec.scaleFilter()
	switch spec.Format {
	case "gif":
		args = append(args, "-filter_complex",
			"[0:v:0]"+frames+",split[a][b];[a]palettegen=stats_mode=diff[p];[b][p]paletteuse=dither=bayer:bayer_scale=3",
			"-f", "gif")
	case "webp":
		args = append(args, "-map", "0:v:0", "-vf", frames, "-c:v", "libwebp_anim", "-quality", "70", "-f", "webp")
	default:
		return fmt.Errorf("animation format %q", spec.Format)
	}
	return t.runTo(ctx, out, append(args, "-an", "-sn", "-dn", "-loop", "0", out)...)
}

// runTo runs ffmpeg and checks that it wrote a non-empty out.
func (t Tools) runTo(ctx context.Context, out string, args ...string) error {
	if err := t.run(ctx, args...); err != nil {
		return err
	}
	if st, err := os.Stat(out); err != nil || st.Size() == 0 {
		return fmt.Errorf("ffmpeg wrote no image to %s", out)
	}
	return nil
}

// seekTo returns the input arguments for in and the filter that goes first in
// the picture's chain, together keeping seconds of in from offset on (0: to the
// end), timed from zero. An MP4 input (CMAF: an init segment and fragments, an
// index of their keyframes) is seeked: ffmpeg decodes from the keyframe before
// the offset. MPEG-TS has no index, and an input seek can land past the
// keyframe and yield no frame at all: it is decoded from its start (in is a few
// segments, each opening on a keyframe). Either way the frames before the offset
// are dropped first, so only the kept ones are scaled and converted (an output
// -ss trims at the end of the chain, after every frame decoded before the
// offset was scaled and converted too: half the time of a 1080p still).
func seekTo(in Input, offset, seconds float64) (args []string, trim string) {
	if in.Demuxer == "mov" {
		// An input -ss seeks with accurate_seek: ffmpeg itself drops the
		// frames between the keyframe and the offset before any filter.
		return in.Args("-ss", formatSeconds(offset)), trimFilter(0, seconds)
	}
	return in.Args(), trimFilter(offset, seconds)
}

// trimFilter keeps the frames from offset seconds of the input on, for seconds
// (0: to the end), and restarts their timestamps at zero.
func trimFilter(offset, seconds float64) string {
	f := "trim=start=" + formatSeconds(offset)
	if seconds > 0 {
		f += ":duration=" + formatSeconds(seconds)
	}
	return f + ",setpts=PTS-STARTPTS"
}

func formatSeconds(s float64) string { return strconv.FormatFloat(s, 'f', 3, 64) }
