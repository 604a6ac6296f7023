package playback

import (
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"

	"github.com/vidra-dev/vidra/internal/media"
)

// The image API's files: a still at any time, an animation of a short range.
var (
	stillFile    = regexp.MustCompile(`^thumbnail\.(jpg|png|webp)$`)
	animatedFile = regexp.MustCompile(`^animated\.(gif|webp)$`)
)

// Limits of the image API: the largest still and animation a request may ask
// for, so one request cannot make the server decode and encode without bound.
const (
	maxStillSide     = 1920
	maxAnimatedSide  = 640
	maxAnimatedSpan  = 10.0 // seconds
	maxAnimatedFPS   = 30
	defaultAnimWidth = 320
	defaultAnimSpan  = 5.0
	defaultAnimFPS   = 15
)

// imageRequest is one normalised request of the image API: two requests that
// ask for the same picture in different words (a default spelt out, a time in
// more digits than a millisecond) have the same cache key.
type imageRequest struct {
	animated bool
	// fromMs and toMs are the range of an animation; fromMs alone is a still's time.
	fromMs, toMs int64
	fps          int
	spec         media.ImageSpec
}

// BadImageRequest is a request the image API refuses with 400: the query
// parameter at fault and why.
type BadImageRequest struct {
	// Param is the query parameter at fault ("" for the file name).
	Param  string
	Reason string
}

func (e *BadImageRequest) Error() string { return e.Reason }

func badImage(param, format string, args ...any) error {
	return &BadImageRequest{Param: param, Reason: fmt.Sprintf(format, args...)}
}

// CheckImageQuery is nil when the image API accepts a request for file
// (thumbnail.<ext> or animated.<ext>) with query q of a video duration seconds
// long, else the *BadImageRequest it answers 400 with.
func CheckImageQuery(file string, q url.Values, duration float64) error {
	_, err := parseImageRequest(file, q, duration)
	return err
}

// parseImageRequest reads the query of a still (thumbnail.<ext>) or an
// animation (animated.<ext>) of a video duration seconds long.
func parseImageRequest(file string, q url.Values, duration float64) (imageRequest, error) {
	var req imageRequest
	durationMs := int64(math.Floor(duration * 1000))
	if m := stillFile.FindStringSubmatch(file); m != nil {
		req.spec.Format = m[1]
		at, err := seconds(q, "time", duration*media.ThumbnailTimes[0])
		if err != nil {
			return req, err
		}
		if req.fromMs = int64(math.Round(at * 1000)); req.fromMs > durationMs {
			return req, badImage("time", "time %.3f is beyond the video's end (%.3f s)", at, duration)
		}
		if err := readBox(q, &req.spec, maxStillSide, 0); err != nil {
			return req, err
		}
		return req, nil
	}
	m := animatedFile.FindStringSubmatch(file)
	if m == nil {
		return req, badImage("", "unknown image %q", file)
	}
	req.animated, req.spec.Format = true, m[1]
	start, err := seconds(q, "start", 0)
	if err != nil {
		return req, err
	}
	end, err := seconds(q, "end", min(start+defaultAnimSpan, duration))
	if err != nil {
		return req, err
	}
	req.fromMs, req.toMs = int64(math.Round(start*1000)), int64(math.Round(end*1000))
	switch {
	case req.fromMs >= durationMs:
		return req, badImage("start", "start %.3f is at or beyond the video's end (%.3f s)", start, duration)
	case req.toMs <= req.fromMs:
		return req, badImage("end", "end (%.3f) must be after start (%.3f)", end, start)
	case req.toMs > durationMs:
		return req, badImage("end", "end %.3f is beyond the video's end (%.3f s)", end, duration)
	case float64(req.toMs-req.fromMs) > maxAnimatedSpan*1000:
		return req, badImage("end", "an animation spans at most %.0f s (asked %.3f s)", maxAnimatedSpan, end-start)
	}
	if req.fps, err = whole(q, "fps", defaultAnimFPS, 1, maxAnimatedFPS); err != nil {
		return req, err
	}
	if err := readBox(q, &req.spec, maxAnimatedSide, defaultAnimWidth); err != nil {
		return req, err
	}
	return req, nil
}

// readBox reads width, height and fit_mode into spec; defaultWidth applies when
// neither side is given.
func readBox(q url.Values, spec *media.ImageSpec, maxSide, defaultWidth int) error {
	var err error
	if spec.Width, err = whole(q, "width", 0, 1, maxSide); err != nil {
		return err
	}
	if spec.Height, err = whole(q, "height", 0, 1, maxSide); err != nil {
		return err
	}
	if spec.Width == 0 && spec.Height == 0 {
		spec.Width = defaultWidth
	}
	spec.Fit = media.FitPreserve
	switch f := q.Get("fit_mode"); f {
	case "", media.FitPreserve:
	case media.FitStretch, media.FitCrop, media.FitPad:
		if spec.Width > 0 && spec.Height > 0 {
			spec.Fit = f
		}
	case "smartcrop":
		return badImage("fit_mode", "fit_mode smartcrop is not supported; use crop (centred), pad, stretch or preserve")
	default:
		return badImage("fit_mode", "fit_mode %q: want preserve, stretch, crop or pad", f)
	}
	return nil
}

// seconds reads a non-negative number of seconds, def when absent.
func seconds(q url.Values, name string, def float64) (float64, error) {
	s := q.Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, badImage(name, "%s %q: want a number of seconds, 0 or more", name, s)
	}
	return v, nil
}

// whole reads a whole number in [lo, hi], def when absent.
func whole(q url.Values, name string, def, lo, hi int) (int, error) {
	s := q.Get(name)
	if s == "" {
		return def, nil
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < lo || v > hi {
		return 0, badImage(name, "%s %q: want a whole number from %d to %d", name, s, lo, hi)
	}
	return v, nil
}

// cacheName is the file name of the request's picture in the video's image
// cache: every parameter that changes the picture, and nothing else.
func (req imageRequest) cacheName() string {
	s := req.spec
	if req.animated {
		return fmt.Sprintf("animated-%d-%d-fps%d-w%d-h%d-%s.%s", req.fromMs, req.toMs, req.fps, s.Width, s.Height, s.Fit, s.Format)
	}
	return fmt.Sprintf("thumbnail-%d-w%d-h%d-%s.%s", req.fromMs, s.Width, s.Height, s.Fit, s.Format)
}

// outputHeight is the height the picture will have at most, for choosing the
// smallest rendition that still has enough lines; 0 when it keeps the video's
// size.
func (req imageRequest) outputHeight(videoWidth, videoHeight int) int {
	s := req.spec
	if s.Width == 0 || videoWidth <= 0 {
		return s.Height
	}
	byWidth := s.Width * videoHeight / videoWidth // the height at the box's width
	switch {
	case s.Height == 0:
		return byWidth
	case s.Fit == media.FitCrop:
		return max(byWidth, s.Height) // scaled to cover the box, then cut
	case s.Fit == media.FitStretch:
		return s.Height
	}
	return min(byWidth, s.Height) // fitted inside the box
}
