package crossorigin

import "testing"

// TestParseOrigin checks the normalised form of each accepted origin and the
// refusal of anything that is not scheme://host[:port] or "*".
func TestParseOrigin(t *testing.T) {
	ok := []struct{ in, want string }{
		{"*", "*"},
		{" * ", "*"},
		{"https://app.example.com", "https://app.example.com"},
		{" HTTPS://App.Example.COM/ ", "https://app.example.com"},
		{"https://app.example.com//", "https://app.example.com"},
		{"http://localhost:8080", "http://localhost:8080"},
		{"http://127.0.0.1:3000/", "http://127.0.0.1:3000"},
		{"https://[::1]:8443", "https://[::1]:8443"},
	}
	for _, c := range ok {
		got, err := ParseOrigin(c.in)
		if err != nil || got != c.want {
			t.Errorf("ParseOrigin(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	bad := []string{
		"",
		"/",
		"**",
		"app.example.com",
		"//app.example.com",
		"ftp://app.example.com",
		"ws://app.example.com",
		"https://",
		"https://app.example.com/path",
		"https://app.example.com/?",
		"https://app.example.com?q=1",
		"https://app.example.com#top",
		"https://user@app.example.com",
		"https://user:pw@app.example.com",
		"https://app.example.com:port",
		"https://*.example.com/x",
		"null",
	}
	for _, in := range bad {
		got, err := ParseOrigin(in)
		if err == nil {
			t.Errorf("ParseOrigin(%q) = %q, want an error", in, got)
			continue
		}
		want := `"` + in + `" is not an origin (want https://app.example.com[:port] or *)`
		if err.Error() != want {
			t.Errorf("ParseOrigin(%q) error %q, want %q", in, err, want)
		}
	}
}

// TestMatchAny checks that an origin matches only the same scheme, host and
// port (case and surrounding space aside), or "*".
func TestMatchAny(t *testing.T) {
	app := []string{"https://app.example.com", "http://localhost:8080"}
	cases := []struct {
		name    string
		origins []string
		origin  string
		want    bool
	}{
		{"exact", app, "https://app.example.com", true},
		{"second entry", app, "http://localhost:8080", true},
		{"upper case and spaces", app, " HTTPS://APP.Example.com ", true},
		{"other scheme", app, "http://app.example.com", false},
		{"explicit default port", app, "https://app.example.com:443", false},
		{"other port", app, "http://localhost:8081", false},
		{"no port", app, "http://localhost", false},
		{"subdomain", app, "https://evil.app.example.com", false},
		{"suffix host", app, "https://app.example.com.evil.test", false},
		{"prefix of an entry", app, "https://app.example.co", false},
		{"trailing slash", app, "https://app.example.com/", false},
		{"opaque origin", app, "null", false},
		{"empty origin", app, "", false},
		{"no origins", nil, "https://app.example.com", false},
		{"wildcard", []string{"https://a.test", "*"}, "https://anything.test:9999", true},
		{"wildcard admits null", []string{"*"}, "null", true},
		{"a wildcard host is not a pattern", []string{"https://*.example.com"}, "https://app.example.com", false},
	}
	for _, c := range cases {
		if got := MatchAny(c.origins, c.origin); got != c.want {
			t.Errorf("%s: MatchAny(%q, %q) = %v, want %v", c.name, c.origins, c.origin, got, c.want)
		}
	}
}
