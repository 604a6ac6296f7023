package rest

import (
	"testing"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	_ "github.com/vektah/gqlparser/v2/validator/rules" // the standard rules

	"github.com/vidra-dev/vidra/graph/generated"
)

// TestMediaRowsMatchTheSchema validates every media row's operation against the
// GraphQL schema, as the REST layer does at start-up.
func TestMediaRowsMatchTheSchema(t *testing.T) {
	schema := generated.NewExecutableSchema(generated.Config{}).Schema()
	for _, row := range mediaRoutes() {
		doc, err := parser.ParseQuery(&ast.Source{Name: row.Path, Input: row.Operation})
		if err != nil {
			t.Errorf("%s %s: %v", row.Method, row.Path, err)
			continue
		}
		if errs := validator.Validate(schema, doc); len(errs) > 0 {
			t.Errorf("%s %s: %v", row.Method, row.Path, errs)
		}
	}
}
