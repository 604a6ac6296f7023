// Package playback serves a video's HLS stream, images and storyboard from blob
// storage under /v1/play/{videoId}/, applying the project's access control
// (public or signed tokens, allowed domains, countries) and AES-128 key delivery,
// and counts the bytes served per project per day.
package playback

import (
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/projectsetting"
)

// Policy is how a project's videos may be played.
type Policy struct {
	// SignedOnly requires a valid playback token on every request.
	SignedOnly bool
	// AllowedDomains, when not empty, limits playback to pages on these hosts
	// (by Origin, else Referer); a subdomain of an entry is allowed too.
	AllowedDomains []string
	// AllowedCountries, when not empty, limits playback to these ISO country codes;
	// BlockedCountries refuses these. The country comes from the configured header.
	AllowedCountries, BlockedCountries []string
	// TokenTTL is the lifetime of the playback tokens POST /key signs.
	TokenTTL time.Duration
	// Encrypt is the project's player_encryption: new renditions are AES-128 encrypted.
	Encrypt bool
}

// DefaultTokenTTL is the playback token lifetime when the project sets none.
const DefaultTokenTTL = time.Hour

// PolicySource gives a project's playback policy. The content branch's access
// control entity implements it; SettingsPolicies reads project settings meanwhile.
type PolicySource interface {
	PolicyFor(ctx context.Context, projectID uuid.UUID) (Policy, error)
}

// SettingsPolicies reads the policy from two project settings (SEED-API-SPEC 2.7,
// values are JSON text):
//
//	access_control: {"access": "public"|"signed", "allowed_domains": ["example.com"],
//	                 "allowed_countries": ["DE"], "blocked_countries": ["XX"],
//	                 "token_lifetime": 3600}
//	transcoding:    {"player_encryption": true}
//
// A missing or unreadable setting means the default: public, unencrypted.
type SettingsPolicies struct {
	Client *ent.Client
	Log    *slog.Logger
}

type accessControlSetting struct {
	Access           string   `json:"access"`
	SignedOnly       bool     `json:"signed_only"`
	AllowedDomains   []string `json:"allowed_domains"`
	AllowedCountries []string `json:"allowed_countries"`
	BlockedCountries []string `json:"blocked_countries"`
	TokenLifetime    int      `json:"token_lifetime"`
}

// PolicyFor reads the project's access_control and transcoding settings.
func (s SettingsPolicies) PolicyFor(ctx context.Context, projectID uuid.UUID) (Policy, error) {
	p := Policy{TokenTTL: DefaultTokenTTL}
	rows, err := s.Client.ProjectSetting.Query().
		Where(projectsetting.ProjectID(projectID), projectsetting.KeyIn("access_control", "transcoding")).
		All(ctx)
	if err != nil {
		return p, err
	}
	for _, row := range rows {
		switch row.Key {
		case "access_control":
			var ac accessControlSetting
			if err := json.Unmarshal([]byte(row.Value), &ac); err != nil {
				s.warn(ctx, projectID, row.Key, err)
				continue
			}
			p.SignedOnly = ac.SignedOnly || strings.EqualFold(ac.Access, "signed") || strings.EqualFold(ac.Access, "private")
			p.AllowedDomains = lower(ac.AllowedDomains)
			p.AllowedCountries = upper(ac.AllowedCountries)
			p.BlockedCountries = upper(ac.BlockedCountries)
			if ac.TokenLifetime > 0 {
				p.TokenTTL = time.Duration(ac.TokenLifetime) * time.Second
			}
		case "transcoding":
			var tc map[string]any
			if err := json.Unmarshal([]byte(row.Value), &tc); err != nil {
				s.warn(ctx, projectID, row.Key, err)
				continue
			}
			switch v := tc["player_encryption"].(type) {
			case bool:
				p.Encrypt = v
			case string:
				p.Encrypt = strings.EqualFold(v, "true")
			}
		}
	}
	return p, nil
}

func (s SettingsPolicies) warn(ctx context.Context, projectID uuid.UUID, key string, err error) {
	if s.Log != nil {
		s.Log.WarnContext(ctx, "unreadable project setting; using the default", "project_id", projectID, "key", key, "err", err)
	}
}

func lower(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func upper(in []string) []string {
	out := make([]string, 0, len(in))
	for _, s := range in {
		if s = strings.ToUpper(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}
