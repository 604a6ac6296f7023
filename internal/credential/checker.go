package credential

import (
	"log/slog"

	"entgo.io/ent/dialect"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/account"
)

// Checker checks requests' credentials and remembers session checks.
type Checker struct {
	client  *ent.Client
	account *account.Service
	log     *slog.Logger
	// checkSQL is the bearer check's statement (sessionCheckQuery), built once.
	checkSQL string
	// cache remembers session checks and project lookups (session_cache.go).
	cache *sessionCache
}

// Deps are what a Checker needs.
type Deps struct {
	// Client is the root ent client; the checker registers on it the hooks
	// that forget remembered checks (session_changes.go).
	Client *ent.Client
	// Dialect is the database's dialect name.
	Dialect string
	// Account verifies access tokens.
	Account *account.Service
	// Log receives the checker's errors.
	Log *slog.Logger
}

// New builds a Checker and registers its invalidation hooks on d.Client.
func New(d Deps) *Checker {
	ch := &Checker{
		client:   d.Client,
		account:  d.Account,
		log:      d.Log,
		checkSQL: sessionCheckQuery(d.Dialect),
		// Other processes may share a PostgreSQL database, not the embedded SQLite.
		cache: newSessionCache(d.Dialect != dialect.SQLite),
	}
	ch.cache.watchSessionChanges(d.Client)
	return ch
}
