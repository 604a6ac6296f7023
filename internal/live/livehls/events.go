package livehls

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live/liveevents"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Events this package records (live-api's catalogue).
const (
	// EventActive: a publisher connection's first segment is playable.
	EventActive = events.LiveStreamActive
	// EventRecordingReady: a session's recording is the video's source; the VOD
	// pipeline follows (video.ready when its ladder is published).
	EventRecordingReady = events.LiveStreamRecordingReady
)

// emit records a livestream.* event about the stream in tx, with the stream as
// the payload (liveevents.Emit) plus data. A stream deleted meanwhile (its
// recordings are kept) is named by id only.
func emit(ctx context.Context, rec *webhooks.Recorder, tx *ent.Tx, kind string, streamID, projectID uuid.UUID, data map[string]any) error {
	if rec == nil {
		return nil
	}
	stream, err := tx.LiveStream.Get(ctx, streamID)
	if ent.IsNotFound(err) {
		data["id"] = streamID
		data["project_id"] = projectID
		_, err = rec.Record(ctx, tx, kind, projectID, data)
		return err
	}
	if err != nil {
		return err
	}
	return liveevents.Emit(ctx, rec, tx, kind, stream, data)
}

// announceActive records livestream.active (from the publisher goroutine).
func (s *Session) announceActive() {
	if s.o.Client == nil || s.o.Events == nil {
		return
	}
	ctx, cancel := context.WithTimeout(tenancy.SystemContext(s.ctx, "live session active"), 10*time.Second)
	defer cancel()
	data := map[string]any{"session_id": s.o.SessionID, "video_id": s.o.VideoID,
		"playback_path": "/v1/play/" + s.o.VideoID.String() + "/master.m3u8"}
	tx, err := s.o.Client.Tx(ctx)
	if err == nil {
		if err = emit(ctx, s.o.Events, tx, EventActive, s.o.StreamID, s.o.ProjectID, data); err != nil {
			err = errors.Join(err, tx.Rollback())
		} else {
			err = tx.Commit()
		}
	}
	if err != nil {
		s.log.Warn("record livestream.active", "err", err)
	}
}
