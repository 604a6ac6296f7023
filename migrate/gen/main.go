// Command gen writes a new versioned migration for both dialects from the
// difference between the ent schema and the existing migrations:
//
//	go run ./migrate/gen [name]
//
// Run it from the module root. It replays migrate/sqlite on an empty SQLite
// database and migrate/postgres on a throwaway PostgreSQL database
// (VIDRA_DEV_POSTGRES_URL, which must allow CREATE DATABASE), diffs each with
// the ent schema, and writes nothing when the schema has not changed.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"entgo.io/ent/dialect"
)

// defaultDevPostgresURL is the PostgreSQL server used when
// VIDRA_DEV_POSTGRES_URL is empty.
const defaultDevPostgresURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable"

// validName keeps migration names to what golang-migrate file names allow.
var validName = regexp.MustCompile(`^[a-z0-9_]+$`)

func main() {
	dir := flag.String("dir", "migrate", "folder holding the postgres and sqlite migration folders")
	rehash := flag.Bool("rehash", false, "only rewrite atlas.sum of both folders, after adding a hand-written migration")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: go run ./migrate/gen [-dir migrate] [name]\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	name := "changes"
	if flag.NArg() > 0 {
		name = flag.Arg(0)
	}
	if flag.NArg() > 1 || !validName.MatchString(name) {
		flag.Usage()
		os.Exit(2)
	}
	if *rehash {
		if err := rehashSums(*dir); err != nil {
			slog.Error("rehash failed", "err", err)
			os.Exit(1)
		}
		return
	}
	pgURL := os.Getenv("VIDRA_DEV_POSTGRES_URL")
	if pgURL == "" {
		pgURL = defaultDevPostgresURL
	}
	if err := runWithin(5*time.Minute, *dir, name, pgURL); err != nil {
		slog.Error("migration generation failed", "err", err)
		os.Exit(1)
	}
}

// runWithin is run with a deadline of limit, cancelled before it returns.
func runWithin(limit time.Duration, dir, name, pgURL string) error {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	return run(ctx, dir, name, pgURL)
}

// run diffs both dialects; both get the same version so that one schema
// change has one version everywhere.
func run(ctx context.Context, dir, name, pgURL string) error {
	version := time.Now().UTC().Format("20060102150405")
	targets := []struct {
		dialect, folder string
		diff            func(context.Context, string, string, string) (bool, error)
	}{
		{dialect.SQLite, "sqlite", diffSQLite},
		{dialect.Postgres, "postgres", func(ctx context.Context, d, n, v string) (bool, error) {
			return diffPostgres(ctx, pgURL, d, n, v)
		}},
	}
	for _, t := range targets {
		folder := filepath.Join(dir, t.folder)
		if err := os.MkdirAll(folder, 0o755); err != nil {
			return err
		}
		wrote, err := t.diff(ctx, folder, name, version)
		if err != nil {
			return fmt.Errorf("%s: %w", t.dialect, err)
		}
		if wrote {
			slog.Info("wrote migration", "dialect", t.dialect, "dir", folder, "version", version, "name", name)
		} else {
			slog.Info("schema unchanged, nothing written", "dialect", t.dialect, "dir", folder)
		}
	}
	return nil
}
