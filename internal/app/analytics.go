package app

import (
	"context"
	"log/slog"
	"math"
	"net/http"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/vidra-dev/vidra/internal/analytics"
	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
)

// analyticsParts are the analytics ingest pieces of an app: the one batched
// writer of the process and the beacon collector.
type analyticsParts struct {
	writer    *analytics.Writer
	collector *analytics.Collector
	store     *analytics.SQLStore
}

// newAnalytics starts the analytics writer and builds the collector.
func newAnalytics(cfg config.Config, db *database.DB, mp *mediaParts, log *slog.Logger) *analyticsParts {
	w := analytics.NewWriter(mp.analytics, analytics.WriterOptions{QueueSize: cfg.Analytics.QueueSize, Log: log})
	c := analytics.NewCollector(db.Client, db.SQL, mp.signer, mp.policies, w, analytics.CollectorOptions{
		AllowHeadless: cfg.Analytics.AllowHeadless,
		CountryHeader: cfg.Media.CountryHeader,
		RatePerIP:     cfg.Analytics.RatePerIP,
		BurstPerIP:    int(math.Ceil(cfg.Analytics.RatePerIP * 3)),
		Log:           log,
	})
	mp.play.Delivery = w
	return &analyticsParts{writer: w, collector: c, store: mp.analytics}
}

// AnalyticsWriter is the app's analytics writer (tests flush it).
func (a *App) AnalyticsWriter() *analytics.Writer { return a.analytics.writer }

// metrics are the analytics writer's figures for /metrics.
func (p *analyticsParts) metrics() []prometheus.Collector {
	return []prometheus.Collector{prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "vidra_analytics_unattributed_drops_total",
		Help: "Analytics inputs refused or dropped for projects not known to exist (made-up project ids): counted here, never stored.",
	}, func() float64 { return float64(p.writer.Stats().UnattributedDrops) })}
}

// collectHandlers are the ingest paths below /collect/v1; they authorise by
// playback token or the project's public playback, not by a principal.
func (p *analyticsParts) collectHandlers() map[string]http.Handler {
	return map[string]http.Handler{
		"/{projectId}/events": tokenAuthorised("analytics beacon", http.HandlerFunc(p.collector.ServeEvents)),
		"/{projectId}/cmcd":   tokenAuthorised("analytics CMCD report", http.HandlerFunc(p.collector.ServeCMCD)),
	}
}

// close writes what the analytics queue holds, within the shutdown timeout,
// then releases the store's prepared statement.
func (p *analyticsParts) close(ctx context.Context) error {
	if err := p.writer.Close(ctx); err != nil {
		return err
	}
	return p.store.Close()
}
