package app

import (
	"cmp"

	"github.com/vidra-dev/vidra/internal/config"
	"github.com/vidra-dev/vidra/internal/database"
)

// connectionPools shares the process's PostgreSQL connections
// (VIDRA_DB_MAX_CONNS; its default when the configuration was built without
// it) among its pools: a process that runs workers gives River more.
func connectionPools(cfg config.Config) database.Pools {
	return database.SplitConnections(cmp.Or(cfg.Database.MaxConns, config.DefaultDBMaxConns), cfg.Media.Workers)
}
