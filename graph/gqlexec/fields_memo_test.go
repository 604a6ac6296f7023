package gqlexec_test

import (
	"slices"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

// TestFieldsMemoCollectsAsGqlgen checks a memo gives gqlgen's fields for each
// selection set and type, the same slice when asked again, and tells apart
// two types and two selection sets.
func TestFieldsMemoCollectsAsGqlgen(t *testing.T) {
	field := func(name string) *ast.Field { return &ast.Field{Alias: name, Name: name} }
	onVideo := &ast.InlineFragment{TypeCondition: "Video", SelectionSet: ast.SelectionSet{field("duration")}}
	sel := ast.SelectionSet{field("id"), field("title"), onVideo}
	other := ast.SelectionSet{field("name")}
	videoTypes, folderTypes := []string{"Video", "Node"}, []string{"Folder", "Node"}
	oc := &graphql.OperationContext{Variables: map[string]any{}}

	var memo gqlexec.FieldsMemo
	names := func(fields []graphql.CollectedField, _ *gqlexec.ObjectKeys) []string {
		var out []string
		for _, f := range fields {
			out = append(out, f.Name)
		}
		return out
	}
	first, keys := memo.Collect(oc, sel, videoTypes)
	if got := names(first, keys); !slices.Equal(got, []string{"id", "title", "duration"}) {
		t.Fatalf("video fields = %v", got)
	}
	if !slices.Equal(*keys, gqlexec.ObjectKeys{`"id":`, `,"title":`, `,"duration":`}) {
		t.Fatalf("video keys = %q", *keys)
	}
	if again, againKeys := memo.Collect(oc, sel, videoTypes); &again[0] != &first[0] || againKeys != keys {
		t.Fatal("the same selection set and type were collected again")
	}
	if got := names(memo.Collect(oc, sel, folderTypes)); !slices.Equal(got, []string{"id", "title"}) {
		t.Fatalf("folder fields = %v, want the fragment on Video left out", got)
	}
	if got := names(memo.Collect(oc, other, videoTypes)); !slices.Equal(got, []string{"name"}) {
		t.Fatalf("other selection's fields = %v", got)
	}
	if got := names(memo.Collect(oc, sel[:2], videoTypes)); !slices.Equal(got, []string{"id", "title"}) {
		t.Fatalf("a shorter selection over the same array = %v", got)
	}
	if got, keys := memo.Collect(oc, nil, videoTypes); len(got) != 0 || len(*keys) != 0 {
		t.Fatalf("empty selection = %v", got)
	}
}

// TestFieldsMemoKeysStayPut collects more selection sets than the memo keeps
// inline and than it holds at all: every set's keys are its own, and those
// handed out earlier still read the same once the memo has grown.
func TestFieldsMemoKeysStayPut(t *testing.T) {
	oc := &graphql.OperationContext{Variables: map[string]any{}}
	types := []string{"Video"}
	var memo gqlexec.FieldsMemo
	sels := make([]ast.SelectionSet, 40)
	given := make([]*gqlexec.ObjectKeys, len(sels))
	for i := range sels {
		name := "f" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		sels[i] = ast.SelectionSet{&ast.Field{Alias: name, Name: name}}
		_, given[i] = memo.Collect(oc, sels[i], types)
	}
	for i := range sels {
		fields, keys := memo.Collect(oc, sels[i], types)
		want := `"` + fields[0].Name + `":`
		if !slices.Equal(*keys, gqlexec.ObjectKeys{want}) || !slices.Equal(*given[i], gqlexec.ObjectKeys{want}) {
			t.Fatalf("selection %d: keys %q, first given %q, want [%q]", i, *keys, *given[i], want)
		}
	}
}
