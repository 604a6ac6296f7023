// Command vidra is the Vidra video platform server.
//
// With no configuration it serves the embedded mode: SQLite and local files under
// ./data. See README.md for the VIDRA_* environment variables.
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
	"time"

	"github.com/vidra-dev/vidra/app"
	"github.com/vidra-dev/vidra/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	serve := run
	if len(os.Args) > 1 && os.Args[1] == "worker" {
		serve = runWorker
	}
	if err := serve(ctx, os.Getenv, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "vidra:", err)
		os.Exit(1)
	}
}

// run starts the server and blocks until ctx ends (SIGTERM or SIGINT), then lets
// requests in flight finish (within the shutdown timeout) before closing the database.
func run(ctx context.Context, getenv func(string) string, logOut io.Writer) error {
	cfg, err := config.FromEnv(getenv)
	if err != nil {
		return err
	}
	log := app.NewLogger(cfg, logOut)
	slog.SetDefault(log)

	a, err := app.New(ctx, cfg, app.Options{Version: version, Log: log})
	if err != nil {
		return err
	}
	defer a.Close()

	srv := &http.Server{
		Addr:              cfg.Addr,
		Handler:           a.Handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	serveErr := make(chan error, 1)
	go func() {
		log.Info("listening", "addr", cfg.Addr, "public_url", cfg.PublicURL, "playground", cfg.PublicURL+"/playground")
		serveErr <- srv.ListenAndServe()
	}()

	select {
	case err := <-serveErr:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "timeout", cfg.ShutdownTimeout.String())
	shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
