package livehls

import (
	"context"
	"errors"
	"time"

	"github.com/vidra-dev/vidra/tenancy"
)

// EventActive is the event of a publisher connection's first playable segment.
const EventActive = "livestream.active"

// activeData is the payload of livestream.active.
type activeData struct {
	LiveStreamID string `json:"live_stream_id"`
	SessionID    string `json:"session_id"`
	VideoID      string `json:"video_id"`
	LatencyMode  string `json:"latency_mode"`
	PlaybackPath string `json:"playback_path"`
}

// announceActive records livestream.active (from the publisher goroutine).
func (s *Session) announceActive() {
	if s.o.Client == nil || s.o.Events == nil {
		return
	}
	ctx, cancel := context.WithTimeout(tenancy.SystemContext(s.ctx, "live session active"), 10*time.Second)
	defer cancel()
	data := activeData{LiveStreamID: s.o.StreamID.String(), SessionID: s.o.SessionID.String(),
		VideoID: s.o.VideoID.String(), LatencyMode: s.o.LatencyMode,
		PlaybackPath: "/v1/play/" + s.o.VideoID.String() + "/master.m3u8"}
	tx, err := s.o.Client.Tx(ctx)
	if err == nil {
		if _, err = s.o.Events.Record(ctx, tx, EventActive, s.o.ProjectID, data); err != nil {
			err = errors.Join(err, tx.Rollback())
		} else {
			err = tx.Commit()
		}
	}
	if err != nil {
		s.log.Warn("record livestream.active", "err", err)
	}
}
