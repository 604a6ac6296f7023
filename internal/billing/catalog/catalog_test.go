package catalog_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/billing/catalog"
)

func TestIsMetric(t *testing.T) {
	for _, m := range catalog.Metrics {
		if !catalog.IsMetric(m) {
			t.Errorf("IsMetric(%q) = false for a listed metric", m)
		}
	}
	for _, name := range []string{"", "delivered", "Delivered_Bytes", "delivered_bytes ", catalog.Standard} {
		if catalog.IsMetric(name) {
			t.Errorf("IsMetric(%q) = true", name)
		}
	}
}

// TestIsCurrent: the statuses an organization's current subscription may have
// are those of a subscription still running (trialing, active, or owing:
// past_due, unpaid); one pending checkout or one ended is not current.
func TestIsCurrent(t *testing.T) {
	current := map[string]bool{catalog.Trialing: true, catalog.Active: true, catalog.PastDue: true, catalog.Unpaid: true}
	for _, s := range catalog.Statuses {
		if got := catalog.IsCurrent(s); got != current[s] {
			t.Errorf("IsCurrent(%q) = %v, want %v", s, got, current[s])
		}
	}
	if catalog.IsCurrent("") {
		t.Error(`IsCurrent("") = true: billing off is no subscription`)
	}
	if len(catalog.Statuses) != 7 {
		t.Errorf("%d statuses, want the design's 7", len(catalog.Statuses))
	}
}
