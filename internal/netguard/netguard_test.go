package netguard

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestCheckAddr(t *testing.T) {
	for _, tc := range []struct {
		ip     string
		public bool
	}{
		{"93.184.216.34", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"::ffff:8.8.8.8", true},
		{"127.0.0.1", false},
		{"127.1.2.3", false},
		{"::1", false},
		{"::ffff:127.0.0.1", false},
		{"10.0.0.1", false},
		{"172.16.5.4", false},
		{"192.168.1.1", false},
		{"169.254.169.254", false}, // cloud metadata
		{"100.64.0.1", false},      // carrier-grade NAT (RFC 6598)
		{"100.100.100.200", false}, // a cloud's metadata service inside 100.64.0.0/10
		{"198.18.0.1", false},      // benchmarking (RFC 2544)
		{"198.19.255.255", false},
		{"240.0.0.1", false}, // reserved
		{"255.255.255.255", false},
		{"192.0.0.170", false},
		{"192.0.2.1", false},
		{"192.88.99.1", false},
		{"0.0.0.0", false},
		{"224.0.0.1", false},
		{"64:ff9b::7f00:1", false},  // NAT64 well-known prefix, 127.0.0.1 inside
		{"64:ff9b:1::a00:1", false}, // local-use NAT64 (RFC 8215)
		{"2002:7f00:1::1", false},   // 6to4 of 127.0.0.1
		{"2001:db8::1", false},      // documentation
		{"2001::1", false},          // Teredo, IETF protocol assignments
		{"fe80::1", false},          // link-local
		{"fc00::1", false},          // unique local
		{"fd00:ec2::254", false},    // a cloud's IPv6 metadata address (ULA)
		{"ff02::1", false},          // multicast
		{"::", false},               // unspecified
		{"::ffff:169.254.169.254", false},
	} {
		err := CheckAddr(netip.MustParseAddr(tc.ip))
		if (err == nil) != tc.public {
			t.Errorf("CheckAddr(%s) = %v, want public=%v", tc.ip, err, tc.public)
		}
		if err != nil && !errors.Is(err, ErrRefused) {
			t.Errorf("CheckAddr(%s) = %v, does not wrap ErrRefused", tc.ip, err)
		}
	}
	if err := CheckAddr(netip.Addr{}); !errors.Is(err, ErrRefused) {
		t.Errorf("CheckAddr(zero) = %v, want ErrRefused", err)
	}
}

// TestControlRefusesTheDialledAddress dials a real loopback server through a
// guarded dialer: the connection is refused before it is made.
func TestControlRefusesTheDialledAddress(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits++ }))
	defer srv.Close()
	dialer := &net.Dialer{Timeout: 5 * time.Second, Control: Control}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}}
	req, _ := http.NewRequestWithContext(context.Background(), http.MethodGet, srv.URL, nil)
	res, err := client.Do(req)
	if err == nil {
		_ = res.Body.Close()
		t.Fatal("a guarded client reached a loopback server")
	}
	if !errors.Is(err, ErrRefused) {
		t.Errorf("error = %v, want one wrapping ErrRefused", err)
	}
	if hits != 0 {
		t.Errorf("the server saw %d requests", hits)
	}
	for _, tc := range []struct{ network, address string }{
		{"udp4", "8.8.8.8:53"},
		{"tcp4", "not an address"},
	} {
		if err := Control(tc.network, tc.address, nil); !errors.Is(err, ErrRefused) {
			t.Errorf("Control(%s, %s) = %v, want ErrRefused", tc.network, tc.address, err)
		}
	}
	if err := Control("tcp4", "8.8.8.8:8443", nil); err != nil {
		t.Errorf("Control(public address, any port) = %v", err)
	}
}
