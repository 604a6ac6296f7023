package app

import (
	"net/http"
	"sync/atomic"

	"github.com/prometheus/client_golang/prometheus"
)

// inFlight counts the requests each listener is serving now, long-lived ones
// (WebSocket subscriptions, uploads) included, and knows whether the process
// is shutting down. During a shutdown's drain they are the requests its
// deadline will cut if they do not end (read on /metrics of the admin
// listener, which is shut down after the main one); at the end, those still
// counted are logged as cut (App.RequestsInFlight, server.go). A process that
// exits cannot be scraped afterwards, so the log record is the count's lasting
// trace, and the gauge is what a dashboard sees while it drains.
type inFlight struct {
	listeners    map[string]*atomic.Int64
	shuttingDown atomic.Bool
}

// newInFlight counts the named listeners' requests.
func newInFlight(listeners ...string) *inFlight {
	f := &inFlight{listeners: map[string]*atomic.Int64{}}
	for _, l := range listeners {
		f.listeners[l] = &atomic.Int64{}
	}
	return f
}

// middleware counts a request of the listener while its handler runs.
func (f *inFlight) middleware(listener string) func(http.Handler) http.Handler {
	n := f.listeners[listener]
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n.Add(1)
			defer n.Add(-1)
			next.ServeHTTP(w, r)
		})
	}
}

// collectors are the gauges of the counts and of the shutdown.
func (f *inFlight) collectors() []prometheus.Collector {
	var cs []prometheus.Collector
	for name, n := range f.listeners {
		cs = append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "vidra_http_requests_in_flight",
			Help: "Requests being served now, WebSocket subscriptions and uploads included, by listener. " +
				"While vidra_shutting_down is 1: the requests the shutdown timeout cuts if they do not end first.",
			ConstLabels: prometheus.Labels{"listener": name},
		}, func() float64 { return float64(n.Load()) }))
	}
	return append(cs, prometheus.NewGaugeFunc(prometheus.GaugeOpts{
		Name: "vidra_shutting_down",
		Help: "1 once the process received SIGTERM and drains its requests (VIDRA_SHUTDOWN_TIMEOUT), else 0.",
	}, func() float64 {
		if f.shuttingDown.Load() {
			return 1
		}
		return 0
	}))
}

// counts are the requests in flight by listener, those with any.
func (f *inFlight) counts() map[string]int64 {
	out := map[string]int64{}
	for name, n := range f.listeners {
		if v := n.Load(); v > 0 {
			out[name] = v
		}
	}
	return out
}

// BeginShutdown marks the process as draining (vidra_shutting_down 1).
func (a *App) BeginShutdown() { a.inFlight.shuttingDown.Store(true) }

// RequestsInFlight are the requests being served now by listener (main,
// admin, analytics), listeners with none left out: after the shutdown's
// drain, the requests the process's exit cuts.
func (a *App) RequestsInFlight() map[string]int64 { return a.inFlight.counts() }
