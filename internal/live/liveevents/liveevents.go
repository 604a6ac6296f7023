// Package liveevents records the livestream.* events, for the API and for the
// ingest and HLS packages alike, in the transaction of the change they report.
package liveevents

import (
	"context"
	"fmt"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Emit records an event of type kind (an events.LiveStream* constant) about
// stream in tx: the payload is events.LiveStream(stream) with data's entries
// added (session_id, video_id, end_reason, warning...). Its webhook deliveries
// are queued after tx commits; a rolled-back tx sends nothing. A nil recorder
// records nothing (a server without webhooks).
func Emit(ctx context.Context, rec *webhooks.Recorder, tx *ent.Tx, kind string, stream *ent.LiveStream, data map[string]any) error {
	if rec == nil {
		return nil
	}
	if !events.Known(kind) {
		return fmt.Errorf("liveevents: %q is not an event type of the catalogue", kind)
	}
	payload := events.LiveStream(stream)
	for k, v := range data {
		payload[k] = v
	}
	_, err := rec.Record(ctx, tx, kind, stream.ProjectID, payload)
	return err
}
