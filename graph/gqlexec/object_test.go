package gqlexec_test

import (
	"bytes"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"

	"github.com/vidra-dev/vidra/graph/gqlexec"
)

func collected(aliases ...string) []graphql.CollectedField {
	out := make([]graphql.CollectedField, len(aliases))
	for i, a := range aliases {
		out[i] = graphql.CollectedField{Field: &ast.Field{Alias: a, Name: a}}
	}
	return out
}

// TestObjectWritesFieldsInOrderOnce writes an object as gqlgen's FieldSet does:
// in selection order, an alias selected twice once, and {} when empty.
func TestObjectWritesFieldsInOrderOnce(t *testing.T) {
	for _, c := range []struct {
		fields []graphql.CollectedField
		values []graphql.Marshaler
		want   string
	}{
		{nil, nil, `{}`},
		{collected("id"), []graphql.Marshaler{graphql.MarshalString("v1")}, `{"id":"v1"}`},
		{collected("title", "n", "title"), []graphql.Marshaler{graphql.MarshalString("a"), graphql.MarshalInt(2), graphql.MarshalString("b")},
			`{"title":"a","n":2}`},
		{collected("node", "cursor"), []graphql.Marshaler{graphql.Null, graphql.MarshalString("c")}, `{"node":null,"cursor":"c"}`},
	} {
		var buf bytes.Buffer
		gqlexec.Object(c.fields, c.values).MarshalGQL(&buf)
		if buf.String() != c.want {
			t.Errorf("got %s, want %s", buf.String(), c.want)
		}
		// The same as gqlgen's own field set.
		fs := graphql.NewFieldSet(c.fields)
		copy(fs.Values, c.values)
		var theirs bytes.Buffer
		fs.MarshalGQL(&theirs)
		if theirs.String() != buf.String() {
			t.Errorf("gqlgen writes %s, Object %s", theirs.String(), buf.String())
		}
	}
}
