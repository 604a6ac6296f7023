package app

import (
	"encoding/json"
	"net/http"

	"github.com/99designs/gqlgen/graphql/playground"
	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
)

// routes builds the main listener's router.
func (a *App) routes(opts Options) http.Handler {
	metrics := newHTTPMetrics()
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(metrics.middleware)
	r.Use(accessLog(a.log))
	r.Use(middleware.Recoverer)

	gql := a.Resolver.NewHandler(opts.Limits)
	r.Handle("/graphql", gql)
	r.Handle("/playground", playground.Handler("Vidra GraphQL", "/graphql"))
	r.Handle("/metrics", metrics.handler())
	r.Get("/health", a.serveHealth)

	r.Route("/v1", func(r chi.Router) {
		r.Get("/", a.serveWelcome)
		r.Get("/health", a.serveHealth)
		r.Get("/regions", a.serveRegions)
		a.mediaRoutes(r)
	})
	return r
}

// serveHealth answers 200 when every dependency is healthy and 503 otherwise, with
// the outcome of each check.
func (a *App) serveHealth(w http.ResponseWriter, r *http.Request) {
	health := a.Resolver.CheckHealth(r.Context())
	status := http.StatusOK
	message := "healthy"
	if !health.Ok {
		status = http.StatusServiceUnavailable
		message = "unhealthy"
	}
	writeEnvelope(w, status, health.Ok, message, health)
}

// serveWelcome names the service and its version.
func (a *App) serveWelcome(w http.ResponseWriter, r *http.Request) {
	writeEnvelope(w, http.StatusOK, true, "welcome to vidra", map[string]string{
		"name":    "vidra",
		"version": a.Resolver.Version(),
	})
}

// serveRegions lists the deployment's regions.
func (a *App) serveRegions(w http.ResponseWriter, r *http.Request) {
	writeEnvelope(w, http.StatusOK, true, "regions fetched", a.Resolver.Regions())
}

// writeEnvelope writes the REST envelope of ROUTES.md.
func writeEnvelope(w http.ResponseWriter, status int, success bool, message string, result any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"success": success, "message": message, "result": result})
}
