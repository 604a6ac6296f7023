package netguard

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"sync/atomic"
	"testing"
	"time"
)

// fixedResolver answers every name with its addresses.
type fixedResolver []netip.Addr

func (r fixedResolver) LookupNetIP(context.Context, string, string) ([]netip.Addr, error) {
	return r, nil
}

func TestPolicyResolve(t *testing.T) {
	ctx := context.Background()
	public := netip.MustParseAddr("8.8.8.8")
	for _, tc := range []struct {
		host    string
		answers fixedResolver
		want    error
	}{
		{"8.8.8.8", nil, nil},
		{"127.0.0.1", nil, ErrRefused},
		{"::1", nil, ErrRefused},
		{"fe80::1%eth0", nil, ErrRefused},
		{"169.254.169.254", nil, ErrRefused},
		{"sink.example", fixedResolver{public}, nil},
		{"sink.example", fixedResolver{netip.MustParseAddr("10.1.2.3")}, ErrRefused},
		{"sink.example", fixedResolver{public, netip.MustParseAddr("127.0.0.1")}, ErrRefused}, // one bad address refuses the name
		{"sink.example", fixedResolver{}, ErrUnresolved},
	} {
		_, err := Policy{Resolver: tc.answers}.Resolve(ctx, tc.host)
		if !errors.Is(err, tc.want) || (tc.want == nil && err != nil) {
			t.Errorf("%s -> %v: err %v, want %v", tc.host, tc.answers, err, tc.want)
		}
		if _, err := (Policy{Resolver: tc.answers, AllowPrivate: true}).Resolve(ctx, tc.host); tc.want == ErrRefused && err != nil {
			t.Errorf("%s with AllowPrivate: %v", tc.host, err)
		}
	}
	if _, err := (Policy{}).Resolve(ctx, "localhost"); !errors.Is(err, ErrRefused) {
		t.Errorf("localhost: %v", err)
	}
}

// TestPolicyDialRefusesWhatTheNameNowNames: a listener on loopback receives no
// connection from a dial of a name that resolves to loopback; with
// AllowPrivate it does.
func TestPolicyDialRefusesWhatTheNameNowNames(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = ln.Close() }()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			_ = c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(ln.Addr().String())
	loop := fixedResolver{netip.MustParseAddr("127.0.0.1")}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := (Policy{Resolver: loop}).DialContext(ctx, "tcp", net.JoinHostPort("sink.example", port)); !errors.Is(err, ErrRefused) {
		t.Fatalf("dial of a name on loopback: %v", err)
	}
	if n := accepted.Load(); n != 0 {
		t.Fatalf("the loopback listener got %d connections", n)
	}
	c, err := Policy{Resolver: loop, AllowPrivate: true}.DialContext(ctx, "tcp", net.JoinHostPort("sink.example", port))
	if err != nil {
		t.Fatalf("AllowPrivate: %v", err)
	}
	_ = c.Close()
}
