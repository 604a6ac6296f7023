package events

import (
	"time"

	"github.com/vidra-dev/vidra/ent"
)

// LiveStream is the payload of the livestream.* events: the stream as the API
// shows it, never its key (only key_last4).
func LiveStream(s *ent.LiveStream) map[string]any {
	d := map[string]any{
		"id":                       s.ID,
		"project_id":               s.ProjectID,
		"name":                     s.Name,
		"status":                   string(s.Status),
		"enabled":                  s.Enabled,
		"key_last4":                s.KeyLast4,
		"latency_mode":             string(s.LatencyMode),
		"reconnect_window_seconds": s.ReconnectWindowSeconds,
		"max_duration_seconds":     s.MaxDurationSeconds,
		"record":                   s.Record,
		"transcode":                s.Transcode,
		"created_at":               s.CreatedAt.UTC().Format(time.RFC3339Nano),
		"updated_at":               s.UpdatedAt.UTC().Format(time.RFC3339Nano),
	}
	if s.CurrentSessionID != nil {
		d["session_id"] = *s.CurrentSessionID
	}
	return d
}
