package streams_test

import (
	"context"
	"errors"
	"net/netip"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/event"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/live/streams"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// hosts answers the names it knows with their addresses and no others.
type hosts map[string][]netip.Addr

func (h hosts) LookupNetIP(_ context.Context, _, host string) ([]netip.Addr, error) {
	return h[host], nil
}

// fixture is an organization's owner and one of its projects, another
// organization's project, and the service recording events.
type fixture struct {
	svc                *streams.Service
	client             *ent.Client
	system, owner      context.Context
	project, elsewhere uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	policy := netguard.Policy{Resolver: hosts{
		"public.example":   {netip.MustParseAddr("8.8.8.8")},
		"loopback.example": {netip.MustParseAddr("127.0.0.1")},
	}}
	return &fixture{client: w.Client, system: w.System, project: w.Project, elsewhere: w.Elsewhere, owner: w.Owner,
		svc: streams.New(streams.Deps{Client: w.Client, Events: &webhooks.Recorder{}, Outbound: policy})}
}

// inTx runs fn as a GraphQL mutation does: in a transaction, rolled back when
// fn fails.
func (f *fixture) inTx(fn func(ctx context.Context) error) error {
	return txn.Open(f.owner, f.client, fn)
}

// events are the types of the project's recorded events, counted.
func (f *fixture) events(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, e := range f.client.Event.Query().Where(event.ProjectID(f.project)).AllX(f.system) {
		out[e.Type]++
	}
	return out
}

// wantFault fails unless err is a fault of kind on field whose message is msg.
func wantFault(t *testing.T, err error, kind fault.Kind, field, msg string) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind || fe.Field != field || fe.Message != msg {
		t.Fatalf("got %#v, want %s on %q: %q", err, kind, field, msg)
	}
}

func wantKind(t *testing.T, err error, kind fault.Kind) {
	t.Helper()
	var fe *fault.Error
	if !errors.As(err, &fe) || fe.Kind != kind {
		t.Fatalf("got %#v, want %s", err, kind)
	}
}

// TestStreamLifecycleAndEvents: create, update, key reset, disable, enable and
// delete each record their event; the reset key replaces the stored one;
// disabling and enabling move the status through the lifecycle; an action
// that changes nothing records nothing.
func TestStreamLifecycleAndEvents(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			st, key, err := f.svc.Create(f.owner, f.project, ent.CreateLiveStreamInput{Name: "show"})
			if err != nil {
				t.Fatal(err)
			}
			if key == "" || st.KeyHash != livekey.Hash(key) || st.KeyLast4 != livekey.Last4(key) || st.Status != livestream.StatusIdle {
				t.Fatalf("created %+v with key %q", st, key)
			}
			name := "renamed"
			if st, err = f.svc.Update(f.owner, f.project, st.ID, ent.UpdateLiveStreamInput{Name: &name}); err != nil || st.Name != name {
				t.Fatalf("update: %v %+v", err, st)
			}
			var next string
			err = f.inTx(func(ctx context.Context) error {
				st, next, err = f.svc.ResetKey(ctx, f.project, st.ID)
				return err
			})
			if err != nil || next == key || st.KeyHash != livekey.Hash(next) {
				t.Fatalf("reset: %v, key %q after %q", err, next, key)
			}
			if stored := f.client.LiveStream.GetX(f.system, st.ID); stored.KeyHash != livekey.Hash(next) || stored.KeyHash == livekey.Hash(key) {
				t.Fatal("the stored key hash is not the new key's")
			}
			if st, err = f.svc.SetStatus(f.owner, f.project, st.ID, streams.ActionDisable); err != nil || st.Enabled || st.Status != livestream.StatusDisabled {
				t.Fatalf("disable: %v %+v", err, st)
			}
			if _, err = f.svc.SetStatus(f.owner, f.project, st.ID, streams.ActionDisable); err != nil {
				t.Fatalf("disable again: %v", err)
			}
			if st, err = f.svc.SetStatus(f.owner, f.project, st.ID, streams.ActionEnable); err != nil || !st.Enabled || st.Status != livestream.StatusIdle {
				t.Fatalf("enable: %v %+v", err, st)
			}
			if _, err = f.svc.SetStatus(f.owner, f.project, st.ID, streams.ActionEnable); err != nil {
				t.Fatalf("enable again: %v", err)
			}
			if id, err := f.svc.Delete(f.owner, f.project, st.ID); err != nil || id != st.ID {
				t.Fatalf("delete: %v %v", id, err)
			}
			if n := f.client.LiveStream.Query().CountX(f.system); n != 0 {
				t.Fatalf("%d streams after delete", n)
			}
			want := map[string]int{events.LiveStreamCreated: 1, events.LiveStreamUpdated: 1, events.LiveStreamKeyReset: 1,
				events.LiveStreamDisabled: 1, events.LiveStreamEnabled: 1, events.LiveStreamDeleted: 1}
			got := f.events(t)
			if len(got) != len(want) {
				t.Fatalf("events %v, want %v", got, want)
			}
			for typ, n := range want {
				if got[typ] != n {
					t.Fatalf("events %v, want %v", got, want)
				}
			}
		})
	}
}

// TestStreamRefusals: unknown actions, completing without a session, another
// project's stream, simulcast hosts the policy refuses and a target over the
// cap are refused with graph's errors, and a refused change records nothing.
func TestStreamRefusals(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			_, _, err := f.svc.Create(f.owner, f.elsewhere, ent.CreateLiveStreamInput{Name: "theirs"})
			wantKind(t, err, fault.KindNotFound)
			err = f.inTx(func(ctx context.Context) error {
				_, _, err := f.svc.Create(ctx, f.project, ent.CreateLiveStreamInput{Name: ""})
				return err
			})
			if err == nil {
				t.Fatal("a stream without a name was created")
			}
			if n := f.client.LiveStream.Query().CountX(f.system); n != 0 || len(f.events(t)) != 0 {
				t.Fatalf("%d streams, events %v after refused creates", n, f.events(t))
			}
			st, _, err := f.svc.Create(f.owner, f.project, ent.CreateLiveStreamInput{Name: "show"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Get(f.owner, f.elsewhere, st.ID)
			wantFault(t, err, fault.KindNotFound, "", fault.NotFound("live stream").Message)
			_, err = f.svc.SetStatus(f.owner, f.project, st.ID, "PAUSE")
			wantFault(t, err, fault.KindInvalidInput, "action", `unknown action "PAUSE"`)
			_, err = f.svc.SetStatus(f.owner, f.project, st.ID, streams.ActionComplete)
			wantFault(t, err, fault.KindConflict, "", "the live stream has no session in progress")

			target := func(url string) error {
				_, err := f.svc.CreateTarget(f.owner, f.project, st.ID, ent.CreateLiveSimulcastTargetInput{Name: "t", URL: url, StreamKey: "k"})
				return err
			}
			publicMsg := "must reach a public address: loopback, private, link-local and other special-purpose addresses are refused"
			wantFault(t, target("rtmp://127.0.0.1/app"), fault.KindInvalidInput, "input.url", publicMsg)
			wantFault(t, target("rtmp://loopback.example/app"), fault.KindInvalidInput, "input.url", publicMsg)
			wantFault(t, target("rtmp://nowhere.example/app"), fault.KindInvalidInput, "input.url", "the host name does not resolve")
			for range live.MaxSimulcastTargets {
				if err := target("rtmp://public.example/app"); err != nil {
					t.Fatal(err)
				}
			}
			wantFault(t, target("rtmp://public.example/app"), fault.KindConflict, "",
				fault.Errorf(fault.KindConflict, "a live stream has at most %d simulcast targets", live.MaxSimulcastTargets).Message)
			ts, err := f.svc.Targets(f.owner, f.project, st.ID)
			if err != nil || len(ts) != live.MaxSimulcastTargets {
				t.Fatalf("targets: %v %d", err, len(ts))
			}
			bad := "rtmp://loopback.example/app"
			_, err = f.svc.UpdateTarget(f.owner, f.project, st.ID, ts[0].ID, ent.UpdateLiveSimulcastTargetInput{URL: &bad})
			wantFault(t, err, fault.KindInvalidInput, "input.url", publicMsg)
			_, err = f.svc.DeleteTarget(f.owner, f.elsewhere, st.ID, ts[0].ID)
			wantKind(t, err, fault.KindNotFound)
			if _, err := f.svc.DeleteTarget(f.owner, f.project, st.ID, ts[0].ID); err != nil {
				t.Fatal(err)
			}
			if got := f.events(t); len(got) != 1 || got[events.LiveStreamCreated] != 1 {
				t.Fatalf("events %v, want only the creation", got)
			}
		})
	}
}
