package media

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Frame is a still taken from a video.
type Frame struct {
	// Path is the local JPEG file.
	Path string
	// At is the second of the video it shows.
	At            float64
	Width, Height int
}

// ThumbnailTimes are the shares of the duration thumbnails are taken at; the
// first becomes the poster.
var ThumbnailTimes = []float64{0.1, 0.5, 0.9}

// Thumbnails writes a JPEG of the probed input at each share of the duration into
// outDir, scaled to at most 720 lines, all in one ffmpeg run.
func (t Tools) Thumbnails(ctx context.Context, outDir string, p *Probe) ([]Frame, error) {
	if err := os.MkdirAll(outDir, 0o750); err != nil {
		return nil, err
	}
	h := min(p.Height, 720) &^ 1
	w := evenWidth(p.Width, p.Height, h)
	var args []string
	var frames []Frame
	for i, share := range ThumbnailTimes {
		at := math.Floor(p.Duration*share*1000) / 1000
		args = append(args, p.Input.Args("-ss", strconv.FormatFloat(at, 'f', 3, 64))...)
		frames = append(frames, Frame{Path: filepath.Join(outDir, fmt.Sprintf("thumb_%d.jpg", i)), At: at, Width: w, Height: h})
	}
	for i, f := range frames {
		args = append(args, "-map", fmt.Sprintf("%d:v:0", i), "-frames:v", "1", "-update", "1",
			"-vf", fmt.Sprintf("scale=%d:%d", w, h), "-q:v", "3", f.Path)
	}
	if err := t.run(ctx, args...); err != nil {
		return nil, err
	}
	for _, f := range frames {
		if st, err := os.Stat(f.Path); err != nil || st.Size() == 0 {
			return nil, fmt.Errorf("thumbnail at %.3fs was not written", f.At)
		}
	}
	return frames, nil
}

// Storyboard tile size and the most frames one sprite holds.
const (
	tileWidth       = 160
	tileHeight      = 90
	storyboardLimit = 100
)

// MakeStoryboard writes a sprite of frames of the probed input (one every interval
// seconds, at most 100) to outDir/storyboard.jpg and returns its layout.
func (t Tools) MakeStoryboard(ctx context.Context, outDir string, p *Probe) (*Storyboard, string, error) {
	interval := math.Max(1, math.Ceil(p.Duration/storyboardLimit))
	frames := max(1, int(math.Ceil(p.Duration/interval)))
	frames = min(frames, storyboardLimit)
	cols := min(frames, 10)
	rows := (frames + cols - 1) / cols
	out := filepath.Join(outDir, "storyboard.jpg")
	vf := strings.Join([]string{
		fmt.Sprintf("fps=1/%g", interval),
		fmt.Sprintf("scale=%d:%d:force_original_aspect_ratio=decrease", tileWidth, tileHeight),
		fmt.Sprintf("pad=%d:%d:(ow-iw)/2:(oh-ih)/2", tileWidth, tileHeight),
		fmt.Sprintf("tile=%dx%d", cols, rows),
	}, ",")
	if err := os.MkdirAll(outDir, 0o750); err != nil {
		return nil, "", err
	}
	if err := t.run(ctx, append(p.Input.Args(), "-an", "-vf", vf, "-frames:v", "1", "-update", "1", "-q:v", "5", out)...); err != nil {
		return nil, "", err
	}
	sb := &Storyboard{Interval: interval, Columns: cols, Rows: rows, TileWidth: tileWidth, TileHeight: tileHeight, Frames: frames}
	return sb, out, nil
}

// StoryboardVTT maps each interval of the video to its tile of the sprite at spriteURL.
func StoryboardVTT(sb Storyboard, duration float64, spriteURL string) []byte {
	var b strings.Builder
	b.WriteString("WEBVTT\n\n")
	for i := 0; i < sb.Frames; i++ {
		start := float64(i) * sb.Interval
		end := math.Min(start+sb.Interval, duration)
		if start >= duration {
			break
		}
		x, y := (i%sb.Columns)*sb.TileWidth, (i/sb.Columns)*sb.TileHeight
		fmt.Fprintf(&b, "%s --> %s\n%s#xywh=%d,%d,%d,%d\n\n", vttTime(start), vttTime(end), spriteURL, x, y, sb.TileWidth, sb.TileHeight)
	}
	return []byte(b.String())
}

func vttTime(s float64) string {
	ms := int64(math.Round(s * 1000))
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}
