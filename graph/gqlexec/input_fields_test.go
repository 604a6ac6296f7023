package gqlexec_test

import (
	"slices"
	"testing"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// TestInputFieldsInOrder: the given fields come out in the type's order, as
// gqlgen's unmarshallers visit them (a lookup for every field of the type),
// for few and many fields given, with names not of the type left out.
func TestInputFieldsInOrder(t *testing.T) {
	order := []string{"not", "and", "or", "id", "idNEQ", "title", "titleIn", "status", "duration", "size",
		"width", "height", "projectID", "folderID", "hasTags", "hasTagsWith"}
	gqlgens := func(input map[string]any) []string {
		var given []string
		for _, name := range order {
			if _, ok := input[name]; ok {
				given = append(given, name)
			}
		}
		return given
	}
	inputs := []map[string]any{
		{},
		{"projectID": "p"},
		{"status": "READY", "projectID": "p", "title": "t"},
		{"hasTagsWith": nil, "not": nil, "unknown": 1},
		{"not": 1, "and": 1, "or": 1, "id": 1, "idNEQ": 1, "title": 1, "titleIn": 1, "status": 1, "duration": 1, "size": 1, "width": 1},
		{"not": 1, "and": 1, "or": 1, "id": 1, "idNEQ": 1, "title": 1, "titleIn": 1, "status": 1, "duration": 1, "size": 1, "width": 1, "bogus": 2},
	}
	for _, input := range inputs {
		var buf [gqlexec.InlineInputFields]string
		if got, want := gqlexec.InputFieldsInOrder(input, order, buf[:0]), gqlgens(input); !slices.Equal(got, want) {
			t.Errorf("%v: %q, want %q", input, got, want)
		}
	}
	input := map[string]any{"projectID": "p", "status": "READY"}
	if allocs := testing.AllocsPerRun(100, func() {
		var buf [gqlexec.InlineInputFields]string
		_ = gqlexec.InputFieldsInOrder(input, order, buf[:0])
	}); allocs != 0 {
		t.Errorf("%v allocations for two fields, want 0", allocs)
	}
}
