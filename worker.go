package main

import (
	"context"
	"io"
	"log/slog"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/config"
)

// runWorker is `vidra worker`: it runs only the job workers (transcoding, imports,
// the sweeper) against the configured database and storage, serving no HTTP,
// until ctx ends; then running jobs get the shutdown timeout to finish.
func runWorker(ctx context.Context, getenv func(string) string, logOut io.Writer) error {
	cfg, err := config.FromEnv(getenv)
	if err != nil {
		return err
	}
	cfg.Media.Workers = true
	log := app.NewLogger(cfg, logOut).With("role", "worker")
	slog.SetDefault(log)
	a, err := app.New(ctx, cfg, app.Options{Version: version, Log: log, Role: "worker"})
	if err != nil {
		return err
	}
	defer func() { _ = a.Close() }()
	log.Info("worker running", "media_concurrency", cfg.Media.MediaConcurrency)
	<-ctx.Done()
	log.Info("worker stopping", "timeout", cfg.ShutdownTimeout.String())
	return nil
}
