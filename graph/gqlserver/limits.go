package gqlserver

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// Limits bound what one GraphQL operation may cost.
type Limits struct {
	// MaxComplexity caps the operation's complexity, in which a connection field
	// counts its children once per requested item (first or last).
	MaxComplexity int
	// MaxDepth caps the nesting of fields (introspection fields are not counted).
	MaxDepth int
	// MaxPageSize caps first and last on every connection.
	MaxPageSize int
	// MaxUploadSize caps a multipart request's size in bytes.
	MaxUploadSize int64

	// MaxBodyBytes caps a POST /graphql JSON body, and MaxURLBytes the query
	// string of a GET /graphql, in bytes: past them the answer is 413 (414 for
	// the URL) and nothing more is read.
	MaxBodyBytes int64
	MaxURLBytes  int

	// The document limits below are checked in one pass over the query text
	// before it is parsed (document_bounds.go). Zero means the default.

	// MaxQueryBytes caps the query document's length in bytes.
	MaxQueryBytes int
	// MaxTokens caps the document's lexical tokens (comments not counted).
	MaxTokens int
	// MaxFields caps the field selections and fragment spreads written in it.
	MaxFields int
	// MaxAliases caps the aliased fields written in it.
	MaxAliases int
	// MaxDirectives caps the directives written in it.
	MaxDirectives int
	// MaxNesting caps how deeply its selection sets are nested in the text.
	MaxNesting int
	// MaxDefinitions caps its operations and fragments together.
	MaxDefinitions int
	// MaxRepeatedFields caps the fields whose response name another field of
	// the same selection set (inline fragments included) already has: gqlgen's
	// validation compares those in pairs, recursively.
	MaxRepeatedFields int
}

// DefaultLimits are the limits the server runs with unless configured
// otherwise. The document limits are some times what the largest operation
// the app sends needs (GraphiQL's introspection query: about 1,500 bytes of
// tokens, 90 fields, 7 nested selection sets; REST's operations are smaller),
// and small enough that a document at every limit is validated in
// milliseconds (BenchmarkHostileDocuments).
var DefaultLimits = Limits{
	MaxComplexity:     100_000,
	MaxDepth:          20,
	MaxPageSize:       500,
	MaxUploadSize:     64 << 20,
	MaxBodyBytes:      1 << 20,
	MaxURLBytes:       32 << 10,
	MaxQueryBytes:     32 << 10,
	MaxTokens:         5_000,
	MaxFields:         1_000,
	MaxAliases:        100,
	MaxDirectives:     100,
	MaxNesting:        32,
	MaxDefinitions:    50,
	MaxRepeatedFields: 50,
}

// WithDefaults is l with every zero limit replaced by the default's.
func (l Limits) WithDefaults() Limits {
	d := DefaultLimits
	pick := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	pick(&l.MaxComplexity, d.MaxComplexity)
	pick(&l.MaxDepth, d.MaxDepth)
	pick(&l.MaxPageSize, d.MaxPageSize)
	pick(&l.MaxURLBytes, d.MaxURLBytes)
	pick(&l.MaxQueryBytes, d.MaxQueryBytes)
	pick(&l.MaxTokens, d.MaxTokens)
	pick(&l.MaxFields, d.MaxFields)
	pick(&l.MaxAliases, d.MaxAliases)
	pick(&l.MaxDirectives, d.MaxDirectives)
	pick(&l.MaxNesting, d.MaxNesting)
	pick(&l.MaxDefinitions, d.MaxDefinitions)
	pick(&l.MaxRepeatedFields, d.MaxRepeatedFields)
	if l.MaxUploadSize <= 0 {
		l.MaxUploadSize = d.MaxUploadSize
	}
	if l.MaxBodyBytes <= 0 {
		l.MaxBodyBytes = d.MaxBodyBytes
	}
	return l
}

// Error codes of operations refused by the limits (the complexity one is
// gqlgen's ComplexityLimit's, which queryLimits stands in for).
const (
	codeDepthLimit      = "DEPTH_LIMIT_EXCEEDED"
	codePageSize        = "PAGE_SIZE_INVALID"
	codeComplexityLimit = "COMPLEXITY_LIMIT_EXCEEDED"
)

// intValue reads an integer argument in any of the forms the parser, the variable
// decoder or the generated unmarshalers give it.
func intValue(v any) (int, bool) {
	switch v := v.(type) {
	case int:
		return v, true
	case int32:
		return int(v), true
	case int64:
		return int(v), true
	case *int:
		if v != nil {
			return *v, true
		}
	case float64:
		return int(v), true
	case json.Number:
		if i, err := v.Int64(); err == nil {
			return int(i), true
		}
	}
	return 0, false
}

// NewQueryLimits returns the extension that refuses operations nested deeper than MaxDepth, connections asked
// for without first/last or for more than MaxPageSize items (as GitHub's API
// does: an unbounded connection would load a whole table), and operations more
// complex than MaxComplexity (see complexity.go), in one walk of the operation.
func NewQueryLimits(l Limits) graphql.HandlerExtension { return &queryLimits{limits: l} }

// queryLimits is the extension of NewQueryLimits.
type queryLimits struct {
	limits Limits
	schema *ast.Schema
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = (*queryLimits)(nil)

// ExtensionName implements graphql.HandlerExtension.
func (*queryLimits) ExtensionName() string { return "VidraQueryLimits" }

// Validate implements graphql.HandlerExtension.
func (q *queryLimits) Validate(es graphql.ExecutableSchema) error {
	q.schema = es.Schema()
	return nil
}

// MutateOperationContext implements graphql.OperationContextMutator.
func (q *queryLimits) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	w := limitWalker{limits: q.limits, schema: q.schema, doc: oc.Doc, vars: oc.Variables}
	depth, complexity := w.selectionSet(oc.Operation.SelectionSet, 0, true)
	if w.err != nil {
		return w.err
	}
	if depth > q.limits.MaxDepth {
		err := gqlerror.Errorf("operation has depth %d, which exceeds the limit of %d", depth, q.limits.MaxDepth)
		err.Extensions = map[string]any{"code": codeDepthLimit}
		return err
	}
	if complexity > q.limits.MaxComplexity {
		err := gqlerror.Errorf("operation has complexity %d, which exceeds the limit of %d", complexity, q.limits.MaxComplexity)
		errcode.Set(err, codeComplexityLimit)
		return err
	}
	return nil
}

// limitWalker walks an operation once, measuring its depth and complexity and
// checking page sizes.
type limitWalker struct {
	limits  Limits
	schema  *ast.Schema
	doc     *ast.QueryDocument
	vars    map[string]any
	visited map[string]bool
	err     *gqlerror.Error
}

// selectionSet returns the depth and the complexity of a selection set at
// depth. Introspection fields (named __*) count towards complexity only, as
// does everything below them: checked is false there.
func (w *limitWalker) selectionSet(set ast.SelectionSet, depth int, checked bool) (deepest, complexity int) {
	deepest = depth
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			fieldChecked := checked && !strings.HasPrefix(s.Name, "__")
			args := pageArgsOf(s, w.vars)
			if fieldChecked {
				w.checkPageSize(s, args)
			}
			childDepth, childComplexity := w.selectionSet(s.SelectionSet, depth+1, fieldChecked)
			if fieldChecked {
				deepest = max(deepest, childDepth)
			}
			complexity = safeAdd(complexity, w.fieldComplexity(s, args, childComplexity))
		case *ast.InlineFragment:
			childDepth, childComplexity := w.selectionSet(s.SelectionSet, depth, checked)
			deepest, complexity = max(deepest, childDepth), safeAdd(complexity, childComplexity)
		case *ast.FragmentSpread:
			if w.visited[s.Name] {
				continue // validation already refuses cycles; never loop
			}
			if w.visited == nil {
				w.visited = map[string]bool{}
			}
			w.visited[s.Name] = true
			if def := w.doc.Fragments.ForName(s.Name); def != nil {
				childDepth, childComplexity := w.selectionSet(def.SelectionSet, depth, checked)
				deepest, complexity = max(deepest, childDepth), safeAdd(complexity, childComplexity)
			}
			delete(w.visited, s.Name)
		}
	}
	return deepest, complexity
}

// checkPageSize requires first or last, within 0..MaxPageSize, on connection
// fields; args are f's.
func (w *limitWalker) checkPageSize(f *ast.Field, args pageArgs) {
	if w.err != nil || f.Definition == nil || !strings.HasSuffix(f.Definition.Type.Name(), "Connection") {
		return
	}
	given := false
	for i, arg := range args {
		if !arg.given {
			continue
		}
		given = true
		if arg.n < 0 || arg.n > w.limits.MaxPageSize {
			w.err = gqlerror.Errorf("%s: %s must be between 0 and %d", f.Alias, pageArgNames[i], w.limits.MaxPageSize)
			break
		}
	}
	if w.err == nil && !given {
		w.err = gqlerror.Errorf("%s: provide first or last (at most %d)", f.Alias, w.limits.MaxPageSize)
	}
	if w.err == nil {
		return
	}
	w.err.Path = ast.Path{ast.PathName(f.Alias)}
	w.err.Extensions = map[string]any{"code": codePageSize, "field": "first"}
}
