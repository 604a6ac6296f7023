package config

import (
	"fmt"
	"strconv"
	"time"
)

// Database connection settings' defaults and floor.
const (
	// DefaultDBMaxConns is a process's PostgreSQL connections by default:
	// three API replicas and two workers take 75 of PostgreSQL's default
	// max_connections of 100 (97 past the superuser reserve), which leaves
	// room for a restarted process and an operator's psql.
	DefaultDBMaxConns = 15
	// MinDBMaxConns is the fewest a process works with (see
	// database.SplitConnections: the listener, the rate limits, River and the
	// main pool each need some).
	MinDBMaxConns = 10
)

// Database configures the process's PostgreSQL connections (the embedded
// SQLite ignores it).
type Database struct {
	// MaxConns bounds every PostgreSQL connection the process holds, all pools
	// together (VIDRA_DB_MAX_CONNS, default 15, at least 10); see
	// database.SplitConnections for how they are shared.
	MaxConns int
	// StartWait is how long start-up keeps retrying while PostgreSQL refuses
	// connections (too many clients, connection refused, starting up) before
	// the process gives up (VIDRA_DB_START_WAIT, default 60s; 0: no retry).
	StartWait time.Duration
}

// readDatabase reads the Database configuration through get (name, default).
func readDatabase(get func(name, def string) string) (Database, []error) {
	var errs []error
	d := Database{}
	n, err := strconv.Atoi(get("VIDRA_DB_MAX_CONNS", strconv.Itoa(DefaultDBMaxConns)))
	if err != nil || n < MinDBMaxConns {
		errs = append(errs, fmt.Errorf("VIDRA_DB_MAX_CONNS: want a whole number of at least %d", MinDBMaxConns))
	}
	d.MaxConns = n
	wait, err := time.ParseDuration(get("VIDRA_DB_START_WAIT", "60s"))
	if err != nil || wait < 0 {
		errs = append(errs, fmt.Errorf("VIDRA_DB_START_WAIT: want a duration such as 60s (0 for no retry)"))
	}
	d.StartWait = wait
	return d, errs
}
