package graph

import (
	"context"
	"errors"
	"net/url"

	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/netguard"
)

// checkSimulcastHost refuses a simulcast target URL whose host is, or
// resolves to, an address the outbound policy refuses (loopback, private,
// link-local, cloud metadata...), or does not resolve, with an INVALID_INPUT
// error on input.url that names no address. A URL of the wrong form is left
// to the field's own validation.
func (r *Resolver) checkSimulcastHost(ctx context.Context, rawURL string) error {
	if live.ValidateSimulcastURL(rawURL) != nil {
		return nil
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil
	}
	err = r.live.Outbound.CheckHost(ctx, u.Hostname())
	switch {
	case err == nil:
		return nil
	case errors.Is(err, netguard.ErrUnresolved):
		return FieldError("input.url", "the host name does not resolve")
	default:
		return FieldError("input.url", "must reach a public address: loopback, private, link-local and other special-purpose addresses are refused")
	}
}
