package database

// Pools is how one process's PostgreSQL connections (VIDRA_DB_MAX_CONNS) are
// shared among the pools it opens; together they never exceed the setting.
type Pools struct {
	// Main is the ent pool (lib/pq) every request and job queries through.
	Main int
	// Queue is River's pgx pool: on a process that runs workers it holds the
	// notifier's listening connection and the producers' fetches and
	// completions; on an API replica it only inserts jobs.
	Queue int
	// RateLimits is the shared sign-in rate limits' pool (internal/app/auth.go).
	RateLimits int
	// Listen is the change feed's listening connection (internal/database/pglisten).
	Listen int
}

// Total is the sum of the pools: the most connections the process holds.
func (p Pools) Total() int { return p.Main + p.Queue + p.RateLimits + p.Listen }

// SplitConnections shares total connections among a process's pools: one
// listening connection, two for the rate limits, a third of the total (at
// least four) for River on a process that runs workers and two on one that
// only inserts jobs, and the rest for the main pool. total is at least
// config.MinDBMaxConns (10), which leaves the main pool three or more.
func SplitConnections(total int, workers bool) Pools {
	p := Pools{Listen: 1, RateLimits: 2, Queue: 2}
	if workers {
		p.Queue = max(4, total/3)
	}
	p.Main = total - p.Listen - p.RateLimits - p.Queue
	return p
}
