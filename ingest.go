package main

import (
	"context"
	"io"
	"log/slog"

	"github.com/vidra-dev/vidra/internal/app"
	"github.com/vidra-dev/vidra/internal/config"
)

// runIngest is `vidra ingest`: a live ingest node (RTMP, RTMPS, SRT) against
// the configured database and storage, serving no HTTP and running no job
// workers, until ctx ends. Run several for scale: a stream's lease in the
// database keeps one publisher per stream across them.
func runIngest(ctx context.Context, getenv func(string) string, logOut io.Writer) error {
	cfg, err := config.FromEnv(getenv)
	if err != nil {
		return err
	}
	cfg.Media.Workers = false
	cfg.Ingest.Enabled = true
	log := app.NewLogger(cfg, logOut).With("role", "ingest")
	slog.SetDefault(log)
	a, err := app.New(ctx, cfg, app.Options{Version: version, Log: log, Role: "ingest"})
	if err != nil {
		return err
	}
	defer func() { _ = a.Close() }()
	if err := a.StartIngest(ctx); err != nil {
		return err
	}
	<-ctx.Done()
	log.Info("ingest stopping")
	return nil
}
