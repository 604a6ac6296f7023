package accesscontrol

import (
	"context"
	"regexp"
	"strings"

	"github.com/google/uuid"
	"golang.org/x/text/language"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/accesscontrol"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/project"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Bounds of access control rules.
const (
	maxAllowedDomains = 100
	minTokenTTL       = 30
	maxTokenTTL       = 7 * 24 * 60 * 60
)

// domainPattern is a host name, optionally with a leading "*." for any subdomain.
var domainPattern = regexp.MustCompile(`^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$`)

// Input is a project's playback rules as a put gives them.
type Input struct {
	Playback         accesscontrol.Playback
	AllowedDomains   []string
	AllowedCountries []string
	BlockedCountries []string
	// TokenTTLDefault, TokenTTLMin and TokenTTLMax bound a playback token's
	// lifetime, in seconds.
	TokenTTLDefault, TokenTTLMin, TokenTTLMax int
}

// Service runs the rules of access control.
type Service struct {
	client *ent.Client
}

// New builds a Service over the root ent client; a context's own client (a
// transaction's) takes its place.
func New(client *ent.Client) *Service { return &Service{client: client} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// Get returns a project's playback rules, nil when none were put.
func (s *Service) Get(ctx context.Context, projectID uuid.UUID) (*ent.AccessControl, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	ac, err := client.AccessControl.Query().Where(accesscontrol.ProjectID(projectID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, nil
	}
	return ac, err
}

// Put validates and stores a project's playback rules, replacing any.
func (s *Service) Put(ctx context.Context, projectID uuid.UUID, in Input) (*ent.AccessControl, error) {
	client := s.db(ctx)
	if err := project.Require(ctx, client, projectID, ""); err != nil {
		return nil, err
	}
	domains, err := normalizeDomains(in.AllowedDomains)
	if err != nil {
		return nil, err
	}
	allowed, err := normalizeCountries(in.AllowedCountries, "allowedCountries")
	if err != nil {
		return nil, err
	}
	blocked, err := normalizeCountries(in.BlockedCountries, "blockedCountries")
	if err != nil {
		return nil, err
	}
	if len(allowed) > 0 && len(blocked) > 0 {
		return nil, fault.FieldError("blockedCountries", "give allowed countries or blocked countries, not both")
	}
	switch {
	case in.TokenTTLMin < minTokenTTL || in.TokenTTLMax > maxTokenTTL:
		return nil, fault.FieldError("tokenTTLMin", "token lifetimes must be between %d and %d seconds", minTokenTTL, maxTokenTTL)
	case in.TokenTTLMin > in.TokenTTLMax:
		return nil, fault.FieldError("tokenTTLMax", "tokenTTLMax must not be less than tokenTTLMin")
	case in.TokenTTLDefault < in.TokenTTLMin || in.TokenTTLDefault > in.TokenTTLMax:
		return nil, fault.FieldError("tokenTTLDefault", "tokenTTLDefault must be between tokenTTLMin and tokenTTLMax")
	}
	// One statement creates or replaces the rules, so concurrent puts cannot race
	// between a read and a create.
	err = client.AccessControl.Create().
		SetProjectID(projectID).
		SetPlayback(in.Playback).
		SetAllowedDomains(domains).
		SetAllowedCountries(allowed).
		SetBlockedCountries(blocked).
		SetTokenTTLDefault(in.TokenTTLDefault).
		SetTokenTTLMin(in.TokenTTLMin).
		SetTokenTTLMax(in.TokenTTLMax).
		OnConflictColumns(accesscontrol.FieldProjectID).
		UpdateNewValues().
		Exec(ctx)
	if err != nil {
		return nil, err
	}
	// Read back by project: on a conflict the row keeps its original id, which the
	// insert (its id made here, not by the database) cannot report.
	return client.AccessControl.Query().Where(accesscontrol.ProjectID(projectID)).Only(ctx)
}

// normalizeDomains lower-cases, checks and de-duplicates embedding domains.
func normalizeDomains(in []string) ([]string, error) {
	if len(in) > maxAllowedDomains {
		return nil, fault.FieldError("allowedDomains", "at most %d domains", maxAllowedDomains)
	}
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, d := range in {
		d = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(d)), ".")
		if len(d) > 253 || !domainPattern.MatchString(d) {
			return nil, fault.FieldError("allowedDomains", "%q is not a domain name (e.g. example.com or *.example.com)", d)
		}
		if !seen[d] {
			seen[d] = true
			out = append(out, d)
		}
	}
	return out, nil
}

// normalizeCountries checks ISO 3166-1 alpha-2 country codes (case-insensitive)
// and returns them upper-cased without repeats.
func normalizeCountries(in []string, field string) ([]string, error) {
	out := make([]string, 0, len(in))
	seen := map[string]bool{}
	for _, c := range in {
		code := strings.ToUpper(strings.TrimSpace(c))
		if !isCountryCode(code) {
			return nil, fault.FieldError(field, "%q is not an ISO 3166-1 alpha-2 country code", c)
		}
		if !seen[code] {
			seen[code] = true
			out = append(out, code)
		}
	}
	return out, nil
}

// reservedCountryCodes are ISO 3166-1 codes that are exceptionally or transitionally
// reserved rather than assigned, which x/text still accepts as regions.
var reservedCountryCodes = map[string]bool{
	"AC": true, "CP": true, "DG": true, "EA": true, "EU": true, "EZ": true, "FX": true,
	"IC": true, "SU": true, "TA": true, "UK": true, "UN": true,
}

// isCountryCode reports whether code is an assigned ISO 3166-1 alpha-2 code.
func isCountryCode(code string) bool {
	if reservedCountryCodes[code] || len(code) != 2 || code[0] < 'A' || code[0] > 'Z' || code[1] < 'A' || code[1] > 'Z' {
		return false
	}
	region, err := language.ParseRegion(code)
	return err == nil && region.String() == code && region.IsCountry()
}
