package rest

import (
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vidra-dev/vidra/graph/generated"
)

// Snake exposes the REST spelling of GraphQL names to the black-box tests.
var Snake = snake

// IDParam tells the black-box tests whether the row's path parameter must be a
// UUID, as the compiled row checks it (a String variable is free text).
func IDParam(r Route, param string) (bool, error) {
	c, err := compile(executableSchema(), r)
	if err != nil {
		return false, err
	}
	return c.isIDParam(param), nil
}

// executableSchema is the GraphQL schema the rows compile against.
func executableSchema() *ast.Schema {
	return generated.NewExecutableSchema(generated.Config{}).Schema()
}
