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

// GateWaiting counts the callers waiting for the SQLite write gate of db's ent
// client.
func GateWaiting(db *DB) int {
	g, ok := sqliteGates.Load(db.entSQL)
	if !ok {
		return 0
	}
	return int(g.(*writeGate).waiting.Load())
}
