package database

import "net/url"

// WithApplicationName sets the application_name parameter of a postgres:// URL,
// which names the connection in pg_stat_activity, unless the URL has one (or
// does not parse: lib/pq then reports why).
func WithApplicationName(databaseURL, name string) string {
	u, err := url.Parse(databaseURL)
	if err != nil {
		return databaseURL
	}
	q := u.Query()
	if q.Get("application_name") != "" {
		return databaseURL
	}
	q.Set("application_name", name)
	u.RawQuery = q.Encode()
	return u.String()
}
