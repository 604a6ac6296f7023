package apptest

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent/dialect"
)

// SQLInt runs a query returning one integer on the server's database, for
// assertions on its state; the query uses ? placeholders, rewritten to $n on
// PostgreSQL.
func (s *Server) SQLInt(query string, args ...any) int {
	s.t.Helper()
	if s.App.DB.Dialect == dialect.Postgres {
		for i := 1; strings.Contains(query, "?"); i++ {
			query = strings.Replace(query, "?", fmt.Sprintf("$%d", i), 1)
		}
	}
	var n int
	if err := s.App.DB.SQL.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		s.t.Fatalf("%s: %v", query, err)
	}
	return n
}
