package graph

import (
	"context"
	"strconv"

	"github.com/vidra-dev/vidra/graph/model"
	"github.com/vidra-dev/vidra/internal/auth"
	"github.com/vidra-dev/vidra/migrate"
)

// schemaVersion reports the migration the database is at and how many of
// this server's migrations are pending. Public: it names versions only.
func (r *Resolver) schemaVersion(ctx context.Context) (*model.SchemaVersion, error) {
	if r.sqlDB == nil {
		return nil, errMigrationsUnavailable()
	}
	st, err := migrate.ReadStatus(ctx, r.sqlDB, r.dialect)
	if err != nil {
		return nil, err
	}
	return &model.SchemaVersion{
		Version: strconv.FormatUint(uint64(st.Current.Version), 10),
		Name:    st.Current.Name,
		Dirty:   st.Dirty,
		Latest:  strconv.FormatUint(uint64(st.Latest), 10),
		Pending: len(st.Pending),
	}, nil
}

// appliedMigrations lists the applied migrations with their times, for the
// admin key.
func (r *Resolver) appliedMigrations(ctx context.Context) ([]*model.SchemaMigration, error) {
	if err := r.requireMigrationsAdmin(ctx, "GET /v1/migrate/debug"); err != nil {
		return nil, err
	}
	history, err := migrate.History(ctx, r.sqlDB, r.dialect)
	if err != nil {
		return nil, err
	}
	out := make([]*model.SchemaMigration, len(history))
	for i, a := range history {
		out[i] = schemaMigration(a.Migration)
		if !a.AppliedAt.IsZero() {
			at, ms := a.AppliedAt.UTC(), float64(a.Duration.Microseconds())/1000
			out[i].AppliedAt, out[i].DurationMs = &at, &ms
		}
	}
	return out, nil
}

// pendingMigrations lists this server's migrations the database has not
// applied, for the admin key.
func (r *Resolver) pendingMigrations(ctx context.Context) ([]*model.SchemaMigration, error) {
	if err := r.requireMigrationsAdmin(ctx, "GET /v1/migrate/test"); err != nil {
		return nil, err
	}
	pending, err := migrate.Pending(ctx, r.sqlDB, r.dialect)
	if err != nil {
		return nil, err
	}
	out := make([]*model.SchemaMigration, len(pending))
	for i, m := range pending {
		out[i] = schemaMigration(m)
	}
	return out, nil
}

// requireMigrationsAdmin refuses callers without the admin key; route names
// the REST path that carries it.
func (r *Resolver) requireMigrationsAdmin(ctx context.Context, route string) error {
	if !auth.IsAdmin(ctx) {
		return Errorf(KindForbidden, "the admin key only: %s with X-API-Key set to the admin key", route)
	}
	if r.sqlDB == nil {
		return errMigrationsUnavailable()
	}
	return nil
}

// schemaMigration is the GraphQL form of a migration, without times.
func schemaMigration(m migrate.Migration) *model.SchemaMigration {
	return &model.SchemaMigration{Version: strconv.FormatUint(uint64(m.Version), 10), Name: m.Name}
}

// errMigrationsUnavailable answers the migration queries of a resolver built
// without the database's connection pool.
func errMigrationsUnavailable() error {
	return Errorf(KindInternal, "schema migrations are not available on this server")
}
