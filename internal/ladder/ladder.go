// Package ladder defines encoding ladders: the renditions a video is transcoded into,
// their validation, and the built-in ladder used when a project has no default profile.
package ladder

import "fmt"

// Rendition is one output of a ladder: a height with its bitrates and codec.
type Rendition struct {
	// Height is the output height in pixels (the width follows the aspect ratio).
	Height int `json:"height"`
	// VideoBitrateKbps is the target video bitrate in kilobits per second.
	VideoBitrateKbps int `json:"videoBitrateKbps"`
	// Codec is the video codec; only "h264" is supported.
	Codec string `json:"codec"`
	// AudioBitrateKbps is the target audio bitrate in kilobits per second.
	AudioBitrateKbps int `json:"audioBitrateKbps"`
}

// Limits of a valid ladder.
const (
	MaxRenditions   = 8
	MinHeight       = 144
	MaxHeight       = 4320
	MinVideoBitrate = 100     // kbps
	MaxVideoBitrate = 100_000 // kbps
	MinAudioBitrate = 32      // kbps
	MaxAudioBitrate = 512     // kbps
	CodecH264       = "h264"
)

// Default is the built-in ladder (360p to 1080p), used when a project has no
// default encoding profile.
func Default() []Rendition {
	return []Rendition{
		{Height: 360, VideoBitrateKbps: 800, Codec: CodecH264, AudioBitrateKbps: 96},
		{Height: 480, VideoBitrateKbps: 1400, Codec: CodecH264, AudioBitrateKbps: 128},
		{Height: 720, VideoBitrateKbps: 2800, Codec: CodecH264, AudioBitrateKbps: 128},
		{Height: 1080, VideoBitrateKbps: 5000, Codec: CodecH264, AudioBitrateKbps: 192},
	}
}

// Error is a validation failure of one rendition (Index -1 for the whole ladder).
type Error struct {
	Index   int
	Field   string
	Message string
}

// Error implements error.
func (e *Error) Error() string {
	if e.Index < 0 {
		return e.Message
	}
	return fmt.Sprintf("rendition %d: %s %s", e.Index, e.Field, e.Message)
}

// Validate checks a ladder: 1 to MaxRenditions renditions in strictly ascending
// height (so no duplicates), even heights and bitrates within the limits, codec h264.
// An empty codec is accepted and means h264; Normalize fills it in.
func Validate(rs []Rendition) error {
	if len(rs) == 0 || len(rs) > MaxRenditions {
		return &Error{Index: -1, Field: "renditions", Message: fmt.Sprintf("a ladder has 1 to %d renditions", MaxRenditions)}
	}
	for i, r := range rs {
		switch {
		case r.Height < MinHeight || r.Height > MaxHeight:
			return &Error{i, "height", fmt.Sprintf("must be between %d and %d", MinHeight, MaxHeight)}
		case r.Height%2 != 0:
			return &Error{i, "height", "must be even"}
		case r.VideoBitrateKbps < MinVideoBitrate || r.VideoBitrateKbps > MaxVideoBitrate:
			return &Error{i, "videoBitrateKbps", fmt.Sprintf("must be between %d and %d", MinVideoBitrate, MaxVideoBitrate)}
		case r.AudioBitrateKbps < MinAudioBitrate || r.AudioBitrateKbps > MaxAudioBitrate:
			return &Error{i, "audioBitrateKbps", fmt.Sprintf("must be between %d and %d", MinAudioBitrate, MaxAudioBitrate)}
		case r.Codec != "" && r.Codec != CodecH264:
			return &Error{i, "codec", "must be h264"}
		case i > 0 && r.Height == rs[i-1].Height:
			return &Error{i, "height", fmt.Sprintf("%d appears twice", r.Height)}
		case i > 0 && r.Height < rs[i-1].Height:
			return &Error{i, "height", "renditions must be in ascending height"}
		}
	}
	return nil
}

// Normalize returns a copy of the ladder with empty codecs set to h264.
func Normalize(rs []Rendition) []Rendition {
	out := make([]Rendition, len(rs))
	for i, r := range rs {
		if r.Codec == "" {
			r.Codec = CodecH264
		}
		out[i] = r
	}
	return out
}
