package main

import (
	"fmt"
	"testing"
)

// TestGQLFloat: durations are written as gqlgen writes a Float (fmt's %g), so the
// anchor's page has Vidra's bytes, not encoding/json's (7.19e+06, not 7190000).
func TestGQLFloat(t *testing.T) {
	for _, f := range []float64{0, 10, 3594.123, 7190000, 1e21, 0.000012} {
		b, err := gqlFloat(f).MarshalJSON()
		if err != nil || string(b) != fmt.Sprintf("%g", f) {
			t.Errorf("%v: wrote %s (%v), want %g", f, b, err, f)
		}
	}
}
