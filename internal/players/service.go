package players

import (
	"context"
	"net/url"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/fault"
	"github.com/vidra-dev/vidra/internal/txn"
)

// Service runs the rules of players and advertisements.
type Service struct {
	client *ent.Client
}

// New builds a Service over the root ent client; a context's own client (a
// transaction's) takes its place.
func New(client *ent.Client) *Service { return &Service{client: client} }

// db is the ent client of ctx (a transaction's) or the root client.
func (s *Service) db(ctx context.Context) *ent.Client { return txn.Client(ctx, s.client) }

// checkHTTPURL checks that raw is an absolute http or https URL with a host
// and no credentials; field names the input.
func checkHTTPURL(raw, field string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return fault.FieldError(field, "%s must be an absolute http or https URL", field)
	}
	return nil
}

// checkOptionalURL is checkHTTPURL for a URL that may be empty.
func checkOptionalURL(raw, field string) error {
	if raw == "" {
		return nil
	}
	return checkHTTPURL(raw, field)
}
