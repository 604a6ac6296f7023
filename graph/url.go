package graph

import "net/url"

// checkHTTPURL checks that raw is an absolute http or https URL with a host.
func checkHTTPURL(raw, field string) error {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return FieldError(field, "%s must be an absolute http or https URL", field)
	}
	return nil
}

// checkOptionalURL is checkHTTPURL for a URL that may be empty.
func checkOptionalURL(raw, field string) error {
	if raw == "" {
		return nil
	}
	return checkHTTPURL(raw, field)
}
