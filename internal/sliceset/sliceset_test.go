package sliceset_test

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/internal/sliceset"
)

func TestUnique(t *testing.T) {
	for _, c := range []struct{ in, want []string }{
		{nil, nil},
		{[]string{}, []string{}},
		{[]string{"b", "a", "b", "c", "a"}, []string{"b", "a", "c"}},
		{[]string{"x", "x", "x"}, []string{"x"}},
	} {
		in := slices.Clone(c.in)
		got := sliceset.Unique(in)
		if !slices.Equal(got, c.want) || (got == nil) != (c.want == nil) {
			t.Errorf("Unique(%q) = %q, want %q", c.in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("Unique(%q) changed its input to %q", c.in, in)
		}
	}
}
