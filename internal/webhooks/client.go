package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/vidra-dev/vidra/internal/netguard"
)

// errRefusedAddress is returned when an endpoint resolves to an address that
// configuration does not allow (loopback, private, link-local).
var errRefusedAddress = errors.New("refused: the endpoint resolves to a non-public address")

// CheckURL refuses endpoint URLs that can never receive deliveries: not https
// (or http when allowPlain), no host, or credentials in the URL.
func CheckURL(raw string, allowPlain bool) error {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" || u.Hostname() == "" {
		return errors.New("must be an absolute https URL")
	}
	switch {
	case u.Scheme == "https":
	case u.Scheme == "http" && allowPlain:
	case u.Scheme == "http":
		return errors.New("must use https")
	default:
		return errors.New("must be an absolute https URL")
	}
	if u.User != nil {
		return errors.New("must not carry credentials")
	}
	if u.Fragment != "" {
		return errors.New("must not have a fragment")
	}
	return nil
}

// newHTTPClient returns the client deliveries are sent with: the timeout bounds
// the whole request, redirects are not followed (the 3xx is the answer), no proxy
// is used, and unless allowPrivate the connection is made through netguard's
// Policy, which refuses a name with a non-public address and checks the address
// actually dialled, so a name cannot be pointed at an internal service after it
// was saved.
func newHTTPClient(timeout time.Duration, allowPrivate bool) *http.Client {
	outbound := netguard.Policy{AllowPrivate: allowPrivate}
	dial := func(ctx context.Context, network, address string) (net.Conn, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		c, err := outbound.DialContext(ctx, network, address)
		if errors.Is(err, netguard.ErrRefused) {
			return nil, fmt.Errorf("%w: %w", errRefusedAddress, err)
		}
		return c, err
	}
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			Proxy:               nil,
			DialContext:         dial,
			TLSHandshakeTimeout: timeout,
			MaxIdleConnsPerHost: 16,
			IdleConnTimeout:     90 * time.Second,
		},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}
