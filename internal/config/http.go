package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/crossorigin"
)

// Introspection modes of the GraphQL schema (VIDRA_INTROSPECTION).
const (
	IntrospectionOn            = "true"
	IntrospectionOff           = "false"
	IntrospectionAuthenticated = "authenticated"
)

// HTTP is the configuration of the HTTP listeners and of what they expose.
type HTTP struct {
	// ReadHeaderTimeout bounds reading a request's headers
	// (VIDRA_READ_HEADER_TIMEOUT, default 10s).
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, body included; an upload's
	// body instead must deliver 64 KiB in every ReadTimeout (VIDRA_READ_TIMEOUT,
	// default 60s).
	ReadTimeout time.Duration
	// Playground serves GraphiQL at /playground (VIDRA_PLAYGROUND, default true).
	Playground bool
	// Studio serves the web console at /studio/, with GET / redirecting there
	// (VIDRA_STUDIO, default true).
	Studio bool
	// StudioDir serves the console from this directory instead of the build
	// embedded in the binary (VIDRA_STUDIO_DIR: internal/studio/dist while
	// developing the console; default none).
	StudioDir string
	// Introspection is true (anyone may introspect the schema), false (nobody)
	// or authenticated (signed-in users and API keys) (VIDRA_INTROSPECTION,
	// default authenticated: anonymous callers may not map the schema).
	Introspection string
	// AppOrigins are the origins of the deployment's own web apps
	// (https://app.example.com), beside the server's own: the REST API and
	// GraphQL admit them from a browser on another origin (besides the origin
	// each API key is bound to), and their pages may open subscription
	// connections with a bearer token (VIDRA_APP_ORIGINS: comma-separated
	// scheme://host[:port], or * for any; default none).
	AppOrigins []string
	// WSMaxConnectionsPerCaller caps one user's or API key's open subscription
	// connections to one server (VIDRA_WS_MAX_CONNECTIONS_PER_CALLER, default 16).
	WSMaxConnectionsPerCaller int
	// WSMaxSubscriptionsPerConnection caps the subscriptions running on one
	// connection (VIDRA_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION, default 32).
	WSMaxSubscriptionsPerConnection int
	// APIConcurrency is how many GraphQL operations (REST calls included)
	// execute at once; the others wait in line, up to APIQueueWait
	// (VIDRA_API_CONCURRENCY, default 0: four per CPU).
	APIConcurrency int
	// APIQueueWait is how long an operation waits in line before it runs
	// anyway (VIDRA_API_QUEUE_WAIT, default 250ms).
	APIQueueWait time.Duration
	// WSCredentialRecheck is how often an open subscription connection's
	// session or API key is checked again; the connection ends when it no
	// longer holds (VIDRA_WS_CREDENTIAL_RECHECK, default 30s).
	WSCredentialRecheck time.Duration
	// WSResumeWindow is how long the change log keeps committed changes for
	// subscriptions resumed with `after` (VIDRA_WS_RESUME_WINDOW, default 15m).
	WSResumeWindow time.Duration
}

// readHTTP reads the HTTP configuration through get (name, default).
func readHTTP(get func(name, def string) string) (HTTP, []error) {
	var errs []error
	duration := func(name, def string) time.Duration { return positiveDuration(get, &errs, name, def) }
	playground, err := strconv.ParseBool(get("VIDRA_PLAYGROUND", "true"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_PLAYGROUND: want true or false"))
	}
	studio, err := strconv.ParseBool(get("VIDRA_STUDIO", "true"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_STUDIO: want true or false"))
	}
	introspection := get("VIDRA_INTROSPECTION", IntrospectionAuthenticated)
	switch introspection {
	case IntrospectionOn, IntrospectionOff, IntrospectionAuthenticated:
	default:
		errs = append(errs, fmt.Errorf("VIDRA_INTROSPECTION: want true, false or authenticated"))
	}
	var origins []string
	for _, o := range strings.Split(get("VIDRA_APP_ORIGINS", ""), ",") {
		if strings.TrimSpace(o) == "" {
			continue
		}
		norm, err := crossorigin.ParseOrigin(o)
		if err != nil {
			errs = append(errs, fmt.Errorf("VIDRA_APP_ORIGINS: %w", err))
			continue
		}
		origins = append(origins, norm)
	}
	positive := func(name, def string) int {
		n, err := strconv.Atoi(get(name, def))
		if err != nil || n <= 0 {
			errs = append(errs, fmt.Errorf("%s: want a positive integer", name))
		}
		return n
	}
	concurrency, err := strconv.Atoi(get("VIDRA_API_CONCURRENCY", "0"))
	if err != nil || concurrency < 0 {
		errs = append(errs, fmt.Errorf("VIDRA_API_CONCURRENCY: want 0 (four per CPU) or a positive integer"))
	}
	return HTTP{
		AppOrigins:                      origins,
		APIConcurrency:                  concurrency,
		APIQueueWait:                    duration("VIDRA_API_QUEUE_WAIT", "250ms"),
		WSMaxConnectionsPerCaller:       positive("VIDRA_WS_MAX_CONNECTIONS_PER_CALLER", "16"),
		WSMaxSubscriptionsPerConnection: positive("VIDRA_WS_MAX_SUBSCRIPTIONS_PER_CONNECTION", "32"),
		WSCredentialRecheck:             duration("VIDRA_WS_CREDENTIAL_RECHECK", "30s"),
		WSResumeWindow:                  duration("VIDRA_WS_RESUME_WINDOW", "15m"),
		ReadHeaderTimeout:               duration("VIDRA_READ_HEADER_TIMEOUT", "10s"),
		ReadTimeout:                     duration("VIDRA_READ_TIMEOUT", "60s"),
		Playground:                      playground,
		Studio:                          studio,
		StudioDir:                       get("VIDRA_STUDIO_DIR", ""),
		Introspection:                   introspection,
	}, errs
}

// positiveDuration reads the duration name (def when unset) through get, adding
// an error to errs when it is not a positive one.
func positiveDuration(get func(name, def string) string, errs *[]error, name, def string) time.Duration {
	v, err := time.ParseDuration(get(name, def))
	if err != nil || v <= 0 {
		*errs = append(*errs, fmt.Errorf("%s: want a positive duration such as 30s", name))
	}
	return v
}
