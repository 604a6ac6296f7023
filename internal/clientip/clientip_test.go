package clientip

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestParseProxies(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string // the prefixes, space separated; "error" for a refusal
	}{
		{"", ""},
		{" , ", ""},
		{"10.0.0.0/8", "10.0.0.0/8"},
		{"10.1.2.3/8, 192.168.0.0/16,fd00::/8", "10.0.0.0/8 192.168.0.0/16 fd00::/8"},
		{"127.0.0.1", "127.0.0.1/32"},
		{"::1", "::1/128"},
		{"::ffff:10.0.0.0/104", "10.0.0.0/8"},
		{"10.0.0.0/33", "error"},
		{"10.0.0/8", "error"},
		{"proxy.internal", "error"},
		{"10.0.0.0/8 192.168.0.0/16", "error"},
		{"fe80::1%eth0", "error"},
	} {
		p, err := ParseProxies(tc.in)
		got := ""
		for i, n := range p {
			if i > 0 {
				got += " "
			}
			got += n.String()
		}
		if err != nil {
			got = "error"
		}
		if got != tc.want {
			t.Errorf("ParseProxies(%q) = %q (%v), want %q", tc.in, got, err, tc.want)
		}
	}
}

func TestClientIP(t *testing.T) {
	trusted, err := ParseProxies("10.0.0.0/8, 2001:db8:cafe::/48")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, peer string
		xff        []string
		want       string
	}{
		{"untrusted peer, no header", "203.0.113.9:5000", nil, "203.0.113.9"},
		{"untrusted peer's header is ignored", "203.0.113.9:5000", []string{"198.51.100.1"}, "203.0.113.9"},
		{"untrusted peer's header is ignored even naming a proxy", "203.0.113.9:5000", []string{"10.0.0.2"}, "203.0.113.9"},
		{"trusted peer, no header", "10.0.0.1:5000", nil, "10.0.0.1"},
		{"trusted peer's header", "10.0.0.1:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"spoofed leftmost entries are ignored", "10.0.0.1:5000", []string{"1.2.3.4, 5.6.7.8, 198.51.100.1"}, "198.51.100.1"},
		{"a chain of trusted proxies is skipped", "10.0.0.1:5000", []string{"1.2.3.4, 198.51.100.1, 10.9.9.9, 10.0.0.7"}, "198.51.100.1"},
		{"entries of several header lines, in order", "10.0.0.1:5000", []string{"1.2.3.4, 198.51.100.1", "10.0.0.7"}, "198.51.100.1"},
		{"all entries trusted: the leftmost", "10.0.0.1:5000", []string{"10.0.0.5, 10.0.0.6"}, "10.0.0.5"},
		{"garbage at the right stops at the peer", "10.0.0.1:5000", []string{"198.51.100.1, unknown"}, "10.0.0.1"},
		{"garbage left of the client is not reached", "10.0.0.1:5000", []string{"<script>, 198.51.100.1"}, "198.51.100.1"},
		{"garbage behind a trusted hop stops at that hop", "10.0.0.1:5000", []string{"1.2.3.4, bad, 10.0.0.7"}, "10.0.0.7"},
		{"entries with ports", "10.0.0.1:5000", []string{"198.51.100.1:4711"}, "198.51.100.1"},
		{"IPv6 peer and entries", "[2001:db8:cafe::1]:443", []string{"2001:db8:1::5, [2001:db8:cafe::9]:80"}, "2001:db8:1::5"},
		{"IPv4-mapped peer is IPv4", "[::ffff:10.0.0.1]:5000", []string{"::ffff:198.51.100.1"}, "198.51.100.1"},
		{"untrusted IPv6 peer", "[2001:db8:1::1]:443", []string{"198.51.100.1"}, "2001:db8:1::1"},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = tc.peer
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := trusted.ClientIP(r); got != tc.want {
			t.Errorf("%s: ClientIP = %s, want %s", tc.name, got, tc.want)
		}
	}
}

// TestOfTrustsNoneWithoutTheMiddleware: a request that did not pass through the
// middleware gets its peer, and one that did gets what the middleware found.
func TestOfTrustsNoneWithoutTheMiddleware(t *testing.T) {
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.RemoteAddr = "10.0.0.1:5000"
	r.Header.Set("X-Forwarded-For", "198.51.100.1")
	if got := Of(r); got != "10.0.0.1" {
		t.Errorf("without the middleware: %s, want the peer", got)
	}
	trusted, _ := ParseProxies("10.0.0.0/8")
	var got string
	Middleware(trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = Of(r) })).
		ServeHTTP(httptest.NewRecorder(), r)
	if got != "198.51.100.1" {
		t.Errorf("through the middleware: %s, want the forwarded client", got)
	}
}

func TestViaTrustedProxy(t *testing.T) {
	trusted, _ := ParseProxies("10.0.0.0/8")
	for _, tc := range []struct {
		peer string
		want bool
	}{
		{"10.0.0.1:5000", true},
		{"[::ffff:10.0.0.1]:5000", true},
		{"198.51.100.1:5000", false},
		{"not an address", false},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.RemoteAddr = tc.peer
		if ViaTrustedProxy(r) {
			t.Errorf("%s without the middleware: trusted", tc.peer)
		}
		var got bool
		Middleware(trusted)(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { got = ViaTrustedProxy(r) })).
			ServeHTTP(httptest.NewRecorder(), r)
		if got != tc.want {
			t.Errorf("%s through the middleware: %v, want %v", tc.peer, got, tc.want)
		}
	}
}
