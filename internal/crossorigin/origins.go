package crossorigin

import (
	"fmt"
	"net/url"
	"strings"
)

// ParseOrigin normalises a configured origin: "*", or scheme://host[:port] with
// nothing after it (a trailing slash is dropped). Anything else is an error.
func ParseOrigin(s string) (string, error) {
	o := strings.ToLower(strings.TrimRight(strings.TrimSpace(s), "/"))
	if o == "*" {
		return o, nil
	}
	u, err := url.Parse(o)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
		u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", fmt.Errorf("%q is not an origin (want https://app.example.com[:port] or *)", s)
	}
	return o, nil
}

// MatchAny reports whether origin (a request's Origin header) is one of the
// normalised origins, or they hold "*".
func MatchAny(origins []string, origin string) bool {
	origin = strings.ToLower(strings.TrimSpace(origin))
	for _, o := range origins {
		if o == "*" || o == origin {
			return true
		}
	}
	return false
}
