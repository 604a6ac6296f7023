// Package staticres names the static renditions (MP4 downloads) a video or a
// project may ask for: "highest", "audio-only" or a ladder height ("720p"),
// and the file each is served as. It is a leaf package: the ent schema
// validates with it.
package staticres

import (
	"fmt"
	"strconv"
	"strings"
)

// The named resolutions.
const (
	// Highest is the ladder's tallest video rendition with the sound.
	Highest = "highest"
	// AudioOnly is the sound alone, as an M4A file.
	AudioOnly = "audio-only"
)

// MaxPerProject bounds the resolutions a project's default list names.
const MaxPerProject = 8

// Height bounds of a resolution naming a ladder height.
const (
	minHeight = 144
	maxHeight = 4320
)

// Resolution is a parsed resolution.
type Resolution struct {
	// Name is the resolution as written: highest, audio-only or NNNp.
	Name string
	// Height is the asked height for NNNp, 0 otherwise.
	Height int
}

// Audio reports whether the resolution is the sound alone.
func (r Resolution) Audio() bool { return r.Name == AudioOnly }

// FileName is the file's name in its download URL: highest.mp4, 720p.mp4 or audio.m4a.
func (r Resolution) FileName() string {
	if r.Audio() {
		return "audio.m4a"
	}
	return r.Name + ".mp4"
}

// Parse reads a resolution: highest, audio-only, or a height from 144p to
// 4320p. The error says what is accepted.
func Parse(s string) (Resolution, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	switch s {
	case Highest, AudioOnly:
		return Resolution{Name: s}, nil
	}
	digits, ok := strings.CutSuffix(s, "p")
	h, err := strconv.Atoi(digits)
	if !ok || err != nil || digits != strconv.Itoa(h) || h < minHeight || h > maxHeight {
		return Resolution{}, fmt.Errorf("%q is not a resolution: use highest, audio-only or a height such as 720p (%dp to %dp)", s, minHeight, maxHeight)
	}
	return Resolution{Name: s, Height: h}, nil
}

// FromFileName is the resolution served as file name (highest.mp4, 720p.mp4,
// audio.m4a); false for any other name.
func FromFileName(name string) (Resolution, bool) {
	if name == "audio.m4a" {
		return Resolution{Name: AudioOnly}, true
	}
	base, ok := strings.CutSuffix(name, ".mp4")
	if !ok {
		return Resolution{}, false
	}
	r, err := Parse(base)
	if err != nil || r.Audio() || r.Name != base {
		return Resolution{}, false
	}
	return r, true
}

// ValidateList checks a project's default list: known resolutions, none twice,
// at most MaxPerProject.
func ValidateList(list []string) error {
	if len(list) > MaxPerProject {
		return fmt.Errorf("at most %d static renditions", MaxPerProject)
	}
	seen := make(map[string]bool, len(list))
	for _, s := range list {
		r, err := Parse(s)
		if err != nil {
			return err
		}
		if r.Name != s {
			return fmt.Errorf("%q: write it as %q", s, r.Name)
		}
		if seen[r.Name] {
			return fmt.Errorf("%q is named twice", r.Name)
		}
		seen[r.Name] = true
	}
	return nil
}
