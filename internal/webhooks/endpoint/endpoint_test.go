package endpoint_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/webhookdelivery"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
	"github.com/vidra-dev/vidra/internal/webhooks/endpoint"
)

// fixture is an organization with an owner and a project, another
// organization's project, and the service over them.
type fixture struct {
	svc       *endpoint.Service
	client    *ent.Client
	rec       *webhooks.Recorder
	system    context.Context
	owner     context.Context
	project   uuid.UUID
	elsewhere uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	f := &fixture{client: w.Client, system: w.System, owner: w.Owner, project: w.Project, elsewhere: w.Elsewhere,
		rec: &webhooks.Recorder{}}
	f.svc = endpoint.New(endpoint.Deps{Client: w.Client, Events: f.rec, SecretOverlap: time.Hour})
	return f
}

func TestEndpointSettingsAndSecrets(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			ctx := f.owner
			in := endpoint.Input{URL: "https://hooks.example.org/vidra",
				EventTypes: []string{events.VideoCreated, events.VideoCreated, events.LiveStreamCreated}}
			ep, secret, err := f.svc.Create(ctx, f.project, in)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(secret, "whsec_") || ep.Secret != secret {
				t.Fatalf("secret %q, stored %q", secret, ep.Secret)
			}
			if got := ep.EventTypes; len(got) != 2 || got[0] != events.VideoCreated || got[1] != events.LiveStreamCreated {
				t.Fatalf("event types %v, want the two given once each, in order", got)
			}

			// Input rules: each refusal names its field and stores nothing.
			_, _, err = f.svc.Create(ctx, f.project, endpoint.Input{URL: "http://hooks.example.org/"})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "input.url", "must use https")
			_, _, err = f.svc.Create(ctx, f.project, endpoint.Input{URL: in.URL, EventTypes: []string{"video.exploded"}})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "input.eventTypes", `unknown event type "video.exploded" (see webhookEventTypes)`)
			_, _, err = f.svc.Create(ctx, f.project, endpoint.Input{URL: in.URL, EventTypes: make([]string, 101)})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "input.eventTypes", "at most 100 event types")
			_, _, err = f.svc.Create(ctx, f.elsewhere, in)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")
			if list, err := f.svc.List(ctx, f.project); err != nil || len(list) != 1 {
				t.Fatalf("endpoints after the refusals: %d, %v", len(list), err)
			}
			if _, err := f.svc.Get(ctx, f.project, uuid.New()); err == nil {
				t.Fatal("an unknown endpoint was found")
			}

			// Enabling a disabled endpoint clears its failure run and reason.
			f.client.WebhookEndpoint.UpdateOneID(ep.ID).SetEnabled(false).SetFailingSince(time.Now()).
				SetDisabledReason("failing for 5 days").ExecX(f.system)
			on := true
			ep, err = f.svc.Update(ctx, f.project, ep.ID, endpoint.Input{URL: in.URL, Enabled: &on})
			if err != nil || !ep.Enabled || ep.FailingSince != nil || ep.DisabledReason != "" {
				t.Fatalf("re-enabled endpoint %+v, %v", ep, err)
			}

			// Rotation: a new secret, the old one signs for the overlap.
			bad := 30*24*3600 + 1
			_, _, err = f.svc.RotateSecret(ctx, f.project, ep.ID, &bad)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "overlapSeconds", "must be between 0 and 2592000 (30 days)")
			rotated, next, err := f.svc.RotateSecret(ctx, f.project, ep.ID, nil)
			if err != nil || next == secret || rotated.PreviousSecret != secret || rotated.PreviousSecretExpiresAt == nil ||
				time.Until(*rotated.PreviousSecretExpiresAt) < 59*time.Minute {
				t.Fatalf("rotated %+v, %v", rotated, err)
			}

			if id, err := f.svc.Delete(ctx, f.project, ep.ID); err != nil || id != ep.ID {
				t.Fatalf("delete: %v %v", id, err)
			}
			_, err = f.svc.Delete(ctx, f.project, ep.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "webhook endpoint not found")
		})
	}
}

func TestEndpointResendsAndLogs(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			ctx := f.owner
			ep, _, err := f.svc.Create(ctx, f.project, endpoint.Input{URL: "https://hooks.example.org/a"})
			if err != nil {
				t.Fatal(err)
			}
			ev := f.client.Event.Create().SetProjectID(f.project).SetType(events.VideoCreated).
				SetData(map[string]any{"id": "x"}).SaveX(f.system)

			var sent []*ent.WebhookDelivery
			err = txn.Open(ctx, f.client, func(ctx context.Context) (err error) {
				sent, err = f.svc.Resend(ctx, f.project, ev.ID, &ep.ID)
				return err
			})
			if err != nil || len(sent) != 1 || sent[0].EndpointID != ep.ID || sent[0].Status != webhookdelivery.StatusPending {
				t.Fatalf("resend: %+v, %v", sent, err)
			}
			_, err = f.svc.Resend(ctx, f.project, uuid.New(), nil)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "event not found")

			page, err := f.svc.Logs(ctx, f.project, endpoint.LogFilter{EndpointID: &ep.ID}, nil, nil)
			if err != nil || len(page.Edges) != 1 {
				t.Fatalf("log: %+v, %v", page, err)
			}
			now := time.Now()
			_, err = f.svc.Logs(ctx, f.project, endpoint.LogFilter{Since: &now, Until: &now}, nil, nil)
			domaintest.WantFault(t, err, fault.KindInvalidInput, "since", "must be before until")

			// A disabled endpoint is refused, changing nothing.
			off := false
			if _, err := f.svc.Update(ctx, f.project, ep.ID, endpoint.Input{URL: ep.URL, Enabled: &off}); err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.ResendFailed(ctx, f.project, ep.ID, nil, nil)
			domaintest.WantFault(t, err, fault.KindConflict, "", "the endpoint is disabled; enable it first")
			err = txn.Open(ctx, f.client, func(ctx context.Context) error {
				_, err := f.svc.Resend(ctx, f.project, ev.ID, &ep.ID)
				return err
			})
			domaintest.WantFault(t, err, fault.KindConflict, "", "the endpoint is disabled; enable it first")
			if n := f.client.WebhookDelivery.Query().CountX(f.system); n != 1 {
				t.Fatalf("%d deliveries after the refusals, want 1", n)
			}
		})
	}
}
