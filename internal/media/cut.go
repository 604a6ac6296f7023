package media

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"

	"golang.org/x/sync/errgroup"
)

// Cut is what CutRange made: the range as cut, on the source's frames, and
// how much of it was copied and how much encoded again.
type Cut struct {
	// Start and End are the range actually cut, in seconds from the source's
	// start: Start is the first frame at or after the asked start, End the
	// first frame at or after the asked end (or the source's end).
	Start, End float64
	// Copied is the seconds of picture copied without re-encoding (whole
	// groups of pictures between the first and the last keyframe inside the
	// range); Encoded the seconds encoded again (the partial groups at the
	// edges, or the whole range when it cannot be copied).
	Copied, Encoded float64
	// Fallback says why nothing was copied, empty when the middle was.
	Fallback string
}

// ErrEmptyRange is what CutRange returns when the range holds no frame.
var ErrEmptyRange = errors.New("the range holds no frame of the video")

// cutEncode are the encoder options of re-encoded picture: near-transparent
// H.264 (the cut is a source, processed again into the ladder), at x264's
// fastest preset with a low CRF for its quality: the edges of a 1080p cut
// encode about twice as fast as with veryfast.
var cutEncode = []string{"-c:v", "libx264", "-preset", "ultrafast", "-crf", "15", "-pix_fmt", "yuv420p"}

// CutRange writes out, an MP4 of in's range [start, end) in seconds, exact to
// the frame. The picture between the first and the last keyframe inside the
// range is copied as it is; only the partial groups of pictures at the edges
// are encoded again (H.264 sources in 4:2:0 without rotation, with closed
// groups of pictures; any other source is encoded whole). The sound is
// encoded again (AAC), cut to the same range. ffmpeg reads only in (its
// container's demuxer, the file protocol) and the parts it wrote itself.
func (t Tools) CutRange(ctx context.Context, in Input, start, end float64, work, out string) (Cut, error) {
	if err := t.usable(); err != nil {
		return Cut{}, err
	}
	src, err := t.probeCutSource(ctx, in, start, end)
	if err != nil {
		return Cut{}, err
	}
	plan, err := planCut(src, start, end)
	if err != nil {
		return Cut{}, err
	}
	if plan.fallback != "" {
		return plan.result(), t.encodeRange(ctx, in, src, plan, out)
	}
	return plan.result(), t.smartCut(ctx, in, src, plan, work, out)
}

// cutPlan is how a range is cut: the snapped range, the keyframes that bound
// the copied middle and the frame counts of each part.
type cutPlan struct {
	start, end                        float64
	keyIn, keyOut                     float64
	headFrames, midFrames, tailFrames int
	// delay is how far the copied middle's decode times run ahead of its
	// presentation times (B-frames), in seconds.
	delay    float64
	fallback string
}

func (p cutPlan) result() Cut {
	if p.fallback != "" {
		return Cut{Start: p.start, End: p.end, Encoded: p.end - p.start, Fallback: p.fallback}
	}
	return Cut{Start: p.start, End: p.end, Copied: p.keyOut - p.keyIn,
		Encoded: (p.keyIn - p.start) + (p.end - p.keyOut)}
}

// planCut snaps the range to the source's frames and finds the copied middle.
func planCut(src cutSource, start, end float64) (cutPlan, error) {
	if !src.hasVideo {
		// Sound alone: every part is encoded (AAC frames are short).
		if end > src.duration {
			end = src.duration
		}
		if end <= start {
			return cutPlan{}, ErrEmptyRange
		}
		return cutPlan{start: start, end: end, fallback: "the source has no picture"}, nil
	}
	const eps = 1e-4
	var pts []float64
	for _, p := range src.packets {
		pts = append(pts, p.pts)
	}
	slices.Sort(pts)
	in := -1
	for i, v := range pts {
		if v >= start-eps {
			in = i
			break
		}
	}
	if in < 0 || pts[in] >= end-eps {
		return cutPlan{}, ErrEmptyRange
	}
	// The range ends where the first frame at or after end starts, or where
	// the source's last frame ends.
	plan := cutPlan{start: pts[in], end: pts[len(pts)-1] + src.frameDuration()}
	for _, v := range pts[in:] {
		if v >= end-eps {
			plan.end = v
			break
		}
	}
	plan.keyIn, plan.keyOut = -1, -1
	for _, p := range src.packets {
		if !p.key || p.pts < plan.start-eps || p.pts > plan.end+eps {
			continue
		}
		if plan.keyIn < 0 || p.pts < plan.keyIn {
			plan.keyIn = p.pts
		}
		if p.pts > plan.keyOut {
			plan.keyOut = p.pts
		}
	}
	switch {
	case src.codec != "h264":
		plan.fallback = "the source's picture is " + src.codec + ", not H.264"
	case src.pixFmt != "yuv420p" && src.pixFmt != "yuvj420p":
		plan.fallback = "the source's pixels are " + src.pixFmt + ", not 4:2:0 8-bit"
	case src.rotated:
		plan.fallback = "the source is rotated"
	case plan.keyIn < 0 || plan.keyOut <= plan.keyIn:
		plan.fallback = "the range holds fewer than two keyframes"
	}
	if plan.fallback != "" {
		return plan, nil
	}
	for _, v := range pts {
		switch {
		case v < plan.start-eps || v >= plan.end-eps:
		case v < plan.keyIn-eps:
			plan.headFrames++
		case v < plan.keyOut-eps:
			plan.midFrames++
		default:
			plan.tailFrames++
		}
	}
	// The middle is copied as the packets that follow keyIn in decode order:
	// they must be exactly the frames shown before keyOut (closed groups).
	first := slices.IndexFunc(src.packets, func(p cutPacket) bool { return p.key && math.Abs(p.pts-plan.keyIn) < eps })
	if first < 0 || first+plan.midFrames > len(src.packets) {
		plan.fallback = "the source's packets are not in order"
		return plan, nil
	}
	for _, p := range src.packets[first : first+plan.midFrames] {
		if p.pts < plan.keyIn-eps || p.pts >= plan.keyOut-eps {
			plan.fallback = "the source's groups of pictures are open"
			return plan, nil
		}
	}
	plan.delay = max(0, plan.keyIn-src.packets[first].dts)
	return plan, nil
}

// smartCut encodes the edges and copies the middle (MPEG-TS parts, so each
// carries its own parameter sets), then joins them with the sound in one MP4.
func (t Tools) smartCut(ctx context.Context, in Input, src cutSource, plan cutPlan, work, out string) error {
	frame := src.frameDuration()
	// Encoded edges take the middle's decode delay, so decode times rise
	// across the joins (the mpegts muxer's clock is 90 kHz).
	shift := "setts=dts=PTS-" + strconv.FormatInt(int64(math.Round(plan.delay*90000)), 10)
	// No B-frames: each edge's decode times follow its presentation times.
	encodeArgs := append(append([]string{}, cutEncode...), "-bf", "0", "-bsf:v", shift)
	type part struct {
		name            string
		from            float64
		frames          int
		copy            bool
		durationSeconds float64
	}
	parts := []part{
		{name: "head.ts", from: plan.start, frames: plan.headFrames, durationSeconds: plan.keyIn - plan.start},
		{name: "middle.ts", from: plan.keyIn, frames: plan.midFrames, copy: true, durationSeconds: plan.keyOut - plan.keyIn},
		{name: "tail.ts", from: plan.keyOut, frames: plan.tailFrames, durationSeconds: plan.end - plan.keyOut},
	}
	g, gctx := errgroup.WithContext(ctx)
	for _, p := range parts {
		if p.frames == 0 {
			continue
		}
		args := in.Args("-ss", seconds(max(0, p.from-frame/2)))
		args = append(args, "-map", "0:v:0", "-an", "-sn", "-dn", "-frames:v", strconv.Itoa(p.frames))
		if p.copy {
			args = in.Args("-ss", seconds(p.from))
			args = append(args, "-map", "0:v:0", "-an", "-sn", "-dn", "-frames:v", strconv.Itoa(p.frames), "-c:v", "copy")
		} else {
			args = append(args, encodeArgs...)
		}
		args = append(args, "-f", "mpegts", filepath.Join(work, p.name))
		g.Go(func() error { return t.run(gctx, args...) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	list := "ffconcat version 1.0\n"
	for _, p := range parts {
		if p.frames > 0 {
			list += "file " + p.name + "\nduration " + seconds(p.durationSeconds) + "\n"
		}
	}
	listFile := filepath.Join(work, "parts.ffconcat")
	if err := os.WriteFile(listFile, []byte(list), 0o600); err != nil {
		return err
	}
	args := []string{"-protocol_whitelist", "file", "-format_whitelist", "concat,mpegts", "-f", "concat", "-safe", "0", "-i", listFile}
	maps := []string{"-map", "0:v:0"}
	if src.hasAudio {
		args = append(args, in.Args("-ss", seconds(plan.start))...)
		args = append(args, "-t", seconds(plan.end-plan.start))
		maps = append(maps, "-map", "1:a:0", "-c:a", "aac", "-b:a", "192k")
	}
	args = append(args, maps...)
	args = append(args, "-c:v", "copy", "-sn", "-dn", "-movflags", "+faststart", "-f", "mp4", out)
	return t.run(ctx, args...)
}

// encodeRange encodes the whole range again, picture and sound.
func (t Tools) encodeRange(ctx context.Context, in Input, src cutSource, plan cutPlan, out string) error {
	args := in.Args("-ss", seconds(plan.start))
	args = append(args, "-t", seconds(plan.end-plan.start), "-sn", "-dn")
	if src.hasVideo {
		args = append(args, "-map", "0:v:0")
		args = append(args, cutEncode...)
	}
	if src.hasAudio {
		args = append(args, "-map", "0:a:0", "-c:a", "aac", "-b:a", "192k")
	}
	args = append(args, "-movflags", "+faststart", "-f", "mp4", out)
	return t.run(ctx, args...)
}

// seconds formats a time for ffmpeg, to the microsecond.
func seconds(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
