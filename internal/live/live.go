// Package live holds what the live-streaming packages share with the data
// model: the shape of a session's simulcast states, the warning names, and
// the validation of simulcast target addresses. It imports nothing of Vidra's
// own (the ent schema imports it), so internal/live/ingest, internal/live/livehls and the API
// can all depend on it.
package live

import (
	"errors"
	"net/url"
	"strings"

	"github.com/google/uuid"
)

// MaxSimulcastTargets is how many simulcast targets one live stream may have.
const MaxSimulcastTargets = 5

// Warnings a session's history can carry (live_session.warnings, and the data of
// the livestream.warning event).
const (
	// WarningKeyframeInterval: keyframes are more than 4 s apart.
	WarningKeyframeInterval = "keyframe_interval"
	// WarningAudioOnly: the publisher sends no video.
	WarningAudioOnly = "audio_only"
	// WarningVideoOnly: the publisher sends no audio.
	WarningVideoOnly = "video_only"
	// WarningBitrate: the bitrate is over the limit.
	WarningBitrate = "bitrate_over_limit"
	// WarningTranscodeUnavailable: the stream asks for a transcoded ladder but
	// the node's live transcode budget was full (or the ladder could not be
	// read): the session is transmuxed.
	WarningTranscodeUnavailable = "transcode_unavailable"
	// WarningTranscodeFailed: the session's ladder encoder failed (it died or
	// fell behind real time): the session goes on transmuxed.
	WarningTranscodeFailed = "transcode_failed"
)

// Simulcast target states, as SimulcastState.State.
const (
	SimulcastConnecting = "connecting"
	SimulcastActive     = "active"
	SimulcastFailed     = "failed"
	SimulcastStopped    = "stopped"
)

// SimulcastState is one simulcast target's state during a session, kept in the
// session's history (live_session.simulcast).
type SimulcastState struct {
	// TargetID is the live_simulcast_target's id.
	TargetID uuid.UUID `json:"targetId"`
	// URL is the target's address without its stream key.
	URL string `json:"url"`
	// State is one of the Simulcast* constants.
	State string `json:"state"`
	// Error is the last error, empty when none.
	Error string `json:"error,omitempty"`
	// Bytes sent to the target.
	Bytes int64 `json:"bytes"`
}

// ValidateSimulcastURL accepts an absolute rtmp:// or rtmps:// address with a
// host, no user information, query or fragment (the key goes in its own field).
func ValidateSimulcastURL(s string) error {
	u, err := url.Parse(s)
	if err != nil {
		return errors.New("must be an rtmp:// or rtmps:// URL")
	}
	switch strings.ToLower(u.Scheme) {
	case "rtmp", "rtmps":
	default:
		return errors.New("must be an rtmp:// or rtmps:// URL")
	}
	if u.Host == "" || u.Hostname() == "" {
		return errors.New("must name a host")
	}
	if u.User != nil {
		return errors.New("must not carry user information")
	}
	if u.RawQuery != "" || u.Fragment != "" {
		return errors.New("must not carry a query or fragment")
	}
	return nil
}
