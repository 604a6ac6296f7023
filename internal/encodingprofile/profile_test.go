package encodingprofile_test

import (
	"errors"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/encodingprofile"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/ladder"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestProfilesDefaultAndEffectiveLadder(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := domaintest.NewWorld(t, d)
			c, sys, ctx, proj := w.Client, w.System, w.Owner, w.Project
			svc := encodingprofile.New(c)
			ladders := encodingprofile.Ladders{Client: c}

			// No default profile: ladder.Default, for the API and the pipeline.
			eff, err := svc.EffectiveLadder(ctx, proj)
			if err != nil || len(eff) != len(ladder.Default()) {
				t.Fatalf("effective ladder without a default: %d rungs, %v", len(eff), err)
			}

			_, err = svc.Create(ctx, proj, encodingprofile.Input{Name: "dup", Renditions: []*ladder.Rendition{
				{Height: 360, VideoBitrateKbps: 800, AudioBitrateKbps: 96}, {Height: 360, VideoBitrateKbps: 900, AudioBitrateKbps: 96}}})
			var fe *fault.Error
			if !errors.As(err, &fe) || fe.Kind != fault.KindInvalidInput || fe.Field == "" {
				t.Fatalf("a ladder with a height twice: %v", err)
			}
			tiny, err := svc.Create(ctx, proj, encodingprofile.Input{Name: "tiny", Renditions: []*ladder.Rendition{
				{Height: 240, VideoBitrateKbps: 300, AudioBitrateKbps: 64}}})
			if err != nil {
				t.Fatal(err)
			}
			other, err := svc.Create(ctx, proj, encodingprofile.Input{Name: "other", Renditions: []*ladder.Rendition{
				{Height: 480, VideoBitrateKbps: 1200, AudioBitrateKbps: 96}}})
			if err != nil {
				t.Fatal(err)
			}
			for _, id := range []uuid.UUID{other.ID, tiny.ID} {
				if _, err := svc.SetDefault(ctx, proj, id); err != nil {
					t.Fatal(err)
				}
			}
			eff, err = svc.EffectiveLadder(ctx, proj)
			if err != nil || len(eff) != 1 || eff[0].Height != 240 {
				t.Fatalf("effective ladder with tiny the default: %+v, %v", eff, err)
			}
			rungs, err := ladders.LadderFor(sys, proj)
			if err != nil || len(rungs) != 1 {
				t.Fatalf("the pipeline's ladder: %+v, %v", rungs, err)
			}
			if p, err := svc.Get(ctx, proj, other.ID); err != nil || p.IsDefault {
				t.Fatalf("the previous default: %+v, %v", p, err)
			}
			if _, err := svc.Delete(ctx, proj, tiny.ID); err != nil {
				t.Fatal(err)
			}
			_, err = svc.Get(ctx, proj, tiny.ID)
			if !errors.As(err, &fe) || fe.Kind != fault.KindNotFound || fe.Message != "encoding profile not found" {
				t.Fatalf("deleted profile: %v", err)
			}
			if list, err := svc.List(ctx, proj); err != nil || len(list) != 1 {
				t.Fatalf("profiles left: %d, %v", len(list), err)
			}
		})
	}
}
