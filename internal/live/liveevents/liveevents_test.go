package liveevents_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live/liveevents"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// TestEmitRecordsInTheTransaction records an ingest event about a stream: the
// payload is the stream with the extra data, written only when the transaction
// commits; an unknown type is refused.
func TestEmitRecordsInTheTransaction(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := s.CreateProject(s.CreateOrganization("Acme"), "Docs")
		var out struct {
			CreateLiveStream struct{ LiveStream struct{ ID string } }
		}
		s.MustGraphQL(`mutation($p: ID!) { createLiveStream(projectID: $p, input: {name: "Stage"}) { liveStream { id } } }`, map[string]any{"p": proj}, &out)
		ctx := tenancy.SystemContext(context.Background(), "test ingest")
		client := s.App.DB.Client
		stream, err := client.LiveStream.Get(ctx, uuid.MustParse(out.CreateLiveStream.LiveStream.ID))
		if err != nil {
			t.Fatal(err)
		}
		rec := &webhooks.Recorder{}
		emit := func(kind string, commit bool) error {
			tx, err := client.Tx(ctx)
			if err != nil {
				t.Fatal(err)
			}
			err = liveevents.Emit(ctx, rec, tx, kind, stream, map[string]any{"end_reason": "timeout"})
			if commit && err == nil {
				return tx.Commit()
			}
			_ = tx.Rollback()
			return err
		}
		if err := emit(events.LiveStreamIdle, false); err != nil {
			t.Fatal(err)
		}
		if err := emit("livestream.started", true); err == nil {
			t.Fatal("an unknown event type was recorded")
		}
		if err := emit(events.LiveStreamIdle, true); err != nil {
			t.Fatal(err)
		}
		evs, err := client.Event.Query().Where(event.Type(events.LiveStreamIdle)).All(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 1 || evs[0].Data["end_reason"] != "timeout" || evs[0].Data["id"] != stream.ID.String() ||
			evs[0].Data["name"] != "Stage" || evs[0].Data["key_last4"] != stream.KeyLast4 || evs[0].ProjectID != stream.ProjectID {
			t.Fatalf("events = %+v", evs)
		}
		if _, ok := evs[0].Data["key_hash"]; ok {
			t.Fatal("the payload carries the key hash")
		}
		if err := liveevents.Emit(ctx, nil, nil, events.LiveStreamIdle, stream, nil); err != nil {
			t.Fatalf("nil recorder: %v", err)
		}
	})
}
