package players_test

import (
	"context"
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/advertisement"
	"github.com/vidra-dev/vidra/ent/player"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/players"
	"github.com/vidra-dev/vidra/internal/testdb"
	"github.com/vidra-dev/vidra/internal/txn"
)

// fixture is an organization's owner and one of its projects, another
// organization's project, and the service.
type fixture struct {
	svc                *players.Service
	client             *ent.Client
	system, owner      context.Context
	project, elsewhere uuid.UUID
}

func newFixture(t *testing.T, d string) *fixture {
	t.Helper()
	w := domaintest.NewWorld(t, d)
	return &fixture{svc: players.New(w.Client), client: w.Client, system: w.System,
		project: w.Project, elsewhere: w.Elsewhere, owner: w.Owner}
}

// inTx runs fn as a GraphQL mutation does: in a transaction, rolled back when
// fn fails.
func (f *fixture) inTx(fn func(ctx context.Context) error) error {
	return txn.Open(f.owner, f.client, fn)
}

func TestPlayerRulesAndDefault(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			refusals := []struct {
				in          ent.CreatePlayerInput
				field, want string
			}{
				{ent.CreatePlayerInput{Name: "a", SpeedOptions: []float64{}}, "speedOptions", "give 1 to 10 playback speeds"},
				{ent.CreatePlayerInput{Name: "a", SpeedOptions: []float64{1, 5}}, "speedOptions", "playback speed 5 is not in (0, 4]"},
				{ent.CreatePlayerInput{Name: "a", SpeedOptions: []float64{1, 1}}, "speedOptions", "playback speeds must be ascending and distinct"},
				{ent.CreatePlayerInput{Name: "a", LogoURL: ptr("javascript:alert(1)")}, "logoURL", "logoURL must be an absolute http or https URL"},
				{ent.CreatePlayerInput{Name: "a", WatermarkURL: ptr("https://user:pw@cdn.example.org/w.png")}, "watermarkURL", "watermarkURL must be an absolute http or https URL"},
				{ent.CreatePlayerInput{Name: "a", DefaultCaptionLanguage: ptr("not a tag")}, "defaultCaptionLanguage", `"not a tag" is not a BCP 47 language tag`},
			}
			for _, r := range refusals {
				err := f.inTx(func(ctx context.Context) error {
					_, err := f.svc.Create(ctx, f.project, r.in)
					return err
				})
				domaintest.WantFault(t, err, fault.KindInvalidInput, r.field, r.want)
			}
			if n := f.client.Player.Query().CountX(f.system); n != 0 {
				t.Fatalf("%d players stored after refused creates (rolled back with their transaction)", n)
			}
			_, err := f.svc.Create(f.owner, f.elsewhere, ent.CreatePlayerInput{Name: "theirs"})
			domaintest.WantFault(t, err, fault.KindNotFound, "", "project not found")

			var a, b *ent.Player
			err = f.inTx(func(ctx context.Context) (err error) {
				if a, err = f.svc.Create(ctx, f.project, ent.CreatePlayerInput{Name: "a", LogoURL: ptr("https://cdn.example.org/l.png")}); err != nil {
					return err
				}
				b, err = f.svc.Create(ctx, f.project, ent.CreatePlayerInput{Name: "b", DefaultCaptionLanguage: ptr("pt-BR")})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			// One default at a time: setting b's clears a's.
			for _, p := range []*ent.Player{a, b} {
				if err := f.inTx(func(ctx context.Context) error { _, err := f.svc.SetDefault(ctx, f.project, p.ID); return err }); err != nil {
					t.Fatal(err)
				}
			}
			defaults := f.client.Player.Query().Where(player.IsDefault(true)).IDsX(f.system)
			if len(defaults) != 1 || defaults[0] != b.ID {
				t.Fatalf("defaults %v, want only %s", defaults, b.ID)
			}
			// A refused update leaves the player as it was.
			err = f.inTx(func(ctx context.Context) error {
				_, err := f.svc.Update(ctx, f.project, a.ID, ent.UpdatePlayerInput{SpeedOptions: []float64{2, 1}})
				return err
			})
			domaintest.WantFault(t, err, fault.KindInvalidInput, "speedOptions", "playback speeds must be ascending and distinct")
			if got := f.client.Player.GetX(f.system, a.ID).SpeedOptions; len(got) != 5 {
				t.Fatalf("speeds after a refused update: %v", got)
			}
			if _, err := f.svc.Delete(f.owner, f.project, a.ID); err != nil {
				t.Fatal(err)
			}
			_, err = f.svc.Get(f.owner, f.project, a.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "player not found")
			if list, err := f.svc.List(f.owner, f.project); err != nil || len(list) != 1 {
				t.Fatalf("players left: %d, %v", len(list), err)
			}
		})
	}
}

func TestAdvertisementPlacementsAndOffsets(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			f := newFixture(t, d)
			tag := "https://ads.example.org/vast.xml"
			refusals := []struct {
				in          ent.CreateAdvertisementInput
				field, want string
			}{
				{ent.CreateAdvertisementInput{Name: "a", TagURL: "ftp://ads.example.org/v.xml", Placement: advertisement.PlacementPreRoll}, "tagURL", "tagURL must be an absolute http or https URL"},
				{ent.CreateAdvertisementInput{Name: "a", TagURL: tag, Placement: advertisement.PlacementPreRoll, Offsets: []int{10}}, "offsets", "only mid_roll advertisements take offsets"},
				{ent.CreateAdvertisementInput{Name: "a", TagURL: tag, Placement: advertisement.PlacementMidRoll}, "offsets", "a mid_roll advertisement needs 1 to 50 offsets (seconds)"},
				{ent.CreateAdvertisementInput{Name: "a", TagURL: tag, Placement: advertisement.PlacementMidRoll, Offsets: []int{0}}, "offsets", "mid-roll offsets are seconds after the start, greater than 0"},
				{ent.CreateAdvertisementInput{Name: "a", TagURL: tag, Placement: advertisement.PlacementMidRoll, Offsets: []int{30, 10}}, "offsets", "offsets must be ascending and distinct"},
			}
			for _, r := range refusals {
				err := f.inTx(func(ctx context.Context) error {
					_, err := f.svc.CreateAdvertisement(ctx, f.project, r.in)
					return err
				})
				domaintest.WantFault(t, err, fault.KindInvalidInput, r.field, r.want)
			}
			list, err := f.svc.Advertisements(f.owner, f.project)
			if err != nil || list == nil || len(list) != 0 {
				t.Fatalf("advertisements after refusals: %v (nil: %t), %v", list, list == nil, err)
			}
			var ad *ent.Advertisement
			err = f.inTx(func(ctx context.Context) (err error) {
				ad, err = f.svc.CreateAdvertisement(ctx, f.project, ent.CreateAdvertisementInput{Name: "mid", TagURL: tag,
					Placement: advertisement.PlacementMidRoll, Offsets: []int{30, 90}})
				return err
			})
			if err != nil || len(ad.Offsets) != 2 {
				t.Fatalf("mid-roll: %+v, %v", ad, err)
			}
			_, err = f.svc.Advertisement(f.owner, f.elsewhere, ad.ID)
			domaintest.WantFault(t, err, fault.KindNotFound, "", "advertisement not found")
			if _, err := f.svc.DeleteAdvertisement(f.owner, f.project, ad.ID); err != nil {
				t.Fatal(err)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }
