package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

type rendition struct {
	Height, VideoBitrateKbps, AudioBitrateKbps int
	Codec                                      string
}

func effectiveLadder(t *testing.T, s *apptest.Server, proj string) string {
	t.Helper()
	var out struct{ EffectiveEncodingLadder []rendition }
	s.MustGraphQL(`query($p: ID!) { effectiveEncodingLadder(projectID: $p) { height videoBitrateKbps audioBitrateKbps codec } }`, map[string]any{"p": proj}, &out)
	return fmt.Sprint(out.EffectiveEncodingLadder)
}

func TestEncodingProfiles(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		builtIn := "[{360 800 96 h264} {480 1400 128 h264} {720 2800 128 h264} {1080 5000 192 h264}]"
		if got := effectiveLadder(t, s, proj); got != builtIn {
			t.Fatalf("built-in ladder = %s", got)
		}
		create := `mutation($p: ID!, $in: EncodingProfileInput!) { createEncodingProfile(projectID: $p, input: $in) { id name isDefault renditions { height codec } } }`
		var out struct {
			CreateEncodingProfile struct {
				ID, Name   string
				IsDefault  bool
				Renditions []struct {
					Height int
					Codec  string
				}
			}
		}
		s.MustGraphQL(create, map[string]any{"p": proj, "in": map[string]any{"name": "Small", "renditions": []map[string]any{
			{"height": 240, "videoBitrateKbps": 400, "audioBitrateKbps": 64},
			{"height": 480, "videoBitrateKbps": 1200, "audioBitrateKbps": 96, "codec": "h264"},
		}}}, &out)
		small := out.CreateEncodingProfile
		if small.IsDefault || len(small.Renditions) != 2 || small.Renditions[0].Codec != "h264" {
			t.Fatalf("created = %+v", small)
		}
		if got := effectiveLadder(t, s, proj); got != builtIn {
			t.Fatalf("a profile that is not default changed the ladder: %s", got)
		}
		setDefault := `mutation($p: ID!, $id: ID!) { setDefaultEncodingProfile(projectID: $p, id: $id) { isDefault } }`
		s.MustGraphQL(setDefault, map[string]any{"p": proj, "id": small.ID}, nil)
		if got := effectiveLadder(t, s, proj); got != "[{240 400 64 h264} {480 1200 96 h264}]" {
			t.Fatalf("default profile ladder = %s", got)
		}
		s.MustGraphQL(create, map[string]any{"p": proj, "in": map[string]any{"name": "Big", "renditions": []map[string]any{
			{"height": 2160, "videoBitrateKbps": 16000, "audioBitrateKbps": 192},
		}}}, &out)
		s.MustGraphQL(setDefault, map[string]any{"p": proj, "id": out.CreateEncodingProfile.ID}, nil)
		if n := sqlInt(t, s, "SELECT count(*) FROM encoding_profiles WHERE project_id = ? AND is_default = ?", proj, true); n != 1 {
			t.Fatalf("defaults = %d", n)
		}
		bad := []struct {
			field      string
			renditions []map[string]any
		}{
			{"renditions", []map[string]any{}},
			{"renditions[1].height", []map[string]any{{"height": 720, "videoBitrateKbps": 2000, "audioBitrateKbps": 128}, {"height": 480, "videoBitrateKbps": 1000, "audioBitrateKbps": 128}}},
			{"renditions[1].height", []map[string]any{{"height": 720, "videoBitrateKbps": 2000, "audioBitrateKbps": 128}, {"height": 720, "videoBitrateKbps": 3000, "audioBitrateKbps": 128}}},
			{"renditions[0].height", []map[string]any{{"height": 100, "videoBitrateKbps": 2000, "audioBitrateKbps": 128}}},
			{"renditions[0].videoBitrateKbps", []map[string]any{{"height": 720, "videoBitrateKbps": 10, "audioBitrateKbps": 128}}},
			{"renditions[0].audioBitrateKbps", []map[string]any{{"height": 720, "videoBitrateKbps": 2000, "audioBitrateKbps": 9000}}},
			{"renditions[0].codec", []map[string]any{{"height": 720, "videoBitrateKbps": 2000, "audioBitrateKbps": 128, "codec": "vp9"}}},
		}
		for _, c := range bad {
			wantOpError(t, s, "INVALID_INPUT", c.field, create, map[string]any{"p": proj, "in": map[string]any{"name": "x", "renditions": c.renditions}})
		}
		update := `mutation($p: ID!, $id: ID!, $in: EncodingProfileInput!) { updateEncodingProfile(projectID: $p, id: $id, input: $in) { name } }`
		s.MustGraphQL(update, map[string]any{"p": proj, "id": small.ID, "in": map[string]any{"name": "Tiny", "renditions": []map[string]any{
			{"height": 144, "videoBitrateKbps": 100, "audioBitrateKbps": 32},
		}}}, nil)
		var one struct {
			EncodingProfile struct {
				Name       string
				Renditions []struct{ Height int }
			}
		}
		s.MustGraphQL(`query($p: ID!, $id: ID!) { encodingProfile(projectID: $p, id: $id) { name renditions { height } } }`, map[string]any{"p": proj, "id": small.ID}, &one)
		if one.EncodingProfile.Name != "Tiny" || len(one.EncodingProfile.Renditions) != 1 || one.EncodingProfile.Renditions[0].Height != 144 {
			t.Fatalf("updated = %+v", one.EncodingProfile)
		}
		// Deleting the default profile brings the built-in ladder back.
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { deleteEncodingProfile(projectID: $p, id: $id) }`, map[string]any{"p": proj, "id": out.CreateEncodingProfile.ID}, nil)
		if got := effectiveLadder(t, s, proj); got != builtIn {
			t.Fatalf("after deleting the default: %s", got)
		}
		wantOpError(t, s, "NOT_FOUND", "", setDefault, map[string]any{"p": proj, "id": out.CreateEncodingProfile.ID})
	})
}
