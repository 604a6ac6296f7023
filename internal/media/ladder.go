package media

import (
	"context"
	"fmt"
	"math"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/ladder"
)

// Rung is one rendition of an encoding ladder.
type Rung struct {
	// Name names the rendition and its folder, e.g. 720p.
	Name string
	// Height is the target height in pixels; the width follows the source's aspect.
	Height int
	// VideoKbps and AudioKbps are the target bit rates.
	VideoKbps, AudioKbps int
}

// DefaultLadder is the built-in encoding ladder (1080p, 720p, 480p and 360p) as
// rungs. Its single definition is ladder.Default, which content's encoding
// profiles fall back to as well.
func DefaultLadder() []Rung {
	return RungsOf(ladder.Default())
}

// RungsOf converts an encoding profile's renditions into rungs named by their
// height (720p), keeping their order.
func RungsOf(rs []ladder.Rendition) []Rung {
	out := make([]Rung, len(rs))
	for i, r := range rs {
		out[i] = Rung{
			Name:      fmt.Sprintf("%dp", r.Height),
			Height:    r.Height,
			VideoKbps: r.VideoBitrateKbps,
			AudioKbps: r.AudioBitrateKbps,
		}
	}
	return out
}

// LadderSource gives the encoding ladder of a project: its default encoding
// profile's, else DefaultLadder (graph.EncodingLadders implements it).
type LadderSource interface {
	LadderFor(ctx context.Context, projectID uuid.UUID) ([]Rung, error)
}

// Rendition is a rung planned for one source: its exact output size.
type Rendition struct {
	Rung
	Width, Height int
}

// Bandwidth is the peak bit rate announced for the rendition, in bits per second.
func (r Rendition) Bandwidth(hasAudio bool) int {
	kbps := r.VideoKbps * 107 / 100 // -maxrate
	if hasAudio {
		kbps += r.AudioKbps
	}
	return kbps * 1000
}

// PlanLadder fits a ladder to a source of width x height: rungs taller than the
// source are dropped (never upscale); a source shorter than every rung gets one
// rendition at its own size. The result is ordered from the lowest rung up.
func PlanLadder(ladder []Rung, width, height int) ([]Rendition, error) {
	if width <= 0 || height <= 0 {
		return nil, fmt.Errorf("source size %dx%d", width, height)
	}
	var out []Rendition
	var lowest *Rung
	for i := range ladder {
		r := ladder[i]
		if r.Height <= 0 || r.VideoKbps <= 0 {
			return nil, fmt.Errorf("rung %q: height and bit rate must be positive", r.Name)
		}
		if lowest == nil || r.Height < lowest.Height {
			lowest = &ladder[i]
		}
		if r.Height > height {
			continue
		}
		out = append(out, Rendition{Rung: r, Width: evenWidth(width, height, r.Height), Height: r.Height})
	}
	if len(out) == 0 {
		if lowest == nil {
			return nil, fmt.Errorf("empty ladder")
		}
		r := *lowest
		h := height &^ 1
		r.Name = fmt.Sprintf("%dp", h)
		out = append(out, Rendition{Rung: r, Width: width &^ 1, Height: h})
	}
	// Lowest first: it is published before the rest so the video plays early.
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && out[j].Height < out[j-1].Height; j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out, nil
}

// evenWidth keeps the source's aspect ratio at height h with an even width (x264 needs it).
func evenWidth(w, h, target int) int {
	x := int(math.Round(float64(w) * float64(target) / float64(h)))
	if x%2 == 1 {
		x++
	}
	return max(x, 2)
}

// AudioRendition is a ladder's sound-only rendition at kbps: named
// AudioRenditionName, with no picture (its Bandwidth is the sound's).
func AudioRendition(kbps int) Rendition {
	return Rendition{Rung: Rung{Name: AudioRenditionName, AudioKbps: kbps}}
}
