package accesscontrol_test

import (
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/ent/accesscontrol"
	accesscontrollib "github.com/vidra-dev/vidra/internal/accesscontrol"
	"github.com/vidra-dev/vidra/internal/domaintest"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func TestPutChecksAndReplacesTheRules(t *testing.T) {
	for _, d := range testdb.Dialects(t) {
		t.Run(d, func(t *testing.T) {
			t.Parallel()
			w := domaintest.NewWorld(t, d)
			c, sys, ctx, proj := w.Client, w.System, w.Owner, w.Project
			svc := accesscontrollib.New(c)
			valid := accesscontrollib.Input{Playback: accesscontrol.PlaybackSigned, TokenTTLDefault: 600, TokenTTLMin: 60, TokenTTLMax: 3600}

			if ac, err := svc.Get(ctx, proj); err != nil || ac != nil {
				t.Fatalf("rules before any put: %+v, %v", ac, err)
			}
			refusals := []struct {
				edit        func(*accesscontrollib.Input)
				field, want string
			}{
				{func(in *accesscontrollib.Input) { in.AllowedDomains = []string{"exa mple.com"} }, "allowedDomains", `"exa mple.com" is not a domain name (e.g. example.com or *.example.com)`},
				{func(in *accesscontrollib.Input) { in.AllowedDomains = make([]string, 101) }, "allowedDomains", "at most 100 domains"},
				{func(in *accesscontrollib.Input) { in.AllowedCountries = []string{"UK"} }, "allowedCountries", `"UK" is not an ISO 3166-1 alpha-2 country code`},
				{func(in *accesscontrollib.Input) {
					in.AllowedCountries, in.BlockedCountries = []string{"PT"}, []string{"KP"}
				}, "blockedCountries", "give allowed countries or blocked countries, not both"},
				{func(in *accesscontrollib.Input) { in.TokenTTLMin = 10 }, "tokenTTLMin", "token lifetimes must be between 30 and 604800 seconds"},
				{func(in *accesscontrollib.Input) { in.TokenTTLMin, in.TokenTTLMax = 700, 650 }, "tokenTTLMax", "tokenTTLMax must not be less than tokenTTLMin"},
				{func(in *accesscontrollib.Input) { in.TokenTTLDefault = 7200 }, "tokenTTLDefault", "tokenTTLDefault must be between tokenTTLMin and tokenTTLMax"},
			}
			for _, r := range refusals {
				in := valid
				r.edit(&in)
				_, err := svc.Put(ctx, proj, in)
				domaintest.WantFault(t, err, fault.KindInvalidInput, r.field, r.want)
			}
			if n := c.AccessControl.Query().CountX(sys); n != 0 {
				t.Fatalf("%d rules stored after refusals", n)
			}

			in := valid
			in.AllowedDomains = []string{" Example.COM.", "*.tv.example.org", "example.com"}
			in.BlockedCountries = []string{"kp", "KP"}
			first, err := svc.Put(ctx, proj, in)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(first.AllowedDomains, ",") != "example.com,*.tv.example.org" || strings.Join(first.BlockedCountries, ",") != "KP" {
				t.Fatalf("normalised rules %+v", first)
			}
			// A second put replaces the rules in place: one row, same id.
			in = valid
			in.Playback = accesscontrol.PlaybackPublic
			second, err := svc.Put(ctx, proj, in)
			if err != nil || second.ID != first.ID || second.Playback != accesscontrol.PlaybackPublic || len(second.AllowedDomains) != 0 {
				t.Fatalf("replaced rules %+v, %v", second, err)
			}
			if n := c.AccessControl.Query().CountX(sys); n != 1 {
				t.Fatalf("%d rules rows, want 1", n)
			}
		})
	}
}
