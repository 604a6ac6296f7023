package webhooks

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/netguard"
)

func TestCheckURL(t *testing.T) {
	for _, tc := range []struct {
		url        string
		allowPlain bool
		ok         bool
	}{
		{"https://hooks.example.com/vidra", false, true},
		{"https://hooks.example.com:8443/vidra?x=1", false, true},
		{"https://127.0.0.1/hook", false, true}, // addresses are checked when dialled, not here
		{"http://hooks.example.com/vidra", false, false},
		{"http://hooks.example.com/vidra", true, true},
		{"http://127.0.0.1:8080/hook", true, true},
		{"ftp://hooks.example.com/", true, false},
		{"hooks.example.com/vidra", true, false},
		{"/relative", true, false},
		{"https://", false, false},
		{"https://:443/x", false, false},
		{"https://user:pass@hooks.example.com/", false, false},
		{"https://hooks.example.com/#frag", false, false},
		{"://bad", false, false},
		{"", false, false},
	} {
		err := CheckURL(tc.url, tc.allowPlain)
		if (err == nil) != tc.ok {
			t.Errorf("CheckURL(%q, plain=%v) = %v, want ok=%v", tc.url, tc.allowPlain, err, tc.ok)
		}
	}
}

// TestDeliveryClientRefusesNonPublicAddresses sends through the delivery
// client to a real server on loopback: without AllowPrivate the connection is
// refused before it is made; with it the request arrives.
func TestDeliveryClientRefusesNonPublicAddresses(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) { hits++ }))
	defer srv.Close()
	res, err := newHTTPClient(5*time.Second, false).Post(srv.URL, "application/json", strings.NewReader("{}"))
	if err == nil {
		_ = res.Body.Close()
		t.Fatal("the delivery client reached a loopback server")
	}
	if !errors.Is(err, errRefusedAddress) || !errors.Is(err, netguard.ErrRefused) {
		t.Errorf("error = %v, want errRefusedAddress wrapping netguard.ErrRefused", err)
	}
	if hits != 0 {
		t.Fatalf("the server saw %d requests", hits)
	}
	res, err = newHTTPClient(5*time.Second, true).Post(srv.URL, "application/json", strings.NewReader("{}"))
	if err != nil {
		t.Fatalf("with private networks allowed: %v", err)
	}
	_ = res.Body.Close()
	if hits != 1 {
		t.Fatalf("the server saw %d requests, want 1", hits)
	}
}
