package rest

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
	"github.com/vektah/gqlparser/v2/validator"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// Where a variable's value comes from.
type source int

const (
	fromPath source = iota
	fromQuery
	fromBody // a top-level key of the JSON body (or a multipart part)
	fromWholeBody
	fromList // ?sort= or the Filters of a list row
)

// binding ties one variable of an operation to the request.
type binding struct {
	def    *ast.VariableDefinition
	source source
	// key is the variable's name on the REST side: the path parameter as written,
	// or the snake_case query or body key (limit and cursor for first and after).
	key string
}

// compiled is a route checked against the schema, with everything a request needs
// worked out once: the parsed operation, where each variable comes from and how the
// result is shaped.
type compiled struct {
	Route
	doc      *ast.QueryDocument
	op       *ast.OperationDefinition
	bindings []*binding
	byKey    map[source]map[string]*binding // query and body keys
	// params are the path parameters, in order.
	params []string
	// textParams are the path parameters ending in Id whose variable is a
	// String: free text, not UUIDs.
	textParams map[string]bool
	// result is the field whose value is the result; its shape converts it.
	result     *ast.Field
	shape      *shape
	connection *connectionShape
	// hasBody tells whether the route reads a body.
	hasBody bool
	// fullPath is the path on the server, for errors and OpenAPI.
	fullPath string
	// fromParam maps the GraphQL names (arguments and input fields) whose value is a
	// path parameter to that parameter: an INVALID_INPUT error about one means the
	// path names something that does not exist, a 404.
	fromParam map[string]string
	// resultSteps are the response keys from the data down to the result.
	resultSteps []string
	// sort is the row's ?sort=, when its operation declares an order variable.
	sort *sortParam
	// filters are the row's Filters, checked against its $where.
	filters []*filter
}

var pathParam = regexp.MustCompile(`\{([^}:]+)(:[^}]*)?\}`)

// isIDParam tells the path parameters that must be UUIDs: id and names ending in
// Id, unless the row's variable is a String (a free-text id: the user a player
// reports to analytics).
func (c *compiled) isIDParam(name string) bool {
	return (name == "id" || strings.HasSuffix(name, "Id")) && !c.textParams[name]
}

// basePath is the prefix a host's paths are relative to.
func basePath(host string) string {
	switch host {
	case HostAdmin:
		return "/v1/admin"
	case HostAnalytics:
		return ""
	case HostMainV2:
		return "/v2"
	}
	return "/v1"
}

// compile parses and validates a row's operation against the schema and binds
// its variables; any mistake in the row is an error naming it.
func compile(schema *ast.Schema, r Route) (*compiled, error) {
	name := r.Method + " " + basePath(r.Host) + r.Path
	fail := func(format string, args ...any) error {
		return fmt.Errorf("rest route %s: %s", name, fmt.Sprintf(format, args...))
	}
	switch r.Method {
	case http.MethodGet, http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return nil, fail("unsupported method")
	}
	switch r.Host {
	case HostMain, HostMainV2, HostAdmin, HostAnalytics:
	default:
		return nil, fail("unknown host %q", r.Host)
	}
	if r.AdminKey && (r.Host != HostMain || r.Public) {
		return nil, fail("AdminKey is for non-public rows of the main host (the admin host always needs the key)")
	}
	if r.Host == HostAnalytics && !strings.HasPrefix(r.Path, "/report/v1/") && !strings.HasPrefix(r.Path, "/collect/v1/") {
		return nil, fail("analytics paths start with /report/v1/ or /collect/v1/")
	}
	if !strings.HasPrefix(r.Path, "/") {
		return nil, fail("path must start with /")
	}
	if r.Message == "" {
		return nil, fail("no success message")
	}
	doc, gerr := parser.ParseQuery(&ast.Source{Name: name, Input: r.Operation})
	if gerr != nil {
		return nil, fail("parse: %v", gerr)
	}
	if errs := validator.ValidateWithRules(schema, doc, rules.NewDefaultRules()); len(errs) > 0 {
		return nil, fail("invalid operation: %v", errs)
	}
	if len(doc.Operations) != 1 {
		return nil, fail("want exactly one operation, got %d", len(doc.Operations))
	}
	c := &compiled{Route: r, doc: doc, op: doc.Operations[0], fullPath: basePath(r.Host) + r.Path,
		byKey: map[source]map[string]*binding{fromQuery: {}, fromBody: {}}}
	if c.op.Operation == ast.Subscription {
		return nil, fail("subscriptions cannot be REST routes")
	}
	roots := collectFields(c.op.SelectionSet)
	if len(roots) != 1 {
		return nil, fail("want exactly one root field, got %d", len(roots))
	}
	c.result = roots[0]
	c.resultSteps = []string{roots[0].Alias}
	if r.ResultPath != "" {
		c.resultSteps = append(c.resultSteps, strings.Split(r.ResultPath, ".")...)
		for _, step := range strings.Split(r.ResultPath, ".") {
			var next *ast.Field
			for _, f := range collectFields(c.result.SelectionSet) {
				if f.Alias == step {
					next = f
				}
			}
			if next == nil {
				return nil, fail("result path %q: no field %q selected", r.ResultPath, step)
			}
			if len(collectFields(c.result.SelectionSet)) != 1 {
				return nil, fail("result path %q: select only %q at its level", r.ResultPath, step)
			}
			c.result = next
		}
	}
	if isConnection(c.result) {
		conn, err := newConnectionShape(c.result)
		if err != nil {
			return nil, fail("%v", err)
		}
		c.connection = conn
	} else {
		c.shape = newShape(c.result.SelectionSet)
	}
	if r.UnavailableUnless != "" {
		f := c.result.Definition
		if c.shape == nil || f == nil || !selects(c.result, r.UnavailableUnless, "Boolean") {
			return nil, fail("UnavailableUnless %q is not a selected Boolean field of the result", r.UnavailableUnless)
		}
	}
	if err := c.bind(schema); err != nil {
		return nil, fail("%v", err)
	}
	c.fromParam = map[string]string{}
	c.mapParams(roots[0].Arguments)
	if c.connection != nil && !c.connection.node.identity {
		if text, ok := aliasedAsREST(c.doc, c.connection); ok {
			r.Operation = text
			return compile(schema, r)
		}
	}
	return c, nil
}

// selects tells whether a field selects a child of the named scalar type.
func selects(f *ast.Field, alias, typeName string) bool {
	for _, child := range collectFields(f.SelectionSet) {
		if child.Alias == alias && child.Definition != nil && child.Definition.Type.NamedType == typeName {
			return true
		}
	}
	return false
}

// bind decides where each variable of the operation comes from.
func (c *compiled) bind(schema *ast.Schema) error {
	for _, m := range pathParam.FindAllStringSubmatch(c.Path, -1) {
		c.params = append(c.params, m[1])
	}
	bodyMethod := c.Method == http.MethodPost || c.Method == http.MethodPut || c.Method == http.MethodPatch
	if c.BodyVar != "" && !bodyMethod {
		return fmt.Errorf("BodyVar needs POST, PUT or PATCH")
	}
	seenParam := map[string]bool{}
	for _, p := range c.params {
		seenParam[p] = true
		def := c.op.VariableDefinitions.ForName(p)
		if def == nil {
			return fmt.Errorf("path parameter {%s} fills no variable $%s", p, p)
		}
		if def.Type.Elem == nil && def.Type.NamedType == "String" {
			if c.textParams == nil {
				c.textParams = map[string]bool{}
			}
			c.textParams[p] = true
		}
	}
	foundBodyVar := false
	for _, def := range c.op.VariableDefinitions {
		b := &binding{def: def}
		sortParam, err := newSortParam(schema, def)
		if err != nil {
			return err
		}
		switch {
		case sortParam != nil && !seenParam[def.Variable] && def.Variable != c.BodyVar:
			if c.connection == nil || c.sort != nil {
				return fmt.Errorf("$%s: ?sort= is for one order variable of a list row", def.Variable)
			}
			b.source, b.key = fromList, sortKey
			c.sort = sortParam
		case def.Variable == whereVariable && len(c.Filters) > 0:
			if c.connection == nil {
				return fmt.Errorf("row Filters are for list rows")
			}
			if c.filters, err = newFilters(schema, def, c.Filters); err != nil {
				return err
			}
			b.source, b.key = fromList, whereVariable
		case seenParam[def.Variable]:
			b.source, b.key = fromPath, def.Variable
		case def.Variable == c.BodyVar:
			b.source, b.key = fromWholeBody, "body"
			foundBodyVar = true
			c.hasBody = true
		case def.Variable == "first":
			b.source, b.key = fromQuery, "limit"
		case def.Variable == "after":
			b.source, b.key = fromQuery, "cursor"
		case bodyMethod && c.BodyVar == "":
			b.source, b.key = fromBody, snake(def.Variable)
			c.hasBody = true
		default:
			b.source, b.key = fromQuery, snake(def.Variable)
		}
		if b.source == fromPath && def.Type.NamedType != "ID" && def.Type.NamedType != "String" {
			return fmt.Errorf("path parameter {%s} must fill an ID or String variable", def.Variable)
		}
		if def.Type.NamedType == "Upload" && b.source != fromBody {
			return fmt.Errorf("$%s: an Upload comes from a multipart body", def.Variable)
		}
		if b.source == fromQuery || b.source == fromBody {
			if prev := c.byKey[b.source][b.key]; prev != nil {
				return fmt.Errorf("$%s and $%s both read %q", prev.def.Variable, def.Variable, b.key)
			}
			c.byKey[b.source][b.key] = b
		}
		if b.source == fromQuery {
			if def := schema.Types[def.Type.Name()]; def != nil && def.Kind == ast.InputObject {
				return fmt.Errorf("$%s: input objects cannot come from the query", b.def.Variable)
			}
		}
		c.bindings = append(c.bindings, b)
	}
	if c.BodyVar != "" && !foundBodyVar {
		return fmt.Errorf("BodyVar %q is not a variable of the operation", c.BodyVar)
	}
	if len(c.Filters) > 0 && c.filters == nil {
		return fmt.Errorf("row Filters need a $%s variable", whereVariable)
	}
	for _, f := range c.filters {
		if prev := c.byKey[fromQuery][f.param]; prev != nil || (c.sort != nil && f.param == sortKey) {
			return fmt.Errorf("filter %s is also another query parameter", f.param)
		}
	}
	if c.sort != nil && c.byKey[fromQuery][sortKey] != nil {
		return fmt.Errorf("$%s reads ?sort=, which the order variable fills", c.byKey[fromQuery][sortKey].def.Variable)
	}
	return nil
}

// mapParams records which arguments and input fields take a path parameter.
func (c *compiled) mapParams(args ast.ArgumentList) {
	var walk func(name string, v *ast.Value)
	walk = func(name string, v *ast.Value) {
		switch v.Kind {
		case ast.Variable:
			for _, p := range c.params {
				if p == v.Raw {
					c.fromParam[name] = p
				}
			}
		case ast.ObjectValue:
			for _, child := range v.Children {
				walk(child.Name, child.Value)
			}
		}
	}
	for _, a := range args {
		walk(a.Name, a.Value)
	}
}

// collectFields lists the fields of a selection set, looking through fragments.
func collectFields(set ast.SelectionSet) []*ast.Field {
	var out []*ast.Field
	seen := map[string]bool{}
	var walk func(ast.SelectionSet)
	walk = func(set ast.SelectionSet) {
		for _, sel := range set {
			switch s := sel.(type) {
			case *ast.Field:
				if !seen[s.Alias] {
					seen[s.Alias] = true
					out = append(out, s)
				}
			case *ast.InlineFragment:
				walk(s.SelectionSet)
			case *ast.FragmentSpread:
				if s.Definition != nil {
					walk(s.Definition.SelectionSet)
				}
			}
		}
	}
	walk(set)
	return out
}
