// Package netguard decides which addresses Vidra's outbound requests may reach:
// media imports pulled from a URL, webhook deliveries and live simulcast
// targets (Policy). It refuses every
// prefix of IANA's IPv4 and IPv6 special-purpose address registries (loopback,
// private use, shared address space 100.64.0.0/10, benchmarking, reserved,
// documentation, NAT64, ...), multicast, and IPv6 outside global unicast.
//
// The registries come from code.dny.dev/ssrf, whose prefix lists are
// generated from IANA's published registries and kept in step with them, so
// Vidra does not carry its own copy to fall behind.
package netguard

import (
	"errors"
	"fmt"
	"net/netip"
	"syscall"

	"code.dny.dev/ssrf"
)

// ErrRefused is wrapped by every refusal: the address is not a public one.
var ErrRefused = errors.New("refused: not a public address")

// guardian checks addresses only: any port and both TCP families are allowed,
// since imports and webhooks may name any port.
var guardian = ssrf.New(ssrf.WithAnyPort())

// CheckAddr returns nil when ip is a public unicast address, and an error
// wrapping ErrRefused otherwise. IPv4-mapped IPv6 addresses are judged by the
// IPv4 address they carry.
func CheckAddr(ip netip.Addr) error {
	if !ip.IsValid() {
		return fmt.Errorf("%w (invalid address)", ErrRefused)
	}
	if ip.Is4In6() {
		ip = ip.Unmap()
	}
	if err := guardian.SafeAddr(ip); err != nil {
		return fmt.Errorf("%w (%s)", ErrRefused, ip)
	}
	return nil
}

// Control is a net.Dialer Control function: it refuses the connection when the
// address actually dialled (after DNS resolution, so a name cannot be pointed
// at an internal service later) is not public. The error wraps ErrRefused.
func Control(network, address string, _ syscall.RawConn) error {
	switch network {
	case "tcp", "tcp4", "tcp6":
	default:
		return fmt.Errorf("%w (network %s)", ErrRefused, network)
	}
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w (%s)", ErrRefused, address)
	}
	return CheckAddr(ap.Addr())
}
