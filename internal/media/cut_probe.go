package media

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
)

// cutSource is what a cut needs to know of its source: the picture's codec
// and pixels, and the picture's packets around the range (presentation and
// decode times from the source's start, keyframes marked), in decode order.
type cutSource struct {
	hasVideo, hasAudio bool
	codec, pixFmt      string
	rotated            bool
	fps                float64
	duration           float64
	packets            []cutPacket
}

// cutPacket is one picture packet of the source.
type cutPacket struct {
	pts, dts float64
	key      bool
}

// frameDuration is the length of one frame: from the frame rate, else the
// smallest step between packets, else 1/30 s.
func (s cutSource) frameDuration() float64 {
	if s.fps > 0 {
		return 1 / s.fps
	}
	step := 0.0
	for i := 1; i < len(s.packets); i++ {
		if d := s.packets[i].dts - s.packets[i-1].dts; d > 0 && (step == 0 || d < step) {
			step = d
		}
	}
	if step > 0 {
		return step
	}
	return 1.0 / 30
}

// probeCutSource reads the source's streams, then the picture's packets from
// a little before start to a little after end (demuxed, not decoded).
func (t Tools) probeCutSource(ctx context.Context, in Input, start, end float64) (cutSource, error) {
	po, err := t.readStreams(ctx, in)
	if err != nil {
		return cutSource{}, err
	}
	var src cutSource
	src.duration, _ = strconv.ParseFloat(po.Format.Duration, 64)
	offset, _ := strconv.ParseFloat(po.Format.StartTime, 64)
	videoIndex := -1
	for _, s := range po.Streams {
		switch s.CodecType {
		case "video":
			videoIndex++
			if src.hasVideo || s.Disposition["attached_pic"] == 1 {
				continue
			}
			if videoIndex > 0 {
				// The picture read by -map 0:v:0 is not the first video stream.
				return src, &NotMediaError{Reason: "the source's first video stream is a still picture"}
			}
			src.hasVideo = true
			src.codec, src.pixFmt = s.CodecName, s.PixFmt
			src.rotated = rotated(s.Tags["rotate"], s.SideData)
			if src.fps = rate(s.AvgFrameRate); src.fps == 0 {
				src.fps = rate(s.RFrameRate)
			}
		case "audio":
			src.hasAudio = true
		}
	}
	if !src.hasVideo {
		return src, nil
	}
	interval := seconds(max(0, offset+start-2)) + "%" + seconds(offset+end+2)
	out, err := t.probe(ctx, append([]string{"-select_streams", "v:0", "-read_intervals", interval,
		"-show_entries", "packet=pts_time,dts_time,flags", "-of", "csv=p=0"}, in.Args()...)...)
	if err != nil {
		return src, err
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), ",")
		if len(f) < 3 {
			continue
		}
		pts, err1 := strconv.ParseFloat(f[0], 64)
		dts, err2 := strconv.ParseFloat(f[1], 64)
		if err1 != nil {
			continue // a packet without a time cannot be placed
		}
		if err2 != nil {
			dts = pts
		}
		src.packets = append(src.packets, cutPacket{pts: pts - offset, dts: dts - offset, key: strings.HasPrefix(f[2], "K")})
	}
	return src, nil
}

// probe runs ffprobe quietly with args and returns what it printed; an error
// it exits with carries the end of what it said.
func (t Tools) probe(ctx context.Context, args ...string) ([]byte, error) {
	out, _, err := t.probeWithStderr(ctx, args...)
	return out, err
}

// probeWithStderr is probe that also returns the end of ffprobe's messages.
func (t Tools) probeWithStderr(ctx context.Context, args ...string) (out []byte, stderr string, err error) {
	cmd := command(ctx, t.FFprobe, append([]string{"-v", "error"}, args...)...)
	var tail tailBuffer
	cmd.Stderr = &tail
	out, err = cmd.Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, tail.String(), ctx.Err()
		}
		return nil, tail.String(), fmt.Errorf("ffprobe: %w: %s", err, tail.String())
	}
	return out, "", nil
}
