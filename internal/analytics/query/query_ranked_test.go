package query_test

import (
	"testing"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/apptest"
)

// TestRankedTogether ranks several metrics by value in one query (one scan):
// each metric ranks the videos by its own value, nulls last, and keeps its
// total over every matching view.
func TestRankedTogether(t *testing.T) {
	apptest.ForEachDialect(t, func(t *testing.T, s *apptest.Server) {
		w := seedWorld(s)
		check := func(order string, limit int, wantTotals []float64, want [][]uuid.UUID, wantValues [][]any) {
			t.Helper()
			res := run(t, s, w.proj, map[string]any{"groupBys": []any{"media_id"}, "order": order, "limit": limit,
				"metrics": metrics("views", "total_watch_time", "completion_rate")})
			for i, m := range res.Metrics {
				if !near(m.Total, wantTotals[i]) {
					t.Errorf("%s %s total = %v, want %v", order, m.Name, deref(m.Total), wantTotals[i])
				}
				if len(m.Rows) != len(want[i]) {
					t.Errorf("%s %s: %d rows, want %d", order, m.Name, len(m.Rows), len(want[i]))
					continue
				}
				for j, r := range m.Rows {
					if *r.Keys[0].Value != want[i][j].String() || deref(r.Value) != wantValues[i][j] {
						t.Errorf("%s %s row %d = %s %v, want %s %v", order, m.Name, j, *r.Keys[0].Value, deref(r.Value), want[i][j], wantValues[i][j])
					}
				}
			}
		}
		totals := []float64{3, 210, 1.0 / 3}
		check("value_desc", 1, totals, [][]uuid.UUID{{w.v1}, {w.v2}, {w.v1}}, [][]any{{2.0}, {120.0}, {0.5}})
		check("value_asc", 3, totals, [][]uuid.UUID{{w.v3, w.v2, w.v1}, {w.v3, w.v1, w.v2}, {w.v2, w.v1, w.v3}},
			[][]any{{0.0, 1.0, 2.0}, {0.0, 90.0, 120.0}, {0.0, 0.5, nil}})
	})
}
