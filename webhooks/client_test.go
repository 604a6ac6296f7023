package webhooks

import (
	"net"
	"testing"
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

func TestPublicIP(t *testing.T) {
	for _, tc := range []struct {
		ip   string
		want bool
	}{
		{"93.184.216.34", true},
		{"8.8.8.8", true},
		{"2606:4700:4700::1111", true},
		{"127.0.0.1", false},
		{"127.1.2.3", false},
		{"::1", false},
		{"::ffff:127.0.0.1", false},
		{"10.0.0.1", false},
		{"172.16.5.4", false},
		{"192.168.1.1", false},
		{"169.254.169.254", false}, // cloud metadata
		{"fe80::1", false},
		{"fc00::1", false},
		{"0.0.0.0", false},
		{"::", false},
		{"224.0.0.1", false},
		{"255.255.255.255", false},
	} {
		if got := publicIP(net.ParseIP(tc.ip)); got != tc.want {
			t.Errorf("publicIP(%s) = %v, want %v", tc.ip, got, tc.want)
		}
	}
}
