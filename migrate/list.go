package migrate

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"fmt"
	"io/fs"
	"sort"

	"github.com/golang-migrate/migrate/v4/source"
)

// Migration names one embedded migration.
type Migration struct {
	// Version is the migration's version, a UTC timestamp YYYYMMDDhhmmss.
	Version uint
	// Name is the name given when the migration was generated.
	Name string
}

// Available lists the embedded migrations of a dialect, oldest first.
func Available(dialectName string) ([]Migration, error) {
	dir, err := Dir(dialectName)
	if err != nil {
		return nil, err
	}
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return nil, fmt.Errorf("migrate: list %s: %w", dir, err)
	}
	var list []Migration
	for _, e := range entries {
		m, err := source.DefaultParse(e.Name())
		if err != nil || m.Direction != source.Up {
			continue
		}
		list = append(list, Migration{Version: m.Version, Name: m.Identifier})
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Version < list[j].Version })
	return list, nil
}

// Latest returns the version of the newest embedded migration of a dialect.
func Latest(dialectName string) (uint, error) {
	list, err := Available(dialectName)
	if err != nil {
		return 0, err
	}
	if len(list) == 0 {
		return 0, nil
	}
	return list[len(list)-1].Version, nil
}

// Status is where a database stands against the embedded migrations.
type Status struct {
	// Current is the last applied migration; zero before the first. Its Name
	// is empty when this binary does not carry it.
	Current Migration
	// Dirty is true when Current failed half-way.
	Dirty bool
	// Latest is the version of the newest embedded migration.
	Latest uint
	// Pending are the embedded migrations newer than Current, oldest first.
	Pending []Migration
}

// ReadStatus reads db's version once and sets it against the embedded migrations.
func ReadStatus(ctx context.Context, db *sql.DB, dialectName string) (Status, error) {
	current, dirty, err := Version(ctx, db, dialectName)
	if err != nil {
		return Status{}, err
	}
	list, err := Available(dialectName)
	if err != nil {
		return Status{}, err
	}
	st := Status{Current: Migration{Version: current}, Dirty: dirty, Pending: []Migration{}}
	for _, m := range list {
		switch {
		case m.Version == current:
			st.Current.Name = m.Name
		case m.Version > current:
			st.Pending = append(st.Pending, m)
		}
		st.Latest = m.Version
	}
	return st, nil
}

// Pending lists the embedded migrations not yet applied to db, oldest first.
func Pending(ctx context.Context, db *sql.DB, dialectName string) ([]Migration, error) {
	st, err := ReadStatus(ctx, db, dialectName)
	return st.Pending, err
}

// Fingerprint returns a short hash of a dialect's embedded migration files,
// which changes whenever a migration is added or edited. Tests use it to
// name a reusable template database.
func Fingerprint(dialectName string) (string, error) {
	dir, err := Dir(dialectName)
	if err != nil {
		return "", err
	}
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return "", fmt.Errorf("migrate: list %s: %w", dir, err)
	}
	h := sha256.New()
	// The history table's definition counts: Apply creates it beside the migrations.
	h.Write([]byte(historyDDL[dialectName]))
	for _, e := range entries { // ReadDir sorts by name
		b, err := fs.ReadFile(files, dir+"/"+e.Name())
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%s\x00%d\x00", e.Name(), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}
