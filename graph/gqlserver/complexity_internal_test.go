package gqlserver

import (
	"context"
	"testing"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2"
	"github.com/vektah/gqlparser/v2/validator"

	"github.com/vidra-dev/vidra/graph/generated"
)

// gqlgenPagedRule is the rule of complexity.go as an executable schema for
// gqlgen's own complexity walk: a field taking first or last costs its
// children once per requested item (as Vidra configured gqlgen before
// queryLimits took the walk over).
type gqlgenPagedRule struct{ graphql.ExecutableSchema }

func (s gqlgenPagedRule) Complexity(ctx context.Context, typeName, field string, child int, args map[string]any) (int, bool) {
	n, found := 0, false
	for _, name := range []string{"first", "last"} {
		if v, ok := intValue(args[name]); ok {
			n, found = max(n, v), true
		}
	}
	if found {
		return n*child + 1, true
	}
	return s.ExecutableSchema.Complexity(ctx, typeName, field, child, args)
}

// TestComplexityIsGqlgens: the walk of queryLimits gives the figure gqlgen's
// complexity walk gives under the same rule, for operations with variables
// and their defaults, fragments named and inline, interfaces, introspection
// and page sizes given every way.
func TestComplexityIsGqlgens(t *testing.T) {
	es := generated.NewExecutableSchema(generated.Config{})
	schema := es.Schema()
	cases := []struct {
		query string
		vars  map[string]any
	}{
		{`query($p: ID!, $after: Cursor) { videos(first: 50, after: $after, where: {projectID: $p}) {
			edges { node { id title status duration createdAt } } pageInfo { hasNextPage endCursor } } }`,
			map[string]any{"p": "01900000-0000-7000-8000-000000000000"}},
		{`{ projects(first: 500) { edges { node { folders(first: 500) { edges { node {
			videos(first: 500) { edges { node { id title } } } } } } } } } }`, nil},
		{`query($n: Int = 7) { projects(first: $n) { totalCount edges { cursor node { ...p ...p } } } }
			fragment p on Project { id name }`, nil},
		{`query($n: Int) { projects(last: $n) { edges { node { id } } } }`, map[string]any{"n": 12}},
		{`{ projects(first: 3, last: 9) { edges { node { id } } } projects2: projects(first: 0) { totalCount } }`, nil},
		{`{ node(id: "01900000-0000-7000-8000-000000000000") { id ... on Video { title tags(first: 4) { totalCount } } }
			nodes(ids: []) { id } }`, nil},
		{`{ __typename __schema { types { name } } __type(name: "Video") { name fields { name type { name } } } }`, nil},
	}
	for _, c := range cases {
		doc, errs := gqlparser.LoadQueryWithRules(schema, c.query, nil) // nil: the default rules
		if errs != nil {
			t.Fatalf("%s: %v", c.query, errs)
		}
		op := doc.Operations[0]
		vars, err := validator.VariableValues(schema, op, c.vars)
		if err != nil {
			t.Fatalf("%s: variables: %v", c.query, err)
		}
		want := complexity.Calculate(context.Background(), gqlgenPagedRule{es}, op, vars)
		w := limitWalker{limits: DefaultLimits, schema: schema, doc: doc, vars: vars}
		if _, got := w.selectionSet(op.SelectionSet, 0, true); got != want {
			t.Errorf("%s: complexity %d, gqlgen's %d", c.query, got, want)
		}
	}
}

// TestComplexitySaturates: a sum or product past the largest int is the
// largest int, never a small figure wrapped around.
func TestComplexitySaturates(t *testing.T) {
	const maxInt = int(^uint(0) >> 1)
	if got := safeAdd(maxInt, 1); got != maxInt {
		t.Errorf("safeAdd(max, 1) = %d", got)
	}
	if got := safeMultiply(500, maxInt/100); got != maxInt {
		t.Errorf("safeMultiply(500, max/100) = %d", got)
	}
	if got := safeAdd(-3, 5); got != 5 {
		t.Errorf("safeAdd(-3, 5) = %d", got)
	}
}
