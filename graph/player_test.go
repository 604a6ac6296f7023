package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const createPlayer = `mutation($p: ID!, $in: CreatePlayerInput!) {
  createPlayer(projectID: $p, input: $in) { id name isDefault primaryColor controls autoplay speedOptions watermarkPosition captionsDefault defaultCaptionLanguage }
}`

func TestPlayers(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		other := siblingProject(s, proj, "O")
		var out struct {
			CreatePlayer struct {
				ID, Name, PrimaryColor, WatermarkPosition, DefaultCaptionLanguage string
				IsDefault, Controls, Autoplay, CaptionsDefault                    bool
				SpeedOptions                                                      []float64
			}
		}
		s.MustGraphQL(createPlayer, map[string]any{"p": proj, "in": map[string]any{"name": "Main"}}, &out)
		p1 := out.CreatePlayer
		if p1.IsDefault || p1.PrimaryColor != "#ffffff" || !p1.Controls || p1.Autoplay || fmt.Sprint(p1.SpeedOptions) != "[0.5 1 1.25 1.5 2]" || p1.WatermarkPosition != "top_right" {
			t.Fatalf("defaults = %+v", p1)
		}
		s.MustGraphQL(createPlayer, map[string]any{"p": proj, "in": map[string]any{
			"name": "Kiosk", "primaryColor": "#A1B2C3", "autoplay": true, "speedOptions": []float64{1, 2},
			"watermarkPosition": "bottom_left", "captionsDefault": true, "defaultCaptionLanguage": "fr",
			"logoURL": "https://cdn.example.com/logo.png",
		}}, &out)
		p2 := out.CreatePlayer
		if p2.PrimaryColor != "#A1B2C3" || !p2.Autoplay || fmt.Sprint(p2.SpeedOptions) != "[1 2]" || !p2.CaptionsDefault || p2.DefaultCaptionLanguage != "fr" {
			t.Fatalf("created = %+v", p2)
		}
		setDefault := `mutation($p: ID!, $id: ID!) { setDefaultPlayer(projectID: $p, id: $id) { id isDefault } }`
		s.MustGraphQL(setDefault, map[string]any{"p": proj, "id": p1.ID}, nil)
		s.MustGraphQL(setDefault, map[string]any{"p": proj, "id": p2.ID}, nil)
		s.MustGraphQL(setDefault, map[string]any{"p": proj, "id": p2.ID}, nil)
		var list struct {
			Players []struct {
				ID        string
				IsDefault bool
			}
		}
		s.MustGraphQL(`query($p: ID!) { players(projectID: $p) { id isDefault } }`, map[string]any{"p": proj}, &list)
		if fmt.Sprint(list.Players) != fmt.Sprintf("[{%s false} {%s true}]", p1.ID, p2.ID) {
			t.Fatalf("players = %+v", list.Players)
		}
		if n := sqlInt(t, s, "SELECT count(*) FROM players WHERE project_id = ? AND is_default = ?", proj, true); n != 1 {
			t.Fatalf("defaults = %d", n)
		}
		// The database itself refuses a second default.
		if _, err := s.App.DB.SQL.Exec(rebind(s, "UPDATE players SET is_default = ? WHERE id = ?"), true, p1.ID); err == nil {
			t.Fatal("the partial unique index let a second default in")
		}
		update := `mutation($p: ID!, $id: ID!, $in: UpdatePlayerInput!) { updatePlayer(projectID: $p, id: $id, input: $in) { name muted } }`
		var upd struct {
			UpdatePlayer struct {
				Name  string
				Muted bool
			}
		}
		s.MustGraphQL(update, map[string]any{"p": proj, "id": p1.ID, "in": map[string]any{"name": "Renamed", "muted": true}}, &upd)
		if upd.UpdatePlayer.Name != "Renamed" || !upd.UpdatePlayer.Muted {
			t.Fatalf("updated = %+v", upd.UpdatePlayer)
		}
		bad := []struct {
			field string
			in    map[string]any
		}{
			{"primaryColor", map[string]any{"name": "x", "primaryColor": "red"}},
			{"accentColor", map[string]any{"name": "x", "accentColor": "#12345"}},
			{"speedOptions", map[string]any{"name": "x", "speedOptions": []float64{2, 1}}},
			{"speedOptions", map[string]any{"name": "x", "speedOptions": []float64{}}},
			{"speedOptions", map[string]any{"name": "x", "speedOptions": []float64{0, 1}}},
			{"logoURL", map[string]any{"name": "x", "logoURL": "javascript:alert(1)"}},
			{"watermarkURL", map[string]any{"name": "x", "watermarkURL": "/relative.png"}},
			{"defaultCaptionLanguage", map[string]any{"name": "x", "defaultCaptionLanguage": "not a tag"}},
			{"name", map[string]any{"name": ""}},
		}
		for _, b := range bad {
			wantOpError(t, s, "INVALID_INPUT", b.field, createPlayer, map[string]any{"p": proj, "in": b.in})
		}
		wantOpError(t, s, "INVALID_INPUT", "primaryColor", update, map[string]any{"p": proj, "id": p1.ID, "in": map[string]any{"primaryColor": "#zzzzzz"}})
		if n := sqlInt(t, s, "SELECT count(*) FROM players WHERE project_id = ?", proj); n != 2 {
			t.Fatalf("refused creates left rows: %d", n)
		}
		// Another project's id is not found here.
		wantOpError(t, s, "NOT_FOUND", "", setDefault, map[string]any{"p": other, "id": p1.ID})
		wantOpError(t, s, "NOT_FOUND", "", `query($p: ID!, $id: ID!) { player(projectID: $p, id: $id) { id } }`, map[string]any{"p": other, "id": p1.ID})
		var del struct{ DeletePlayer string }
		s.MustGraphQL(`mutation($p: ID!, $id: ID!) { deletePlayer(projectID: $p, id: $id) }`, map[string]any{"p": proj, "id": p2.ID}, &del)
		if del.DeletePlayer != p2.ID || sqlInt(t, s, "SELECT count(*) FROM players WHERE id = ?", p2.ID) != 0 {
			t.Fatal("player not deleted")
		}
	})
}
