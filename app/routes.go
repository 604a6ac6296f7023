package app

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/99designs/gqlgen/graphql/playground"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/vidra-dev/vidra/clientip"
	"github.com/vidra-dev/vidra/rest"
)

// routes builds the main listener's router and those of the admin and analytics
// listeners. It fails when a REST row does not validate against the schema.
func (a *App) routes(opts Options) error {
	restHandler, err := rest.New(a.Resolver.NewExecutor(opts.Limits), a.Resolver.Schema().Schema(), rest.Table(), rest.Options{
		AdminAPIKey:   a.Config.AdminAPIKey,
		MaxUploadSize: opts.Limits.MaxUploadSize,
	})
	if err != nil {
		return fmt.Errorf("rest: %w", err)
	}
	metrics := newHTTPMetrics()
	base := func() chi.Router {
		r := chi.NewRouter()
		r.Use(middleware.RequestID)
		r.Use(clientip.Middleware(a.Config.TrustedProxies))
		r.Use(metrics.middleware)
		r.Use(accessLog(a.log))
		r.Use(middleware.Recoverer)
		r.Use(a.Resolver.Authenticate)
		return r
	}

	r := base()
	gql := a.Resolver.NewHandler(opts.Limits)
	r.Group(func(api chi.Router) {
		api.Use(noStore)
		api.Handle("/graphql", gql)
		restHandler.Register(api, rest.HostMain, rest.HostAdmin, rest.HostAnalytics)
	})
	r.Handle("/playground", playground.Handler("Vidra GraphQL", "/graphql"))
	r.Handle("/metrics", metrics.handler())
	r.Get("/health", a.serveHealth)
	// Uploaded avatars are bytes from blob storage, not a GraphQL operation.
	r.Get("/v1/avatars/*", func(w http.ResponseWriter, req *http.Request) {
		a.Resolver.ServeAvatar(w, req, "avatars/"+chi.URLParam(req, "*"))
	})
	// Uploads and playback are bytes, not GraphQL operations (app/media_routes.go).
	a.mediaRoutes(r)
	a.Handler = r

	admin := base()
	admin.Use(noStore)
	restHandler.Register(admin, rest.HostAdmin)
	a.AdminHandler = admin

	analytics := base()
	analytics.Use(noStore)
	restHandler.Register(analytics, rest.HostAnalytics)
	a.AnalyticsHandler = analytics
	return nil
}

// serveHealth answers 200 when every dependency is healthy and 503 otherwise, with
// the outcome of each check. It stays a plain handler for load balancers; /v1/health
// is the REST row of the same query.
func (a *App) serveHealth(w http.ResponseWriter, r *http.Request) {
	health := a.Resolver.CheckHealth(r.Context())
	status, message := http.StatusOK, "healthy"
	if !health.Ok {
		status, message = http.StatusServiceUnavailable, "unhealthy"
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"success": health.Ok, "message": message, "result": health})
}
