package graph_test

import (
	"fmt"
	"testing"

	"github.com/vidra-dev/vidra/internal/apptest"
)

const putAccessControl = `mutation($p: ID!, $in: AccessControlInput!) {
  putAccessControl(projectID: $p, input: $in) {
    playback allowedDomains allowedCountries blockedCountries tokenTTLDefault tokenTTLMin tokenTTLMax
  }
}`

type accessControl struct {
	Playback                                  string
	AllowedDomains                            []string
	AllowedCountries, BlockedCountries        []string
	TokenTTLDefault, TokenTTLMin, TokenTTLMax int
}

func TestAccessControl(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		proj := project(s)
		get := `query($p: ID!) { accessControl(projectID: $p) { playback allowedDomains allowedCountries blockedCountries tokenTTLDefault tokenTTLMin tokenTTLMax } }`
		var none struct{ AccessControl *accessControl }
		s.MustGraphQL(get, map[string]any{"p": proj}, &none)
		if none.AccessControl != nil {
			t.Fatalf("rules before any put: %+v", none.AccessControl)
		}
		var put struct{ PutAccessControl accessControl }
		s.MustGraphQL(putAccessControl, map[string]any{"p": proj, "in": map[string]any{
			"playback": "signed", "allowedDomains": []string{"Example.com", "*.cdn.example.com", "example.com"},
			"blockedCountries": []string{"de", "FR"}, "tokenTTLDefault": 600, "tokenTTLMin": 60, "tokenTTLMax": 3600,
		}}, &put)
		want := accessControl{Playback: "signed", AllowedDomains: []string{"example.com", "*.cdn.example.com"},
			AllowedCountries: []string{}, BlockedCountries: []string{"DE", "FR"}, TokenTTLDefault: 600, TokenTTLMin: 60, TokenTTLMax: 3600}
		if fmt.Sprint(put.PutAccessControl) != fmt.Sprint(want) {
			t.Fatalf("put = %+v, want %+v", put.PutAccessControl, want)
		}
		// A second put replaces the rules; defaults fill what is left out.
		s.MustGraphQL(putAccessControl, map[string]any{"p": proj, "in": map[string]any{"allowedCountries": []string{"US"}}}, &put)
		var got struct{ AccessControl accessControl }
		s.MustGraphQL(get, map[string]any{"p": proj}, &got)
		want = accessControl{Playback: "public", AllowedDomains: []string{}, AllowedCountries: []string{"US"}, BlockedCountries: []string{},
			TokenTTLDefault: 3600, TokenTTLMin: 60, TokenTTLMax: 86400}
		if fmt.Sprint(got.AccessControl) != fmt.Sprint(want) {
			t.Fatalf("get = %+v, want %+v", got.AccessControl, want)
		}
		if n := sqlInt(t, s, "SELECT count(*) FROM access_controls WHERE project_id = ?", proj); n != 1 {
			t.Fatalf("rows = %d, want 1", n)
		}
		bad := []struct {
			field string
			in    map[string]any
		}{
			{"allowedCountries", map[string]any{"allowedCountries": []string{"XX"}}},
			{"blockedCountries", map[string]any{"blockedCountries": []string{"UK"}}},
			{"blockedCountries", map[string]any{"blockedCountries": []string{"USA"}}},
			{"blockedCountries", map[string]any{"allowedCountries": []string{"US"}, "blockedCountries": []string{"DE"}}},
			{"allowedDomains", map[string]any{"allowedDomains": []string{"https://example.com"}}},
			{"allowedDomains", map[string]any{"allowedDomains": []string{"exa mple.com"}}},
			{"tokenTTLMin", map[string]any{"tokenTTLMin": 1}},
			{"tokenTTLMax", map[string]any{"tokenTTLMin": 600, "tokenTTLMax": 300, "tokenTTLDefault": 400}},
			{"tokenTTLDefault", map[string]any{"tokenTTLDefault": 10}},
		}
		for _, b := range bad {
			wantOpError(t, s, "INVALID_INPUT", b.field, putAccessControl, map[string]any{"p": proj, "in": b.in})
		}
		wantOpError(t, s, "GRAPHQL_VALIDATION_FAILED", "", putAccessControl, map[string]any{"p": proj, "in": map[string]any{"playback": "private"}})
		wantOpError(t, s, "NOT_FOUND", "", get, map[string]any{"p": "01900000-0000-7000-8000-000000000000"})
		s.MustGraphQL(get, map[string]any{"p": proj}, &got)
		if fmt.Sprint(got.AccessControl) != fmt.Sprint(want) {
			t.Fatalf("refused puts changed the rules: %+v", got.AccessControl)
		}
	})
}
