package statusguard_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/internal/statusguard"
)

var errRefused = errors.New("outside the lifecycle")

// videoGuard guards a video's status as internal/videolifecycle does.
func videoGuard() *statusguard.Guard[*ent.VideoMutation, video.Status] {
	return statusguard.New("a video", video.DefaultStatus,
		func(m *ent.VideoMutation) (video.Status, bool) { return m.Status() }, errRefused)
}

// through runs m through the guard's hook and reports whether the next
// mutator was reached, with the hook's error.
func through(ctx context.Context, hook ent.Hook, m ent.Mutation) (bool, error) {
	reached := false
	next := ent.MutateFunc(func(context.Context, ent.Mutation) (ent.Value, error) {
		reached = true
		return nil, nil
	})
	_, err := hook(next).Mutate(ctx, m)
	return reached, err
}

func TestHookRefusesAStatusWrittenWithoutTheMark(t *testing.T) {
	client := ent.NewClient() // builders only: no mutation reaches a database
	g := videoGuard()
	ctx := context.Background()
	id := uuid.New()
	cases := []struct {
		name    string
		m       ent.Mutation
		refused bool
	}{
		{"an update setting the status", client.Video.UpdateOneID(id).SetStatus(video.StatusReady).Mutation(), true},
		{"a bulk update setting the status", client.Video.Update().SetStatus(video.StatusFailed).Mutation(), true},
		{"a create with another status", client.Video.Create().SetStatus(video.StatusLive).Mutation(), true},
		{"a create with the initial status", client.Video.Create().SetStatus(video.StatusCreated).Mutation(), false},
		{"a create leaving the status", client.Video.Create().SetTitle("t").Mutation(), false},
		{"an update of another field", client.Video.UpdateOneID(id).SetTitle("t").Mutation(), false},
		{"an update back to the initial status", client.Video.UpdateOneID(id).SetStatus(video.StatusCreated).Mutation(), true},
		{"another entity's status", client.LiveStream.UpdateOneID(id).SetStatus(livestream.StatusActive).Mutation(), false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			reached, err := through(ctx, g.Hook(), c.m)
			if c.refused {
				if reached || !errors.Is(err, errRefused) {
					t.Fatalf("reached %v, err %v; want refused with errRefused", reached, err)
				}
				if !strings.Contains(err.Error(), "a video") {
					t.Errorf("error %q does not name the entity", err)
				}
				return
			}
			if !reached || err != nil {
				t.Fatalf("reached %v, err %v; want passed", reached, err)
			}
		})
	}
}

func TestHookPassesUnderTheMarkOnly(t *testing.T) {
	client := ent.NewClient()
	g, other := videoGuard(), videoGuard()
	m := func() ent.Mutation {
		return client.Video.UpdateOneID(uuid.New()).SetStatus(video.StatusReady).Mutation()
	}

	marked := g.Mark(context.Background())
	if !g.Marked(marked) || g.Marked(context.Background()) {
		t.Fatal("Marked does not report the guard's own mark")
	}
	if reached, err := through(marked, g.Hook(), m()); !reached || err != nil {
		t.Fatalf("under the mark: reached %v, err %v; want passed", reached, err)
	}
	// Each guard has its own mark: another lifecycle's does not let this
	// entity's status through.
	if other.Marked(marked) {
		t.Fatal("another guard takes this guard's mark for its own")
	}
	if reached, err := through(marked, other.Hook(), m()); reached || !errors.Is(err, errRefused) {
		t.Fatalf("under another guard's mark: reached %v, err %v; want refused", reached, err)
	}
}
