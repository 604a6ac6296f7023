package rest_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/internal/apptest"
	"github.com/vidra-dev/vidra/migrate"
)

// schemaVersionResult is the result of GET /v1/migrate.
type schemaVersionResult struct {
	Version, Name, Latest string
	Dirty                 bool
	Pending               int
}

// schemaMigrationResult is one migration of GET /v1/migrate/debug and /test.
type schemaMigrationResult struct {
	Version, Name string
	AppliedAt     *time.Time `json:"applied_at"`
	DurationMs    *float64   `json:"duration_ms"`
}

// TestMigrateRowsOverREST covers the Migrate rows of docs/ROUTES.md: the public
// schema version, and the applied and pending migrations for the admin key,
// before and after the version table is moved back one migration.
func TestMigrateRowsOverREST(t *testing.T) {
	forEachOrgWorld(t, func(t *testing.T, w *orgWorld) {
		d := w.s.App.DB.Dialect
		available, err := migrate.Available(d)
		if err != nil || len(available) < 2 {
			t.Fatalf("Available = %v, %v", available, err)
		}
		last, previous := available[len(available)-1], available[len(available)-2]
		anon, admin := w.s.Anonymous(), http.Header{"X-Api-Key": {adminKey}}
		version := func() schemaVersionResult {
			var v schemaVersionResult
			decodeInto(t, callREST(t, anon, http.StatusOK, "GET", "/v1/migrate", ""), &v)
			return v
		}
		migrations := func(path string) []schemaMigrationResult {
			var list []schemaMigrationResult
			decodeInto(t, callREST(t, anon, http.StatusOK, "GET", path, "", admin), &list)
			return list
		}
		versionOf := func(m migrate.Migration) string { return strconv.FormatUint(uint64(m.Version), 10) }

		if v := version(); v.Version != versionOf(last) || v.Name != last.Name || v.Latest != versionOf(last) || v.Dirty || v.Pending != 0 {
			t.Fatalf("GET /v1/migrate = %+v, want version %d_%s, nothing pending", v, last.Version, last.Name)
		}
		applied := migrations("/v1/migrate/debug")
		if len(applied) != len(available) {
			t.Fatalf("applied = %d migrations, want %d", len(applied), len(available))
		}
		for i, a := range applied {
			if a.Version != versionOf(available[i]) || a.Name != available[i].Name ||
				a.AppliedAt == nil || a.AppliedAt.After(time.Now()) || a.DurationMs == nil || *a.DurationMs < 0 {
				t.Errorf("applied[%d] = %+v, want %+v with its time and duration", i, a, available[i])
			}
		}
		if pending := migrations("/v1/migrate/test"); len(pending) != 0 {
			t.Errorf("pending = %+v, want none", pending)
		}

		// Move the version table back one migration: the last one reads as pending.
		setVersion := func(v uint) {
			if _, err := w.s.App.DB.SQL.Exec(fmt.Sprintf("UPDATE schema_migrations SET version = %d", v)); err != nil {
				t.Fatal(err)
			}
		}
		setVersion(previous.Version)
		defer setVersion(last.Version)
		if v := version(); v.Version != versionOf(previous) || v.Name != previous.Name || v.Latest != versionOf(last) || v.Pending != 1 {
			t.Errorf("GET /v1/migrate one migration back = %+v", v)
		}
		if pending := migrations("/v1/migrate/test"); len(pending) != 1 || pending[0].Version != versionOf(last) || pending[0].Name != last.Name || pending[0].AppliedAt != nil {
			t.Errorf("pending one migration back = %+v, want %d_%s", pending, last.Version, last.Name)
		}
		if applied := migrations("/v1/migrate/debug"); len(applied) != len(available)-1 {
			t.Errorf("applied one migration back = %d migrations, want %d", len(applied), len(available)-1)
		}

		// The admin rows refuse anything but the admin key, and their fields
		// refuse /graphql callers; the version is public there too.
		for _, path := range []string{"/v1/migrate/debug", "/v1/migrate/test"} {
			for name, h := range map[string]http.Header{"no credential": nil, "wrong key": {"X-Api-Key": {"wrong"}}} {
				if status, env := anon.REST("GET", path, "", h); status != http.StatusUnauthorized || env.Success {
					t.Errorf("%s with %s: %d %+v, want 401", path, name, status, env)
				}
			}
			if status, _ := w.s.REST("GET", path, ""); status != http.StatusUnauthorized {
				t.Errorf("%s as the owner without the key: %d, want 401", path, status)
			}
		}
		for _, field := range []string{"appliedMigrations", "pendingMigrations"} {
			if code := w.s.ErrorCode(`{ `+field+` { version } }`, nil); code != "FORBIDDEN" {
				t.Errorf("%s on /graphql: %q, want FORBIDDEN", field, code)
			}
		}
		var out struct{ SchemaVersion schemaVersionResult }
		anon.MustGraphQL(`{ schemaVersion { version name latest dirty pending } }`, nil, &out)
		if out.SchemaVersion.Latest != versionOf(last) {
			t.Errorf("schemaVersion on /graphql = %+v", out.SchemaVersion)
		}
	})
}

// TestMigrateAdminRowsOffWithoutAdminKey: with no admin key configured, the
// admin-key rows are not served at all, as the admin host's.
func TestMigrateAdminRowsOffWithoutAdminKey(t *testing.T) {
	s := apptest.New(t, dialect.SQLite)
	for _, path := range []string{"/v1/migrate/debug", "/v1/migrate/test"} {
		if status, env := s.REST("GET", path, "", http.Header{"X-Api-Key": {""}}); status != http.StatusNotFound || env.Success {
			t.Errorf("%s without a configured admin key: %d %+v, want 404", path, status, env)
		}
	}
	if status, env := s.Anonymous().REST("GET", "/v1/migrate", ""); status != http.StatusOK || !json.Valid(env.Result) {
		t.Errorf("GET /v1/migrate: %d %+v", status, env)
	}
}
