package transcoding

import "github.com/google/uuid"

// maxOutputs bounds a v2 job's outputs.
const maxOutputs = 8

// CreateInput is a job as the API's create gives it: its source (VideoID, or
// URL with ProjectID), its priority, and its outputs: Output for v1, Outputs
// for v2 (nil when not given, which differs from an empty list).
type CreateInput struct {
	ProjectID *uuid.UUID
	VideoID   *uuid.UUID
	URL       *string
	// Priority is 0 (the default) to 100; higher runs first.
	Priority *int
	Output   *OutputInput
	Outputs  []*OutputInput
}

// OutputInput is one requested output: explicit (Height and
// VideoBitrateKbps, AudioBitrateKbps defaulting to 128) or an encoding
// profile's rendition (its highest, or the one of Height).
type OutputInput struct {
	Height            *int
	VideoBitrateKbps  *int
	AudioBitrateKbps  *int
	EncodingProfileID *uuid.UUID
}

// UpdateInput changes a job: a queued job's priority, or a cancel.
type UpdateInput struct {
	Priority *int
	Cancel   *bool
}
