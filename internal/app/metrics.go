package app

import (
	"crypto/subtle"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// httpMetrics counts requests and measures their latency by route pattern (never by
// raw path, so ids do not explode the label set).
type httpMetrics struct {
	registry *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
}

// newHTTPMetrics registers the HTTP metrics, the usage meter's unflushed bytes
// and the Go runtime collectors on a registry of this app's own (several apps
// can live in one test process).
func newHTTPMetrics(unflushed func() int64) *httpMetrics {
	m := &httpMetrics{
		registry: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "vidra_http_requests_total",
			Help: "HTTP requests served, by method, route and status.",
		}, []string{"method", "route", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "vidra_http_request_duration_seconds",
			Help:    "HTTP request latency, by method and route.",
			Buckets: prometheus.DefBuckets,
		}, []string{"method", "route"}),
	}
	m.registry.MustRegister(m.requests, m.latency,
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "vidra_usage_unflushed_bytes",
			Help: "Delivered bytes counted in memory and not yet written to usage_hourly: what a kill -9 would lose (flushed every 10 s).",
		}, func() float64 { return float64(unflushed()) }))
	return m
}

// middleware records each request once it has been routed and served.
func (m *httpMetrics) middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
		start := time.Now()
		next.ServeHTTP(ww, r)
		route := routePattern(r)
		m.requests.WithLabelValues(r.Method, route, strconv.Itoa(ww.Status())).Inc()
		m.latency.WithLabelValues(r.Method, route).Observe(time.Since(start).Seconds())
	})
}

// handler serves the metrics in the Prometheus text format.
func (m *httpMetrics) handler() http.Handler {
	return promhttp.HandlerFor(m.registry, promhttp.HandlerOpts{Registry: m.registry})
}

// requireAdminKey serves next only to requests carrying the admin key in
// X-API-Key (401 otherwise); with no admin key configured, the route does not
// exist (404).
func requireAdminKey(adminKey string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if adminKey == "" {
			http.NotFound(w, r)
			return
		}
		key := r.Header.Get("X-API-Key")
		if key == "" || subtle.ConstantTimeCompare([]byte(key), []byte(adminKey)) != 1 {
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(http.StatusUnauthorized)
			_, _ = w.Write([]byte(`{"success":false,"message":"a valid admin key is required in X-API-Key"}` + "\n"))
			return
		}
		next.ServeHTTP(w, r)
	})
}

// routePattern is the chi route that served r, or "unmatched".
func routePattern(r *http.Request) string {
	if rc := chi.RouteContext(r.Context()); rc != nil {
		if p := rc.RoutePattern(); p != "" {
			return p
		}
	}
	return "unmatched"
}
