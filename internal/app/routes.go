package app

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/vidra-dev/vidra/graph/model"
	billingstripe "github.com/vidra-dev/vidra/internal/billing/stripe"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/crossorigin"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/studio"
	"github.com/vidra-dev/vidra/rest"
)

// routes builds the main listener's router and those of the admin and analytics
// listeners. It fails when a REST row does not validate against the schema.
func (a *App) routes(opts Options) error {
	restHandler, err := rest.New(a.Resolver.NewExecutor(opts.Limits), a.Resolver.Schema().Schema(), rest.Table(), rest.Options{
		AdminAPIKey:   a.Config.AdminAPIKey,
		MaxUploadSize: opts.Limits.MaxUploadSize,
		Collect:       a.analytics.collectHandlers(),
		Gateways:      map[string]http.Handler{billingstripe.WebhookPath: a.stripeWebhook()},
		Idempotency:   a.Resolver.Idempotency(),
		Log:           a.log,
	})
	if err != nil {
		return fmt.Errorf("rest: %w", err)
	}
	metrics := newHTTPMetrics(a.media.meter.UnflushedBytes)
	metrics.registry.MustRegister(a.analytics.metrics()...)
	a.inFlight = newInFlight("main", "admin", "analytics")
	metrics.registry.MustRegister(a.inFlight.collectors()...)
	metrics.registry.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{
		Name: "vidra_images_made_total",
		Help: "Pictures of the image API (stills, animations) this process made with ffmpeg; served from the cache they are not counted.",
	}, func() float64 { return float64(a.media.play.ImagesMade()) }))
	base := func(listener string) chi.Router {
		r := chi.NewRouter()
		r.Use(a.inFlight.middleware(listener))
		r.Use(middleware.RequestID)
		r.Use(clientip.Middleware(a.Config.TrustedProxies))
		r.Use(metrics.middleware)
		r.Use(accessLog(a.log))
		r.Use(middleware.Recoverer)
		r.Use(a.Resolver.Authenticate)
		return r
	}

	r := base("main")
	// One CORS policy for playback, uploads, REST and GraphQL (package crossorigin).
	r.Use(crossorigin.New(crossorigin.Options{
		AppOrigins:    a.Config.HTTP.AppOrigins,
		Playback:      playback.NewOriginChecker(a.DB.Client, a.media.policies).Allowed,
		RequestAPIKey: a.Resolver.Credentials().APIKeyAdmitsRequest,
		AnyAPIKey:     a.Resolver.Credentials().AnyAPIKeyAdmits,
		Log:           a.log,
	}).Middleware)
	if a.Config.HTTP.Studio {
		r.Use(studio.Handoff)
	}
	gql := a.Resolver.NewHandler(opts.Limits)
	r.Group(func(api chi.Router) {
		api.Use(noStore)
		api.Handle("/graphql", gql)
		restHandler.Register(api, rest.HostMain, rest.HostAdmin, rest.HostAnalytics)
	})
	if a.Config.HTTP.Playground {
		page, err := playgroundHandler("Vidra GraphQL", "/graphql")
		if err != nil {
			return err
		}
		r.Handle("/playground", page)
	}
	if a.Config.HTTP.Studio {
		console, err := studio.New(studio.Options{Dir: a.Config.HTTP.StudioDir, PublicURL: a.Config.PublicURL})
		if err != nil {
			return err
		}
		r.Get("/", studio.Redirect)
		r.Handle(studio.Prefix+"*", console)
	}
	// Metrics are for the operator: behind the admin key here, open on the
	// admin listener (a private address).
	r.Handle("/metrics", requireAdminKey(a.Config.AdminAPIKey, metrics.handler()))
	r.Get("/health", a.serveHealth)
	r.Get("/health/live", serveLiveness)
	r.Get("/health/ready", a.serveReadiness)
	// Uploaded avatars are bytes from blob storage, not a GraphQL operation.
	r.Get("/v1/avatars/*", func(w http.ResponseWriter, req *http.Request) {
		a.Resolver.ServeAvatar(w, req, "avatars/"+chi.URLParam(req, "*"))
	})
	// Uploads and playback are bytes, not GraphQL operations (internal/app/media_routes.go).
	a.mediaRoutes(r)
	a.Handler = r

	admin := base("admin")
	admin.Use(noStore)
	admin.Handle("/metrics", metrics.handler())
	restHandler.Register(admin, rest.HostAdmin)
	a.AdminHandler = admin

	analytics := base("analytics")
	analytics.Use(noStore)
	restHandler.Register(analytics, rest.HostAnalytics)
	a.AnalyticsHandler = analytics
	return nil
}

// serveHealth answers 200 when every dependency is healthy and 503 otherwise, with
// the outcome of each check. It stays a plain handler for load balancers; /v1/health
// is the REST row of the same query.
func (a *App) serveHealth(w http.ResponseWriter, r *http.Request) {
	writeHealth(w, a.Resolver.CheckHealth(r.Context()), "healthy", "unhealthy")
}

// serveReadiness is the readiness probe: 200 when this process can serve its
// role (database, storage and queue; ffmpeg only where media jobs run), 503
// with the failing checks otherwise.
func (a *App) serveReadiness(w http.ResponseWriter, r *http.Request) {
	writeHealth(w, a.Resolver.CheckReadiness(r.Context()), "ready", "not ready")
}

// serveLiveness is the liveness probe: the process answers. It checks nothing
// else, so a database outage does not get every replica restarted.
func serveLiveness(w http.ResponseWriter, _ *http.Request) {
	writeHealth(w, &model.Health{Ok: true, Checks: []*model.HealthCheck{}}, "live", "")
}

// writeHealth writes a health report in the REST envelope: 200 and okMessage
// when it is ok, 503 and failMessage otherwise.
func writeHealth(w http.ResponseWriter, health *model.Health, okMessage, failMessage string) {
	status, message := http.StatusOK, okMessage
	if !health.Ok {
		status, message = http.StatusServiceUnavailable, failMessage
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"success": health.Ok, "message": message, "result": health})
}
