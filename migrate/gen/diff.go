package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"text/template"

	atlasmigrate "ariga.io/atlas/sql/migrate"
	"ariga.io/atlas/sql/sqltool"
	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"entgo.io/ent/dialect/sql/schema"
	"github.com/lib/pq"
	_ "modernc.org/sqlite"

	entmigrate "github.com/vidra-dev/vidra/ent/migrate"
)

// diffSQLite replays folder on an empty SQLite database in a temporary
// directory (a file rather than :memory:, which would give every pooled
// connection its own empty database) and writes the difference.
func diffSQLite(ctx context.Context, folder, name, version string) (bool, error) {
	tmp, err := os.MkdirTemp("", "vidra-migrate-dev-")
	if err != nil {
		return false, err
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(tmp, "dev.db")+"?_pragma=foreign_keys(1)")
	if err != nil {
		return false, err
	}
	defer func() { _ = db.Close() }()
	return diff(ctx, db, dialect.SQLite, folder, name, version)
}

// diffPostgres replays folder on a throwaway database created on the server
// of adminURL, dropped afterwards, and writes the difference.
func diffPostgres(ctx context.Context, adminURL, folder, name, version string) (bool, error) {
	admin, err := sql.Open("postgres", adminURL)
	if err != nil {
		return false, err
	}
	defer func() { _ = admin.Close() }()
	if err := admin.PingContext(ctx); err != nil {
		return false, fmt.Errorf("reach dev PostgreSQL (VIDRA_DEV_POSTGRES_URL): %w", err)
	}
	suffix := make([]byte, 6)
	if _, err := rand.Read(suffix); err != nil {
		return false, err
	}
	devName := "vidra_migrate_dev_" + hex.EncodeToString(suffix)
	if _, err := admin.ExecContext(ctx, "CREATE DATABASE "+pq.QuoteIdentifier(devName)); err != nil {
		return false, fmt.Errorf("create dev database: %w", err)
	}
	defer func() {
		// A fresh context: the drop must run even when ctx has expired.
		_, _ = admin.ExecContext(context.Background(), "DROP DATABASE IF EXISTS "+pq.QuoteIdentifier(devName)+" WITH (FORCE)")
	}()
	u, err := url.Parse(adminURL)
	if err != nil {
		return false, err
	}
	u.Path = "/" + devName
	db, err := sql.Open("postgres", u.String())
	if err != nil {
		return false, err
	}
	defer func() { _ = db.Close() }()
	return diff(ctx, db, dialect.Postgres, folder, name, version)
}

// diff replays the migration folder on the empty dev database db, compares
// the result with the ent schema and writes new migration files plus
// atlas.sum. It reports whether it wrote anything.
func diff(ctx context.Context, db *sql.DB, dialectName, folder, name, version string) (bool, error) {
	dir, err := sqltool.NewGolangMigrateDir(folder)
	if err != nil {
		return false, err
	}
	fmtr, err := formatter(version)
	if err != nil {
		return false, err
	}
	err = entmigrate.NewSchema(entsql.OpenDB(dialectName, db)).NamedDiff(ctx, name,
		schema.WithDir(dir),
		schema.WithFormatter(fmtr),
		schema.WithMigrationMode(schema.ModeReplay),
		schema.WithDialect(dialectName),
		schema.WithDropColumn(true),
		schema.WithDropIndex(true),
		schema.WithErrNoPlan(true),
	)
	switch {
	case errors.Is(err, atlasmigrate.ErrNoPlan):
		return false, nil
	case err != nil:
		return false, err
	}
	return true, nil
}

// formatter is sqltool.GolangMigrateFormatter with a fixed version instead
// of the time of each call, so both dialects' files share one version.
func formatter(version string) (atlasmigrate.Formatter, error) {
	funcs := template.FuncMap{"rev": reverse}
	parse := func(s string) *template.Template {
		return template.Must(template.New("").Funcs(funcs).Parse(s))
	}
	return atlasmigrate.NewTemplateFormatter(
		parse(version+"{{ with .Name }}_{{ . }}{{ end }}.up.sql"),
		parse(`{{ range .Changes }}{{ with .Comment }}-- {{ println . }}{{ end }}{{ printf "%s;\n" .Cmd }}{{ end }}`),
		parse(version+"{{ with .Name }}_{{ . }}{{ end }}.down.sql"),
		parse(`{{ range $c := rev .Changes }}{{ with $stmts := .ReverseStmts }}{{ with $c.Comment }}-- reverse: {{ println . }}{{ end }}{{ range $stmts }}{{ printf "%s;\n" . }}{{ end }}{{ end }}{{ end }}`),
	)
}

// reverse returns the changes in reverse order, for the down migration.
func reverse(changes []*atlasmigrate.Change) []*atlasmigrate.Change {
	rev := make([]*atlasmigrate.Change, len(changes))
	for i, c := range changes {
		rev[len(changes)-1-i] = c
	}
	return rev
}
