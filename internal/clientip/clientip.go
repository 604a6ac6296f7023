// Package clientip finds the address of the client behind an HTTP request: the
// connection's peer, or, when the peer is a trusted proxy, the address the
// proxies recorded in X-Forwarded-For. Everything that keys on or records the
// client's address (sign-in rate limits, sessions, the audit log, the access
// log) reads it through Of.
package clientip

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Proxies are the networks whose connections are trusted to report the client's
// address in X-Forwarded-For (VIDRA_TRUSTED_PROXIES). None by default.
type Proxies []netip.Prefix

// ParseProxies reads a comma-separated list of CIDRs ("10.0.0.0/8, fd00::/8");
// a bare address stands for itself alone. Empty means trust none.
func ParseProxies(s string) (Proxies, error) {
	var out Proxies
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			addr, err := netip.ParseAddr(part)
			if err != nil || addr.Zone() != "" {
				return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8 or an address", part)
			}
			addr = addr.Unmap()
			out = append(out, netip.PrefixFrom(addr, addr.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not a CIDR such as 10.0.0.0/8: %v", part, err)
		}
		if p.Addr().Is4In6() && p.Bits() >= 96 { // ::ffff:10.0.0.0/104 is 10.0.0.0/8
			p = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}

// trusts reports whether addr is in one of the trusted networks.
func (p Proxies) trusts(addr netip.Addr) bool {
	for _, n := range p {
		if n.Contains(addr) {
			return true
		}
	}
	return false
}

// ClientIP is the client's address for a request that arrived over a connection
// from r.RemoteAddr. A peer outside the trusted networks is the client, whatever
// it sends. A trusted peer's X-Forwarded-For is read from the right (each proxy
// appends the address it was connected from): the first address that is not
// itself a trusted proxy is the client, so entries a client wrote on the left are
// never believed. When every entry is a trusted proxy the leftmost is the
// client; an entry that is not an address ends the walk at the hop before it.
func (p Proxies) ClientIP(r *http.Request) string {
	return p.resolve(r).ip
}

// resolve finds the client's address of a request and whether its connection
// came from a trusted proxy (see ClientIP).
func (p Proxies) resolve(r *http.Request) found {
	peer, ok := parseAddr(r.RemoteAddr)
	if !ok {
		return found{ip: r.RemoteAddr}
	}
	if !p.trusts(peer) {
		return found{ip: peer.String()}
	}
	client := peer
	hops := forwardedFor(r.Header)
	for i := len(hops) - 1; i >= 0; i-- {
		addr, ok := parseAddr(hops[i])
		if !ok {
			break
		}
		client = addr
		if !p.trusts(addr) {
			break
		}
	}
	return found{ip: client.String(), viaProxy: true}
}

// forwardedFor lists the X-Forwarded-For entries of every such header, in order.
func forwardedFor(h http.Header) []string {
	var out []string
	for _, line := range h.Values("X-Forwarded-For") {
		for _, e := range strings.Split(line, ",") {
			out = append(out, strings.TrimSpace(e))
		}
	}
	return out
}

// parseAddr reads an address with or without a port ("10.0.0.1", "10.0.0.1:443",
// "[2001:db8::1]:443", "2001:db8::1"), IPv4-mapped IPv6 as IPv4, without a zone.
func parseAddr(s string) (netip.Addr, bool) {
	if host, _, err := net.SplitHostPort(s); err == nil {
		s = host
	}
	addr, err := netip.ParseAddr(strings.Trim(s, "[]"))
	if err != nil {
		return netip.Addr{}, false
	}
	return addr.Unmap().WithZone(""), true
}

type contextKey struct{}

// found is what Middleware learnt of a request.
type found struct {
	ip       string
	viaProxy bool
}

// Middleware finds each request's client address once, with the proxies trusted,
// for Of to return; it runs before everything that reads the address. A request
// whose connection is not from a trusted proxy loses the headers by which a proxy
// tells the address the client asked for (forwardedOrigin), so nothing after it
// (tusd's upload Location, say) builds a URL from what a client claims.
func Middleware(p Proxies) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			f := p.resolve(r)
			r = r.WithContext(context.WithValue(r.Context(), contextKey{}, f))
			if !f.viaProxy && hasForwardedOrigin(r.Header) {
				r.Header = r.Header.Clone()
				for _, name := range forwardedOrigin {
					r.Header.Del(name)
				}
			}
			next.ServeHTTP(w, r)
		})
	}
}

// forwardedOrigin are the headers that tell the scheme and host a client asked a
// proxy for; only a trusted proxy's are believed.
var forwardedOrigin = []string{"X-Forwarded-Host", "X-Forwarded-Proto", "X-Forwarded-Port", "X-Forwarded-Ssl", "Forwarded"}

func hasForwardedOrigin(h http.Header) bool {
	for _, name := range forwardedOrigin {
		if _, ok := h[name]; ok {
			return true
		}
	}
	return false
}

// Of is the client's address of a request: what Middleware found, or, for a
// request that did not pass through it, the connection's peer (no proxy trusted).
func Of(r *http.Request) string {
	if f, ok := r.Context().Value(contextKey{}).(found); ok {
		return f.ip
	}
	return Peer(r)
}

// ViaTrustedProxy reports whether the request's connection came from a trusted
// proxy, whose headers about the client (its country, say) may be believed. A
// request that did not pass through Middleware trusts none.
func ViaTrustedProxy(r *http.Request) bool {
	f, ok := r.Context().Value(contextKey{}).(found)
	return ok && f.viaProxy
}

// Peer is the address of the connection's other end, whatever it forwards.
func Peer(r *http.Request) string {
	return Proxies(nil).ClientIP(r)
}
