package gqlexec_test

import (
	"bytes"
	"context"
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

// objectWritten is what the writer of a field set of these fields writes
// with these values.
func objectWritten(fields []graphql.CollectedField, values []graphql.Marshaler) string {
	set, writer := gqlexec.NewLazyFieldSet(gqlexec.KeysOf(fields))
	copy(set.Values, values)
	var buf bytes.Buffer
	writer.MarshalGQL(&buf)
	return buf.String()
}

// gqlgenWritten is what gqlgen's own field set writes with these values.
func gqlgenWritten(fields []graphql.CollectedField, values []graphql.Marshaler) string {
	fs := graphql.NewFieldSet(fields)
	copy(fs.Values, values)
	var buf bytes.Buffer
	fs.MarshalGQL(&buf)
	return buf.String()
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
		got := objectWritten(c.fields, c.values)
		if got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
		// The same as gqlgen's own field set.
		if theirs := gqlgenWritten(c.fields, c.values); theirs != got {
			t.Errorf("gqlgen writes %s, ours %s", theirs, got)
		}
	}
}

// TestFieldSetsWriteTheirValues fills the values of field sets of every size
// class (and past the largest) and checks that the writer made with each
// writes them as gqlgen's field set does, including a value set by a field
// resolved concurrently (Concurrently, then Dispatch).
func TestFieldSetsWriteTheirValues(t *testing.T) {
	for n := 0; n <= 20; n++ {
		aliases := make([]string, n)
		for i := range aliases {
			aliases[i] = "f" + string(rune('a'+i))
		}
		fields := collected(aliases...)
		want := func(values []graphql.Marshaler) string { return gqlgenWritten(fields, values) }

		plain, plainWriter := gqlexec.NewLazyFieldSet(gqlexec.KeysOf(fields))
		if len(plain.Values) != n || cap(plain.Values) != n {
			t.Fatalf("%d fields: plain set has %d values (room for %d)", n, len(plain.Values), cap(plain.Values))
		}
		for i := range plain.Values {
			plain.Values[i] = graphql.MarshalInt(i)
		}
		var got bytes.Buffer
		plainWriter.MarshalGQL(&got)
		if got.String() != want(plain.Values) {
			t.Errorf("%d fields: plain writer wrote %s, want %s", n, got.String(), want(plain.Values))
		}

		set, writer := gqlexec.NewFieldSet(gqlexec.KeysOf(fields))
		if len(set.Values) != n || cap(set.Values) != n {
			t.Fatalf("%d fields: set has %d values (room for %d)", n, len(set.Values), cap(set.Values))
		}
		for i := range set.Values {
			if i == n-1 {
				set.Concurrently(i, func(context.Context) graphql.Marshaler { return graphql.MarshalString("late") })
				continue
			}
			set.Values[i] = graphql.MarshalInt(i)
		}
		set.Dispatch(context.Background())
		got.Reset()
		writer.MarshalGQL(&got)
		if got.String() != want(set.Values) || (n > 0 && !bytes.Contains(got.Bytes(), []byte(`"late"`))) {
			t.Errorf("%d fields: writer wrote %s, want %s", n, got.String(), want(set.Values))
		}
	}
}

// TestLazyFieldSetMakesGqlgensSetOnDemand checks that a lazy field set
// makes gqlgen's set only for a concurrent field, that the values resolved
// concurrently reach the writer, and that their invalid nulls are counted.
func TestLazyFieldSetMakesGqlgensSetOnDemand(t *testing.T) {
	fields := collected("id", "project", "folder")
	out, writer := gqlexec.NewLazyFieldSet(gqlexec.KeysOf(fields))
	out.Values[0] = graphql.MarshalString("v1")
	out.Values[1] = graphql.MarshalString("p")
	out.Values[2] = graphql.Null
	out.Dispatch(context.Background()) // nothing queued: nothing made
	var got bytes.Buffer
	writer.MarshalGQL(&got)
	if got.String() != `{"id":"v1","project":"p","folder":null}` || out.Invalids != 0 {
		t.Fatalf("wrote %s with %d invalids", got.String(), out.Invalids)
	}

	out, writer = gqlexec.NewLazyFieldSet(gqlexec.KeysOf(fields))
	out.Values[0] = graphql.MarshalString("v2")
	set := out.Set()
	if out.Set() != set {
		t.Fatal("Set made a second set")
	}
	set.Concurrently(1, func(context.Context) graphql.Marshaler { return graphql.MarshalString("late") })
	set.Concurrently(2, func(context.Context) graphql.Marshaler { set.Invalids++; return graphql.Null })
	out.Dispatch(context.Background())
	got.Reset()
	writer.MarshalGQL(&got)
	if got.String() != `{"id":"v2","project":"late","folder":null}` || out.Invalids != 1 {
		t.Fatalf("wrote %s with %d invalids, want the late value and 1", got.String(), out.Invalids)
	}
}
