package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lib/pq"
)

// dbURL is adminURL pointed at database name, as user (with password) when given.
func dbURL(adminURL, name, user, password string) string {
	u, err := url.Parse(adminURL)
	if err != nil {
		return adminURL
	}
	u.Path = "/" + name
	if user != "" {
		u.User = url.UserPassword(user, password)
	}
	q := u.Query()
	if q.Get("sslmode") == "" {
		q.Set("sslmode", "disable")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// openPG opens a pool and checks that it answers.
func openPG(ctx context.Context, dsn string) (*sql.DB, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("PostgreSQL at %s: %w", redact(dsn), err)
	}
	return db, nil
}

func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "?"
	}
	return u.Redacted()
}

// databaseExists says whether the cluster has a database of that name.
func databaseExists(ctx context.Context, admin *sql.DB, name string) (bool, error) {
	var n int
	err := admin.QueryRowContext(ctx, `SELECT count(*) FROM pg_database WHERE datname = $1`, name).Scan(&n)
	return n > 0, err
}

// setUpAnchorDB makes the kit's role bench/bench and database bench, and loads
// schema.sql and seed.sql there unless it already holds the seed (the kit's seed is
// deterministic, so equal counts mean equal data).
func setUpAnchorDB(ctx context.Context, log *slog.Logger, o options, admin *sql.DB) (string, error) {
	if _, err := admin.ExecContext(ctx, `DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'bench') THEN
    CREATE ROLE bench LOGIN PASSWORD 'bench';
  END IF;
END $$`); err != nil {
		return "", fmt.Errorf("create role bench: %w", err)
	}
	exists, err := databaseExists(ctx, admin, o.anchorDB)
	if err != nil {
		return "", err
	}
	if !exists {
		if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+pq.QuoteIdentifier(o.anchorDB)+` OWNER bench`); err != nil {
			return "", fmt.Errorf("create database %s: %w", o.anchorDB, err)
		}
	}
	dsn := dbURL(o.adminURL, o.anchorDB, "bench", "bench")
	db, err := openPG(ctx, dsn)
	if err != nil {
		return "", err
	}
	defer func() { _ = db.Close() }()
	var orgs, projects, folders, videos, captions int
	err = db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM organizations), (SELECT count(*) FROM projects),
		(SELECT count(*) FROM folders), (SELECT count(*) FROM videos), (SELECT count(*) FROM captions)`).
		Scan(&orgs, &projects, &folders, &videos, &captions)
	if err == nil && orgs == 1 && projects == 10 && folders == 200 && videos == 200000 && captions == 100000 && !o.reseed {
		log.Info("anchor database already seeded", "db", o.anchorDB)
		return dsn, nil
	}
	start := time.Now()
	log.Info("seeding the anchor database (kit's schema.sql + seed.sql)", "db", o.anchorDB)
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer func() { _ = conn.Close() }()
	for _, file := range []string{"schema.sql", "seed.sql"} {
		b, err := os.ReadFile(filepath.Join(o.kitDir, file))
		if err != nil {
			return "", fmt.Errorf("the anchor kit: %w", err)
		}
		if _, err := conn.ExecContext(ctx, `SET client_min_messages = warning`); err != nil {
			return "", err
		}
		for _, stmt := range splitScript(string(b)) {
			if _, err := conn.ExecContext(ctx, stmt); err != nil {
				return "", fmt.Errorf("%s: %w\n%s", file, err, firstLine(stmt))
			}
		}
	}
	log.Info("anchor database seeded", "db", o.anchorDB, "took", time.Since(start).Round(time.Millisecond))
	return dsn, nil
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if t := strings.TrimSpace(l); t != "" && !strings.HasPrefix(t, "--") {
			return t
		}
	}
	return s
}

// projectIDs lists the ids of the projects named "Project N", by name as the kit orders them.
func projectIDs(ctx context.Context, db *sql.DB, where string, args ...any) ([]string, error) {
	rows, err := db.QueryContext(ctx, `SELECT id::text FROM projects WHERE `+where+` ORDER BY name`, args...)
	if err != nil {
		return nil, err
	}
	defer func() { _ = rows.Close() }()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	if len(ids) != 10 {
		return nil, fmt.Errorf("want 10 projects, found %d", len(ids))
	}
	return ids, nil
}
