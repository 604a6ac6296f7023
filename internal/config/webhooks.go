package config

import (
	"fmt"
	"strconv"
	"time"
)

// Webhooks is the configuration of webhook deliveries.
type Webhooks struct {
	// AllowPrivateNetworks lets endpoints be plain http and reach loopback, private
	// and link-local addresses (VIDRA_ALLOW_PRIVATE_NETWORKS, shared with imports).
	AllowPrivateNetworks bool
	// Timeout bounds one delivery request (VIDRA_WEBHOOK_TIMEOUT, default 10s).
	Timeout time.Duration
	// RetryBase is the first retry's delay; each next one doubles, with jitter
	// (VIDRA_WEBHOOK_RETRY_BASE, default 5s).
	RetryBase time.Duration
	// RetryMaxDelay caps one retry's delay (VIDRA_WEBHOOK_RETRY_MAX_DELAY, default 12h).
	RetryMaxDelay time.Duration
	// RetryFor is how long a delivery is retried at least (VIDRA_WEBHOOK_RETRY_FOR, default 72h).
	RetryFor time.Duration
	// DisableAfter disables an endpoint whose deliveries have failed without a
	// success for this long (VIDRA_WEBHOOK_DISABLE_AFTER, default 120h = 5 days).
	DisableAfter time.Duration
	// SecretOverlap is how long the previous secret keeps signing after a rotation
	// (VIDRA_WEBHOOK_SECRET_OVERLAP, default 24h).
	SecretOverlap time.Duration
	// Concurrency is how many deliveries one process sends at once (VIDRA_WEBHOOK_CONCURRENCY, default 20).
	Concurrency int
}

// readWebhooks reads the Webhooks configuration through get (name, default).
func readWebhooks(get func(name, def string) string) (Webhooks, []error) {
	var errs []error
	duration := func(name, def string) time.Duration { return positiveDuration(get, &errs, name, def) }
	allow, err := strconv.ParseBool(get("VIDRA_ALLOW_PRIVATE_NETWORKS", "false"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_ALLOW_PRIVATE_NETWORKS: want true or false"))
	}
	conc, err := strconv.Atoi(get("VIDRA_WEBHOOK_CONCURRENCY", "20"))
	if err != nil || conc <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_WEBHOOK_CONCURRENCY: want a positive whole number"))
	}
	w := Webhooks{
		AllowPrivateNetworks: allow,
		Timeout:              duration("VIDRA_WEBHOOK_TIMEOUT", "10s"),
		RetryBase:            duration("VIDRA_WEBHOOK_RETRY_BASE", "5s"),
		RetryMaxDelay:        duration("VIDRA_WEBHOOK_RETRY_MAX_DELAY", "12h"),
		RetryFor:             duration("VIDRA_WEBHOOK_RETRY_FOR", "72h"),
		DisableAfter:         duration("VIDRA_WEBHOOK_DISABLE_AFTER", "120h"),
		SecretOverlap:        duration("VIDRA_WEBHOOK_SECRET_OVERLAP", "24h"),
		Concurrency:          conc,
	}
	if w.RetryBase > w.RetryMaxDelay {
		errs = append(errs, fmt.Errorf("VIDRA_WEBHOOK_RETRY_BASE: must not exceed VIDRA_WEBHOOK_RETRY_MAX_DELAY"))
	}
	return w, errs
}
