package main

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lib/pq"
)

// kitSettings reads the kit's pg-bench.conf (the PostgreSQL settings every anchor
// figure was measured with) as name -> value.
func kitSettings(kitDir string) (map[string]string, []string, error) {
	f, err := os.Open(filepath.Join(kitDir, "pg-bench.conf"))
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	settings := map[string]string{}
	var order []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		name, value = strings.TrimSpace(name), strings.Trim(strings.TrimSpace(value), "'")
		settings[name] = value
		order = append(order, name)
	}
	return settings, order, sc.Err()
}

// applyKitSettings gives both benchmark databases the kit's settings that a database
// can carry (ALTER DATABASE ... SET: work_mem, jit, planner costs), so both sides run
// with what the anchors were measured with without restarting a shared server. It
// returns a note for the report naming what differs and needs the server's own
// configuration (shared_buffers, max_connections).
func applyKitSettings(ctx context.Context, admin *sql.DB, kitDir string, dbs ...string) (string, error) {
	settings, order, err := kitSettings(kitDir)
	if err != nil {
		return "", fmt.Errorf("the anchor kit: %w", err)
	}
	var applied, server []string
	for _, name := range order {
		if name == "listen_addresses" || name == "port" {
			continue
		}
		var context, current string
		err := admin.QueryRowContext(ctx, `SELECT context, current_setting(name) FROM pg_settings WHERE name = $1`, name).
			Scan(&context, &current)
		if err != nil {
			return "", fmt.Errorf("setting %s: %w", name, err)
		}
		want := settings[name]
		if context != "user" && context != "superuser" {
			if !strings.EqualFold(current, want) {
				server = append(server, fmt.Sprintf("%s %s (kit: %s)", name, current, want))
			}
			continue
		}
		for _, db := range dbs {
			q := `ALTER DATABASE ` + pq.QuoteIdentifier(db) + ` SET ` + pq.QuoteIdentifier(name) + ` = ` + pq.QuoteLiteral(want)
			if _, err := admin.ExecContext(ctx, q); err != nil {
				return "", fmt.Errorf("%s: %w", q, err)
			}
		}
		applied = append(applied, name+"="+want)
	}
	note := "kit's pg-bench.conf per database: " + strings.Join(applied, ", ")
	if len(server) > 0 {
		note += "; server-wide settings that differ from the kit (they need the server's configuration and a restart): " +
			strings.Join(server, ", ")
	}
	return note, nil
}
