package database

import (
	"database/sql"

	"entgo.io/ent/dialect"
)

// NewPreparingDriver exposes the statement-caching driver to the tests, with a
// bound small enough to exercise eviction.
func NewPreparingDriver(db *sql.DB, kept int) dialect.Driver {
	return newPreparingDriver(db, kept)
}
