// Package playback serves a video's HLS stream, images, storyboard, captions and
// chapters from blob storage under /v1/play/{videoId}/, applying the project's
// access control (public or signed tokens, allowed domains, countries) and AES-128
// key delivery, and counts the bytes served per project per day.
package playback

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/accesscontrol"
	"github.com/vidra-dev/vidra/ent/projectsetting"
)

// Policy is how a project's videos may be played.
type Policy struct {
	// SignedOnly requires a valid playback token on every request.
	SignedOnly bool
	// AllowedDomains, when not empty, limits playback to pages on these hosts (by
	// Origin, else Referer): "example.com" is that host only, "*.example.com" any
	// subdomain of it.
	AllowedDomains []string
	// AllowedCountries, when not empty, limits playback to these ISO country codes;
	// BlockedCountries refuses these. The country comes from the configured header.
	AllowedCountries, BlockedCountries []string
	// TokenTTL is the lifetime of a playback token when none is asked for;
	// TokenTTLMin and TokenTTLMax bound a requested one.
	TokenTTL, TokenTTLMin, TokenTTLMax time.Duration
	// Encrypt is the project's player_encryption: new renditions are AES-128 encrypted.
	Encrypt bool
}

// Token lifetimes of a project without access control rules (the AccessControl
// entity's defaults).
const (
	DefaultTokenTTL    = time.Hour
	DefaultTokenTTLMin = time.Minute
	DefaultTokenTTLMax = 24 * time.Hour
)

// PolicySource gives a project's playback policy.
type PolicySource interface {
	PolicyFor(ctx context.Context, projectID uuid.UUID) (Policy, error)
}

// ProjectPolicies is the PolicySource of a Vidra database: the project's
// AccessControl rules (putAccessControl; none means public with the default token
// lifetimes) and the player_encryption member of its `transcoding` setting.
type ProjectPolicies struct {
	Client *ent.Client
	Log    *slog.Logger
}

var _ PolicySource = ProjectPolicies{}

// PolicyFor reads the project's access control rules and transcoding setting.
func (s ProjectPolicies) PolicyFor(ctx context.Context, projectID uuid.UUID) (Policy, error) {
	p := Policy{TokenTTL: DefaultTokenTTL, TokenTTLMin: DefaultTokenTTLMin, TokenTTLMax: DefaultTokenTTLMax}
	ac, err := s.Client.AccessControl.Query().Where(accesscontrol.ProjectID(projectID)).Only(ctx)
	switch {
	case err == nil:
		p.SignedOnly = ac.Playback == accesscontrol.PlaybackSigned
		p.AllowedDomains = lower(ac.AllowedDomains)
		p.AllowedCountries = upper(ac.AllowedCountries)
		p.BlockedCountries = upper(ac.BlockedCountries)
		p.TokenTTL = time.Duration(ac.TokenTTLDefault) * time.Second
		p.TokenTTLMin = time.Duration(ac.TokenTTLMin) * time.Second
		p.TokenTTLMax = time.Duration(ac.TokenTTLMax) * time.Second
	case !ent.IsNotFound(err):
		return p, err
	}
	row, err := s.Client.ProjectSetting.Query().
		Where(projectsetting.ProjectID(projectID), projectsetting.Key("transcoding")).
		Only(ctx)
	switch {
	case ent.IsNotFound(err):
		return p, nil
	case err != nil:
		return p, err
	}
	// upsertProjectSettings validates the value; an older unreadable one means off.
	var tc struct {
		PlayerEncryption bool `json:"player_encryption"`
	}
	if err := json.Unmarshal([]byte(row.Value), &tc); err != nil {
		if s.Log != nil {
			s.Log.WarnContext(ctx, "unreadable transcoding setting; encryption off", "project_id", projectID, "err", err)
		}
		return p, nil
	}
	p.Encrypt = tc.PlayerEncryption
	return p, nil
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

// OriginAllowed reports whether the page that sent r (Origin, else Referer) may
// use the project's videos under p: any page when p has no allowed domains, and
// Vidra's own pages (the embeddable player, which checks the page embedding it).
func (p Policy) OriginAllowed(r *http.Request) bool {
	if len(p.AllowedDomains) == 0 {
		return true
	}
	host := requestingHost(r)
	return domainAllowed(host, p.AllowedDomains) || ownHost(r, host)
}

// FrameAncestors is the Content-Security-Policy frame-ancestors source list of
// the allowed domains (any port) and Vidra's own origin (Vidra Studio shows
// the player): "*" when the project allows every domain.
func (p Policy) FrameAncestors() string {
	if len(p.AllowedDomains) == 0 {
		return "*"
	}
	out := make([]string, 0, len(p.AllowedDomains)+1)
	out = append(out, "'self'")
	for _, d := range p.AllowedDomains {
		out = append(out, d+":*")
	}
	return strings.Join(out, " ")
}

// EmbedderAllowed reports whether the page embedding the player (Referer) is on
// an allowed domain, or is one of Vidra's own pages (Vidra Studio, on the
// server's own host, which no one else can serve pages from): any page when p
// has none.
func (p Policy) EmbedderAllowed(r *http.Request) bool {
	if len(p.AllowedDomains) == 0 {
		return true
	}
	host := requestingHost(r)
	return domainAllowed(host, p.AllowedDomains) || ownHost(r, host)
}
