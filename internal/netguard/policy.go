package netguard

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/netip"
)

// ErrUnresolved is wrapped when a host name has no address.
var ErrUnresolved = errors.New("the host name does not resolve")

// Resolver looks up a host name's addresses; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Policy applies the address policy to host names: for checking a URL when it
// is saved, and for connecting to it later (when its name may resolve
// elsewhere). The zero Policy refuses non-public addresses and resolves with
// net.DefaultResolver.
type Policy struct {
	// AllowPrivate lets names resolve to, and connections reach, any address
	// (VIDRA_ALLOW_PRIVATE_NETWORKS, for tests and development).
	AllowPrivate bool
	// Resolver resolves host names; net.DefaultResolver when nil.
	Resolver Resolver
}

// resolver is the policy's resolver.
func (p Policy) resolver() Resolver {
	if p.Resolver == nil {
		return net.DefaultResolver
	}
	return p.Resolver
}

// Resolve returns the addresses of host (a name, or an address literal) when
// every one of them is allowed: one non-public address refuses the name (an
// error wrapping ErrRefused), since a connection may be made to any of them.
// A name without addresses is an error wrapping ErrUnresolved.
func (p Policy) Resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	var addrs []netip.Addr
	if ip, err := netip.ParseAddr(host); err == nil {
		addrs = []netip.Addr{ip.WithZone("")}
	} else {
		found, err := p.resolver().LookupNetIP(ctx, "ip", host)
		if err != nil || len(found) == 0 {
			return nil, fmt.Errorf("%w: %s", ErrUnresolved, host)
		}
		addrs = found
	}
	if p.AllowPrivate {
		return addrs, nil
	}
	for _, ip := range addrs {
		if err := CheckAddr(ip); err != nil {
			return nil, err
		}
	}
	return addrs, nil
}

// CheckHost returns nil when connections to host are allowed: always with
// AllowPrivate (nothing is looked up), otherwise when Resolve accepts it.
func (p Policy) CheckHost(ctx context.Context, host string) error {
	if p.AllowPrivate {
		return nil
	}
	_, err := p.Resolve(ctx, host)
	return err
}

// DialContext connects to address ("host:port", network tcp, tcp4 or tcp6)
// on the addresses Resolve allows, the first that answers. The name is not
// looked up again by the dialer, so it cannot be pointed elsewhere between
// the check and the connection; the dialer's Control checks the address
// actually dialled as well.
func (p Policy) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	addrs, err := p.Resolve(ctx, host)
	if err != nil {
		return nil, err
	}
	d := net.Dialer{}
	if !p.AllowPrivate {
		d.Control = Control
	}
	var errs []error
	for _, ip := range addrs {
		c, err := d.DialContext(ctx, network, net.JoinHostPort(ip.Unmap().String(), port))
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}
