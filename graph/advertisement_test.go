package graph_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const createAd = `mutation($p: ID!, $in: CreateAdvertisementInput!) {
  createAdvertisement(projectID: $p, input: $in) { id name tagURL placement offsets enabled }
}`

func TestAdvertisements(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		other := siblingProject(s, proj, "O")
		list := `query($p: ID!) { advertisements(projectID: $p) { id placement } }`
		// An empty list is an empty array (SEED 4.6), not null.
		res := s.GraphQL(list, map[string]any{"p": proj})
		if len(res.Errors) > 0 || string(res.Data) != `{"advertisements":[]}` {
			t.Fatalf("empty list = %s %+v", res.Data, res.Errors)
		}
		var out struct {
			CreateAdvertisement struct {
				ID, Name, TagURL, Placement string
				Offsets                     []int
				Enabled                     bool
			}
		}
		s.MustGraphQL(createAd, map[string]any{"p": proj, "in": map[string]any{
			"name": "Mid", "tagURL": "https://ads.example.com/vmap?x=1", "placement": "mid_roll", "offsets": []int{30, 90},
		}}, &out)
		mid := out.CreateAdvertisement
		if mid.Placement != "mid_roll" || len(mid.Offsets) != 2 || mid.Offsets[1] != 90 || !mid.Enabled {
			t.Fatalf("created = %+v", mid)
		}
		s.MustGraphQL(createAd, map[string]any{"p": proj, "in": map[string]any{
			"name": "Pre", "tagURL": "http://ads.example.com/vast", "placement": "pre_roll", "enabled": false,
		}}, &out)
		pre := out.CreateAdvertisement
		var got struct {
			Advertisements []struct{ ID, Placement string }
		}
		s.MustGraphQL(list, map[string]any{"p": proj}, &got)
		if len(got.Advertisements) != 2 || got.Advertisements[0].ID != mid.ID || got.Advertisements[1].ID != pre.ID {
			t.Fatalf("list = %+v", got.Advertisements)
		}
		bad := []struct {
			field string
			in    map[string]any
		}{
			{"tagURL", map[string]any{"name": "x", "tagURL": "ads.example.com/vast", "placement": "pre_roll"}},
			{"tagURL", map[string]any{"name": "x", "tagURL": "ftp://ads.example.com/vast", "placement": "pre_roll"}},
			{"offsets", map[string]any{"name": "x", "tagURL": "https://a.example/v", "placement": "mid_roll"}},
			{"offsets", map[string]any{"name": "x", "tagURL": "https://a.example/v", "placement": "mid_roll", "offsets": []int{60, 30}}},
			{"offsets", map[string]any{"name": "x", "tagURL": "https://a.example/v", "placement": "mid_roll", "offsets": []int{0}}},
			{"offsets", map[string]any{"name": "x", "tagURL": "https://a.example/v", "placement": "post_roll", "offsets": []int{10}}},
			{"name", map[string]any{"name": "", "tagURL": "https://a.example/v", "placement": "post_roll"}},
		}
		for _, b := range bad {
			wantOpError(t, s, "INVALID_INPUT", b.field, createAd, map[string]any{"p": proj, "in": b.in})
		}
		update := `mutation($p: ID!, $id: ID!, $in: UpdateAdvertisementInput!) { updateAdvertisement(projectID: $p, id: $id, input: $in) { placement offsets enabled } }`
		// Turning a mid-roll into a pre-roll needs its offsets cleared.
		wantOpError(t, s, "INVALID_INPUT", "offsets", update, map[string]any{"p": proj, "id": mid.ID, "in": map[string]any{"placement": "pre_roll"}})
		var upd struct {
			UpdateAdvertisement struct {
				Placement string
				Offsets   []int
				Enabled   bool
			}
		}
		s.MustGraphQL(update, map[string]any{"p": proj, "id": mid.ID, "in": map[string]any{"placement": "pre_roll", "offsets": []int{}, "enabled": false}}, &upd)
		if upd.UpdateAdvertisement.Placement != "pre_roll" || len(upd.UpdateAdvertisement.Offsets) != 0 || upd.UpdateAdvertisement.Enabled {
			t.Fatalf("updated = %+v", upd.UpdateAdvertisement)
		}
		if n := sqlInt(t, s, "SELECT count(*) FROM advertisements WHERE project_id = ?", proj); n != 2 {
			t.Fatalf("rows = %d, want 2", n)
		}
		del := `mutation($p: ID!, $id: ID!) { deleteAdvertisement(projectID: $p, id: $id) }`
		// SEED 4.7: malformed id is a bad request, an unknown one not found.
		wantOpError(t, s, "BAD_REQUEST", "", del, map[string]any{"p": proj, "id": "not-a-uuid"})
		wantOpError(t, s, "NOT_FOUND", "", del, map[string]any{"p": proj, "id": "01900000-0000-7000-8000-000000000000"})
		wantOpError(t, s, "NOT_FOUND", "", del, map[string]any{"p": other, "id": pre.ID})
		var deleted struct{ DeleteAdvertisement string }
		s.MustGraphQL(del, map[string]any{"p": proj, "id": pre.ID}, &deleted)
		if deleted.DeleteAdvertisement != pre.ID {
			t.Fatalf("deleted %q", deleted.DeleteAdvertisement)
		}
		wantOpError(t, s, "NOT_FOUND", "", `query($p: ID!, $id: ID!) { advertisement(projectID: $p, id: $id) { id } }`, map[string]any{"p": proj, "id": pre.ID})
		if n := sqlInt(t, s, "SELECT count(*) FROM advertisements WHERE project_id = ?", proj); n != 1 {
			t.Fatalf("rows after delete = %d, want 1", n)
		}
	})
}
