// Package config reads Vidra's configuration from VIDRA_* environment variables.
// Every default serves the embedded mode: SQLite and local files under the data dir.
package config

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/clientip"
)

// Config is the whole configuration of a Vidra process, validated once at start
// and passed down; nothing reads the environment after this.
type Config struct {
	// Addr is the main listen address (VIDRA_ADDR).
	Addr string
	// DataDir holds the embedded database and local blobs (VIDRA_DATA_DIR).
	DataDir string
	// DatabaseURL selects PostgreSQL when set (postgres://...); empty means the
	// embedded SQLite at <DataDir>/vidra.db (VIDRA_DATABASE_URL).
	DatabaseURL string
	// StorageURL is where blobs live (file:// or s3://); empty means
	// <DataDir>/blobs (VIDRA_STORAGE_URL).
	StorageURL string
	// PublicURL is the address clients see, for links and upload URLs (VIDRA_PUBLIC_URL).
	PublicURL string
	// AdminAddr optionally serves the admin routes on their own address (VIDRA_ADMIN_ADDR).
	AdminAddr string
	// AnalyticsAddr optionally serves the analytics routes on their own address (VIDRA_ANALYTICS_ADDR).
	AnalyticsAddr string
	// DebugAddr optionally serves Go's runtime profiles (net/http/pprof) on their own
	// address, meant for loopback only; off while empty (VIDRA_DEBUG_ADDR).
	DebugAddr string
	// AdminAPIKey is the admin host's key; admin routes are off while it is empty (VIDRA_ADMIN_API_KEY).
	AdminAPIKey string
	// Regions of this deployment, as "id:Name,id2:Name 2"; the first is the default (VIDRA_REGIONS).
	Regions []Region
	// LogLevel is debug, info, warn or error (VIDRA_LOG_LEVEL).
	LogLevel slog.Level
	// LogFormat is json or text (VIDRA_LOG_FORMAT).
	LogFormat string
	// ShutdownTimeout bounds how long requests in flight may finish after SIGTERM (VIDRA_SHUTDOWN_TIMEOUT).
	ShutdownTimeout time.Duration
	// TrustedProxies are the networks whose connections may report the client's
	// address in X-Forwarded-For; none by default (VIDRA_TRUSTED_PROXIES, CIDRs).
	TrustedProxies clientip.Proxies
	// Database configures the PostgreSQL connections (internal/config/database.go).
	Database Database
	// Media configures jobs, uploads, transcoding, imports and playback (internal/config/media.go).
	Media Media
	// Auth configures accounts and sign-in (internal/config/auth.go).
	Auth Auth
	// Captions configures automatic captions' speech engine (internal/config/captions.go).
	Captions Captions
	// Webhooks configures webhook deliveries (internal/config/webhooks.go).
	Webhooks Webhooks
	// HTTP configures the listeners' timeouts and what they expose (internal/config/http.go).
	HTTP HTTP
	// Stripe configures billing's card gateway (internal/config/stripe.go); off without a key.
	Stripe Stripe
	// Analytics configures analytics ingest and storage (internal/config/analytics.go).
	Analytics Analytics
	// Ingest configures the live ingest listeners (internal/config/ingest.go).
	Ingest Ingest
	// LiveURLs are the live ingest addresses shown to publishers (internal/config/live_urls.go).
	LiveURLs LiveURLs
	// Seller is the issuer printed on invoice PDFs (internal/config/billing_seller.go).
	Seller BillingSeller
}

// Region is one region a deployment serves from.
type Region struct {
	ID   string
	Name string
}

// FromEnv reads the configuration through getenv (os.Getenv in production, a map in
// tests), applies defaults and validates it.
func FromEnv(getenv func(string) string) (Config, error) {
	get := func(name, def string) string {
		if v := strings.TrimSpace(getenv(name)); v != "" {
			return v
		}
		return def
	}
	c := Config{
		Addr:          get("VIDRA_ADDR", ":8080"),
		DataDir:       get("VIDRA_DATA_DIR", "./data"),
		DatabaseURL:   get("VIDRA_DATABASE_URL", ""),
		StorageURL:    get("VIDRA_STORAGE_URL", ""),
		PublicURL:     get("VIDRA_PUBLIC_URL", ""),
		AdminAddr:     get("VIDRA_ADMIN_ADDR", ""),
		AnalyticsAddr: get("VIDRA_ANALYTICS_ADDR", ""),
		DebugAddr:     get("VIDRA_DEBUG_ADDR", ""),
		AdminAPIKey:   get("VIDRA_ADMIN_API_KEY", ""),
		LogFormat:     get("VIDRA_LOG_FORMAT", "json"),
	}
	var errs []error
	if err := c.LogLevel.UnmarshalText([]byte(get("VIDRA_LOG_LEVEL", "info"))); err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_LOG_LEVEL: %w", err))
	}
	timeout, err := time.ParseDuration(get("VIDRA_SHUTDOWN_TIMEOUT", "30s"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_SHUTDOWN_TIMEOUT: %w", err))
	}
	c.ShutdownTimeout = timeout
	regions, err := parseRegions(get("VIDRA_REGIONS", "local:Local"))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_REGIONS: %w", err))
	}
	c.Regions = regions
	proxies, err := clientip.ParseProxies(get("VIDRA_TRUSTED_PROXIES", ""))
	if err != nil {
		errs = append(errs, fmt.Errorf("VIDRA_TRUSTED_PROXIES: %w", err))
	}
	c.TrustedProxies = proxies
	var dbErrs []error
	c.Database, dbErrs = readDatabase(get)
	errs = append(errs, dbErrs...)
	var mediaErrs []error
	c.Media, mediaErrs = readMedia(get)
	errs = append(errs, mediaErrs...)
	var captionErrs []error
	c.Captions, captionErrs = readCaptions(get)
	errs = append(errs, captionErrs...)
	var analyticsErrs []error
	c.Analytics, analyticsErrs = readAnalytics(get)
	errs = append(errs, analyticsErrs...)
	var ingestErrs []error
	c.Ingest, ingestErrs = readIngest(get)
	errs = append(errs, ingestErrs...)
	var webhookErrs []error
	c.Webhooks, webhookErrs = readWebhooks(get)
	errs = append(errs, webhookErrs...)
	var stripeErrs []error
	c.Stripe, stripeErrs = readStripe(get)
	errs = append(errs, stripeErrs...)
	if c.StorageURL == "" {
		abs, err := filepath.Abs(filepath.Join(c.DataDir, "blobs"))
		if err != nil {
			errs = append(errs, fmt.Errorf("VIDRA_DATA_DIR: %w", err))
		}
		c.StorageURL = "file://" + filepath.ToSlash(abs)
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + displayHost(c.Addr)
	}
	var liveErrs []error
	c.LiveURLs, liveErrs = readLiveURLs(get, c.PublicURL)
	errs = append(errs, liveErrs...)
	var httpErrs []error
	c.HTTP, httpErrs = readHTTP(get)
	errs = append(errs, httpErrs...)
	var authErrs []error
	c.Auth, authErrs = readAuth(get)
	errs = append(errs, authErrs...)
	var sellerErrs []error
	c.Seller, sellerErrs = readBillingSeller(get)
	errs = append(errs, sellerErrs...)
	errs = append(errs, c.validate()...)
	if err := errors.Join(errs...); err != nil {
		return Config{}, fmt.Errorf("invalid configuration: %w", err)
	}
	return c, nil
}

// validate checks every field and returns one error per problem.
func (c Config) validate() []error {
	var errs []error
	for name, addr := range map[string]string{"VIDRA_ADDR": c.Addr, "VIDRA_ADMIN_ADDR": c.AdminAddr, "VIDRA_ANALYTICS_ADDR": c.AnalyticsAddr, "VIDRA_DEBUG_ADDR": c.DebugAddr} {
		if addr == "" && name != "VIDRA_ADDR" {
			continue
		}
		if _, _, err := net.SplitHostPort(addr); err != nil {
			errs = append(errs, fmt.Errorf("%s: %q is not host:port: %w", name, addr, err))
		}
	}
	if c.DatabaseURL != "" {
		u, err := url.Parse(c.DatabaseURL)
		if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
			errs = append(errs, fmt.Errorf("VIDRA_DATABASE_URL: want postgres://user@host:port/db (or empty for the embedded SQLite)"))
		}
	}
	if u, err := url.Parse(c.StorageURL); err != nil || (u.Scheme != "file" && u.Scheme != "s3") {
		errs = append(errs, fmt.Errorf("VIDRA_STORAGE_URL: want file:///path or s3://bucket?region=name"))
	}
	if u, err := url.Parse(c.PublicURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		errs = append(errs, fmt.Errorf("VIDRA_PUBLIC_URL: want an absolute http(s) URL"))
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		errs = append(errs, fmt.Errorf("VIDRA_LOG_FORMAT: want json or text"))
	}
	if c.ShutdownTimeout <= 0 {
		errs = append(errs, fmt.Errorf("VIDRA_SHUTDOWN_TIMEOUT: must be positive"))
	}
	return errs
}

// parseRegions reads "id:Name,id2:Name 2".
func parseRegions(s string) ([]Region, error) {
	var regions []Region
	seen := map[string]bool{}
	for _, part := range strings.Split(s, ",") {
		id, name, ok := strings.Cut(strings.TrimSpace(part), ":")
		id, name = strings.TrimSpace(id), strings.TrimSpace(name)
		if !ok || id == "" || name == "" {
			return nil, fmt.Errorf("%q is not id:Name", part)
		}
		if seen[id] {
			return nil, fmt.Errorf("region %q is listed twice", id)
		}
		seen[id] = true
		regions = append(regions, Region{ID: id, Name: name})
	}
	return regions, nil
}

// displayHost turns a listen address into one a client on this machine can use.
func displayHost(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}
