package gqlserver

import "testing"

func TestWebsocketOriginTrusted(t *testing.T) {
	apps := []string{"https://app.example.com", " http://localhost:3000/ "}
	for _, tc := range []struct {
		origin, host string
		want         bool
	}{
		{"", "api.example.com", true},                        // not a browser
		{"https://api.example.com", "api.example.com", true}, // the request's own host
		{"https://vidra.example.com", "10.0.0.5:8080", true}, // the public URL behind a proxy
		{"http://vidra.example.com", "10.0.0.5:8080", false}, // another scheme is another origin
		{"https://app.example.com", "api.example.com", true}, // an app origin
		{"http://localhost:3000", "api.example.com", true},   // an app origin, written loosely
		{"http://localhost:3001", "api.example.com", false},  // another port
		{"https://evil.example", "api.example.com", false},   // anyone else
		{"https://app.example.com.evil", "api.example.com", false},
		{"null", "api.example.com", false},                  // sandboxed pages, file: URLs
		{"ftp://app.example.com", "app.example.com", false}, // not a web origin
	} {
		if got := websocketOriginTrusted(tc.origin, tc.host, "https://vidra.example.com", apps); got != tc.want {
			t.Errorf("origin %q on host %q: %v, want %v", tc.origin, tc.host, got, tc.want)
		}
	}
}
