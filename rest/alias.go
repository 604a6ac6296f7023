package rest

import (
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/formatter"
)

// A list row's nodes are most of its answer: 50 videos of a dozen fields each.
// Converting them member by member from GraphQL's keys to REST's (shape.go) was
// a tenth of the REST page's CPU. So a list row's operation asks for the REST
// keys itself: every field under the connection's node is aliased to its
// snake_case key (createdAt becomes created_at: createdAt), the executor writes
// the nodes in their REST form, and the conversion copies each node as it
// comes (shape.identity). The route table keeps the operations as written;
// the aliased text is what the row executes and pins in the query cache.

// aliasedAsREST aliases, in doc, every field under the connection's node (at
// any depth) to its REST key and returns the document's text. It reports
// false, leaving doc as it was, when the document has fragments or the
// connection's selection is not plain fields, each response key once per
// selection: a fragment may select the same fields elsewhere under their
// GraphQL keys, and a field selected twice would be aliased in one place only.
func aliasedAsREST(doc *ast.QueryDocument, c *connectionShape) (string, bool) {
	if len(doc.Fragments) > 0 ||
		!plainSelection(c.field.SelectionSet, func(f *ast.Field) string { return f.Alias }) ||
		!plainSelection(c.nodeField.SelectionSet, func(f *ast.Field) string { return snake(f.Alias) }) {
		return "", false
	}
	aliasFields(c.nodeField.SelectionSet)
	var b strings.Builder
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatQueryDocument(doc)
	return b.String(), true
}

// plainSelection reports whether set and every selection under it hold only
// fields, no two of one selection with the same key.
func plainSelection(set ast.SelectionSet, key func(*ast.Field) string) bool {
	seen := map[string]bool{}
	for _, sel := range set {
		f, ok := sel.(*ast.Field)
		if !ok || seen[key(f)] {
			return false
		}
		seen[key(f)] = true
		if !plainSelection(f.SelectionSet, key) {
			return false
		}
	}
	return true
}

// aliasFields sets the alias of every field in set, at any depth, to its REST key.
func aliasFields(set ast.SelectionSet) {
	for _, sel := range set {
		f := sel.(*ast.Field)
		f.Alias = snake(f.Alias)
		aliasFields(f.SelectionSet)
	}
}
