package gqlserver

import (
	"math"

	"github.com/vektah/gqlparser/v2/ast"
)

// An operation's complexity is what gqlgen's complexity package computes
// (extension.ComplexityLimit) for Vidra's schema, which sets no complexity
// function of its own but one rule: a field taking first or last costs its
// children once per requested item, so that the limit tracks the rows an
// operation may load rather than how many fields it names. Every other field
// costs one plus its children, fragments the sum of their fields, and the
// __schema field nothing.
//
// queryLimits works it out in the walk that measures depth and checks page
// sizes: gqlgen's walk builds a map of arguments for every field and looks
// every field's type up by name, some 3% of a page of videos' CPU, for a
// result that needs only first and last. The test holds the two to the same
// figures.

// fieldComplexity is the complexity of field f, whose page arguments are
// args, and whose children's is child.
func (w *limitWalker) fieldComplexity(f *ast.Field, args pageArgs, child int) int {
	if f.Definition == nil || f.Definition.Type.Name() == "__Schema" {
		return 0 // unknown fields never get here: validation refuses them first
	}
	if def := f.ObjectDefinition; def != nil && def.Kind == ast.Interface && w.schema != nil && len(w.schema.GetPossibleTypes(def)) == 0 {
		return 0 // gqlgen takes the most any implementor costs: none is nothing
	}
	if n, ok := args.size(); ok && n >= 0 {
		return safeAdd(safeMultiply(n, child), 1)
	}
	return safeAdd(1, child)
}

// pageArgNames are the arguments with which a field asks for a page.
var pageArgNames = [2]string{"first", "last"}

// pageArgs are a field's page arguments, in the order of pageArgNames: read
// once per field, for the page-size check and for complexity.
type pageArgs [2]struct {
	n     int
	given bool
}

// pageArgsOf reads f's page arguments (see argumentValue).
func pageArgsOf(f *ast.Field, vars map[string]any) (args pageArgs) {
	for i, name := range pageArgNames {
		args[i].n, args[i].given = intValue(argumentValue(f, name, vars))
	}
	return args
}

// size returns the larger of first and last, when either is given.
func (a pageArgs) size() (int, bool) {
	n, found := 0, false
	for _, arg := range a {
		if arg.given {
			n, found = max(n, arg.n), true
		}
	}
	return n, found
}

// argumentValue is the value of f's argument name as gqlparser's ArgumentMap
// gives it (given, from a variable, or the definition's default), without
// making the map of all of f's arguments; nil when it has none.
func argumentValue(f *ast.Field, name string, vars map[string]any) any {
	if f.Definition == nil {
		return nil
	}
	def := f.Definition.Arguments.ForName(name)
	if def == nil {
		return nil
	}
	if arg := f.Arguments.ForName(name); arg != nil {
		if arg.Value.Kind == ast.Variable {
			if v, ok := vars[arg.Value.Raw]; ok {
				return v
			}
		} else if v, err := arg.Value.Value(vars); err == nil {
			return v
		}
	}
	if def.DefaultValue != nil {
		if v, err := def.DefaultValue.Value(vars); err == nil {
			return v
		}
	}
	return nil
}

// safeAdd adds complexities as gqlgen does: negative operands are ignored and
// a sum past the largest int is the largest int, so that no operation can
// wrap its complexity around to a small figure.
func safeAdd(a, b int) int {
	switch {
	case a < 0 && b < 0:
		return 1
	case a < 0:
		return b
	case b < 0:
		return a
	}
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// safeMultiply is n times child for non-negative operands, the largest int
// when that is past it.
func safeMultiply(n, child int) int {
	if n != 0 && child > math.MaxInt/n {
		return math.MaxInt
	}
	return n * child
}
