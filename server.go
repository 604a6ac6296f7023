// Command vidra is the Vidra video platform server.
//
// With no configuration it serves the embedded mode: SQLite and local files under
// ./data. See docs/operations/configuration.md for the VIDRA_*
// environment variables.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	os.Exit(command(os.Args[1:]))
}

// command runs the server, or the `worker` or `ingest` process its first argument
// names, until SIGTERM or SIGINT, and returns the process's exit code; its deferred
// clean-up runs before main exits.
func command(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	serve := run
	if len(args) > 0 {
		switch args[0] {
		case "worker":
			serve = runWorker
		case "ingest":
			serve = runIngest
		}
	}
	if err := serve(ctx, os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "vidra:", err)
		return 1
	}
	return 0
}

// run starts the server (and the admin and analytics listeners when configured) and
// blocks until ctx ends (SIGTERM or SIGINT), then lets requests in flight finish
// (within the shutdown timeout) before closing the database.
func run(ctx context.Context, getenv func(string) string, logOut io.Writer) error {
	cfg, err := config.FromEnv(getenv)
	if err != nil {
		return err
	}
	log := app.NewLogger(cfg, logOut)
	slog.SetDefault(log)
	tuneGC(getenv, log)

	a, err := app.New(ctx, cfg, app.Options{Version: version, Log: log})
	if err != nil {
		return err
	}
	defer func() { _ = a.Close() }()
	if cfg.Ingest.Enabled {
		// The zero-setup default takes live publishers too (VIDRA_INGEST=false
		// leaves them to `vidra ingest` nodes).
		if err := a.StartIngest(ctx); err != nil {
			return err
		}
	}

	listeners := []struct {
		name, addr string
		handler    http.Handler
	}{
		{"main", cfg.Addr, a.Handler},
		{"admin", cfg.AdminAddr, a.AdminHandler},
		{"analytics", cfg.AnalyticsAddr, a.AnalyticsHandler},
		{"debug", cfg.DebugAddr, debugHandler()},
	}
	var servers []*http.Server
	serveErr := make(chan error, len(listeners))
	for _, l := range listeners {
		if l.addr == "" {
			continue
		}
		srv := app.NewServer(l.addr, l.handler, cfg.HTTP)
		servers = append(servers, srv)
		log.Info("listening", "listener", l.name, "addr", l.addr, "public_url", cfg.PublicURL)
		go func() { serveErr <- fmt.Errorf("%s listener: %w", l.name, srv.ListenAndServe()) }()
	}

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	a.BeginShutdown()
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	var errs []error
	// The main listener drains first: the admin listener's /metrics still
	// shows the requests in flight meanwhile.
	for _, srv := range servers {
		if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errs = append(errs, fmt.Errorf("shutdown %s: %w", srv.Addr, err))
		}
	}
	// What is still served now (past the timeout, or a WebSocket, which
	// Shutdown does not wait for) is cut when the process exits: a proxy
	// logs no such request, so this record counts them.
	if cut := a.RequestsInFlight(); len(cut) > 0 {
		var total int64
		for _, n := range cut {
			total += n
		}
		log.Warn("shutdown cut requests in flight", "requests", total, "by_listener", cut,
			"timeout", cfg.ShutdownTimeout.String())
	}
	if err := errors.Join(errs...); err != nil {
		return err
	}
	log.Info("stopped")
	return nil
}
