// Command demo starts a Vidra cluster on this machine for people to try (`make
// demo-cluster`): three API replicas and two workers of a freshly built vidra on
// one PostgreSQL database (created on VIDRA_TEST_POSTGRES_URL's server, dropped
// at the end) and one S3-compatible server (versitygw), behind HAProxy. It prints
// the address and each process's pid and log, and stops everything on Ctrl-C.
// Kill a process (kill -9 <pid>) to watch the others carry on.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidra-dev/vidra/internal/cluster"
	"github.com/vidra-dev/vidra/internal/testdb"
)

func main() {
	if err := run(); err != nil {
		slog.Error("demo cluster", "err", err)
		os.Exit(1)
	}
}

func run() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	dir, err := os.MkdirTemp("", "vidra-cluster-")
	if err != nil {
		return err
	}
	bin, err := cluster.Build(dir)
	if err != nil {
		return err
	}
	pg := os.Getenv("VIDRA_TEST_POSTGRES_URL")
	if pg == "" {
		pg = testdb.DefaultPostgresURL
	}
	c, err := cluster.Start(ctx, cluster.Options{Binary: bin, Dir: dir, PostgresURL: pg, Workers: 2})
	if err != nil {
		return err
	}
	defer c.Stop()
	fmt.Printf("Vidra cluster at %s (HAProxy, round robin)\n", c.URL)
	fmt.Printf("database %s, S3 %s bucket %s\n", c.DatabaseURL, c.S3.Endpoint, c.S3.Bucket)
	for _, name := range []string{"r1", "r2", "r3", "w1", "w2"} {
		if p := c.Process(name); p != nil {
			fmt.Printf("  %s pid %d log %s\n", name, p.Pid(), p.LogPath())
		}
	}
	fmt.Println("Ctrl-C stops it and drops the database.")
	<-ctx.Done()
	return nil
}
