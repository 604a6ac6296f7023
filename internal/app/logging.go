package app

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5/middleware"
	"github.com/vidra-dev/vidra/internal/clientip"
	"github.com/vidra-dev/vidra/internal/config"
)

// NewLogger builds the process logger from the configuration. Every line logged with
// a request's context carries that request's id.
func NewLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	var h slog.Handler
	if cfg.LogFormat == "text" {
		h = slog.NewTextHandler(w, opts)
	} else {
		h = slog.NewJSONHandler(w, opts)
	}
	return slog.New(requestIDHandler{h})
}

// requestIDHandler adds the request id found in a log call's context to its record.
type requestIDHandler struct {
	slog.Handler
}

// Handle implements slog.Handler.
func (h requestIDHandler) Handle(ctx context.Context, rec slog.Record) error {
	if id := middleware.GetReqID(ctx); id != "" {
		rec.AddAttrs(slog.String("request_id", id))
	}
	return h.Handler.Handle(ctx, rec)
}

// WithAttrs implements slog.Handler.
func (h requestIDHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return requestIDHandler{h.Handler.WithAttrs(attrs)}
}

// WithGroup implements slog.Handler.
func (h requestIDHandler) WithGroup(name string) slog.Handler {
	return requestIDHandler{h.Handler.WithGroup(name)}
}

// accessLog logs one line per request: method, route, status, size and duration.
func accessLog(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww, wrapped := w.(middleware.WrapResponseWriter)
			if !wrapped {
				// The metrics middleware, outside this one, has wrapped it already;
				// its status and byte count are the same.
				ww = middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			}
			start := time.Now()
			next.ServeHTTP(ww, r)
			if !log.Enabled(r.Context(), slog.LevelInfo) {
				return
			}
			remote := clientip.Of(r)
			attrs := []any{
				"method", r.Method,
				"path", r.URL.Path,
				"route", routePattern(r),
				"status", ww.Status(),
				"bytes", ww.BytesWritten(),
				"duration_ms", float64(time.Since(start).Microseconds()) / 1000,
				"remote", remote,
			}
			if remote != clientip.Peer(r) {
				// Forwarded by a trusted proxy: its address too.
				attrs = append(attrs, "peer", r.RemoteAddr)
			}
			log.InfoContext(r.Context(), "request", attrs...)
		})
	}
}
