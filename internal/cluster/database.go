package cluster

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"

	_ "github.com/lib/pq" // PostgreSQL driver
)

// createDatabase creates a fresh database on the server adminURL reaches and
// returns its URL and a function that drops it.
func createDatabase(ctx context.Context, adminURL string) (string, func() error, error) {
	admin, err := sql.Open("postgres", adminURL)
	if err != nil {
		return "", nil, err
	}
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "vidra_cluster_" + hex.EncodeToString(b)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+name); err != nil {
		_ = admin.Close()
		return "", nil, fmt.Errorf("create database: %w", err)
	}
	u, err := url.Parse(adminURL)
	if err != nil {
		_ = admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() error {
		defer func() { _ = admin.Close() }()
		_, err := admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		return err
	}
	return u.String(), drop, nil
}
