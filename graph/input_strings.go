package graph

import (
	"context"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// inputStrings refuses an operation, before any resolver runs, when a string it
// was given (a variable's value at any depth, or a literal argument; String, ID,
// enums, custom scalars, the keys and string values of JSON scalars and the file
// name of an upload) is not valid UTF-8 or holds a control character: neither
// database stores every such string (PostgreSQL refuses NUL), and no field of
// the domain has a use for them. Text may hold tabs and line breaks; single-line
// fields (names, titles, keys, e-mails, credentials, URLs, see singleLineField)
// may not. The error is INVALID_INPUT with the value's path (["variable", name,
// field...] for variables, as the executor's own coercion errors), which the
// REST layer maps to 422 naming its field.
type inputStrings struct {
	schema *ast.Schema
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = (*inputStrings)(nil)

// ExtensionName implements graphql.HandlerExtension.
func (*inputStrings) ExtensionName() string { return "VidraInputStrings" }

// Validate implements graphql.HandlerExtension.
func (c *inputStrings) Validate(es graphql.ExecutableSchema) error {
	c.schema = es.Schema()
	return nil
}

// MutateOperationContext implements graphql.OperationContextMutator: it runs after
// the variables are coerced and before execution.
func (c *inputStrings) MutateOperationContext(_ context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	if oc.Operation == nil {
		return nil
	}
	w := literalWalker{check: c, doc: oc.Doc, visited: map[string]bool{}, usedAs: map[string]string{}}
	w.selectionSet(oc.Operation.SelectionSet)
	if w.err != nil {
		return w.err
	}
	for _, def := range oc.Operation.VariableDefinitions {
		v, ok := oc.Variables[def.Variable]
		if !ok {
			continue
		}
		// A variable is single-line by the argument or field it fills, not by the
		// name the client gave it.
		field, ok := w.usedAs[def.Variable]
		if !ok {
			field = def.Variable
		}
		path := ast.Path{ast.PathName("variable"), ast.PathName(def.Variable)}
		if err := c.value(v, def.Type, path, singleLineField(field)); err != nil {
			return err
		}
	}
	return nil
}

// value checks a coerced variable value of type t (nil when unknown, as inside a
// JSON scalar); singleLine is whether the field holding it is a single-line one.
func (c *inputStrings) value(v any, t *ast.Type, path ast.Path, singleLine bool) *gqlerror.Error {
	switch v := v.(type) {
	case string:
		if t != nil && t.NamedType == "Upload" {
			return nil // not a file: the Upload scalar refuses it as malformed
		}
		return badString(v, path, singleLine)
	case []any:
		var elem *ast.Type
		if t != nil {
			elem = t.Elem
		}
		for i, item := range v {
			if err := c.value(item, elem, appendPath(path, ast.PathIndex(i)), singleLine); err != nil {
				return err
			}
		}
	case map[string]any:
		var fields ast.FieldList
		if t != nil && t.Elem == nil {
			if def := c.schema.Types[t.NamedType]; def != nil && def.Kind == ast.InputObject {
				fields = def.Fields
			}
		}
		for key, item := range v {
			keyPath := appendPath(path, ast.PathName(key))
			if err := badString(key, keyPath, true); err != nil {
				return err
			}
			var ft *ast.Type
			single := false
			if f := fields.ForName(key); f != nil {
				ft, single = f.Type, singleLineField(key)
			}
			if err := c.value(item, ft, keyPath, single); err != nil {
				return err
			}
		}
	case graphql.Upload:
		return badString(v.Filename, appendPath(path, ast.PathName("filename")), true)
	}
	return nil
}

// literalWalker checks the string literals of an operation's field arguments.
type literalWalker struct {
	check   *inputStrings
	doc     *ast.QueryDocument
	visited map[string]bool
	// usedAs maps each variable to the argument or input field it fills (the
	// last one seen when it fills several).
	usedAs map[string]string
	err    *gqlerror.Error
}

func (w *literalWalker) selectionSet(set ast.SelectionSet) {
	for _, sel := range set {
		if w.err != nil {
			return
		}
		switch s := sel.(type) {
		case *ast.Field:
			for _, arg := range s.Arguments {
				path := ast.Path{ast.PathName(s.Alias), ast.PathName(arg.Name)}
				if w.err = w.literal(arg.Value, arg.Name, path, singleLineField(arg.Name)); w.err != nil {
					return
				}
			}
			w.selectionSet(s.SelectionSet)
		case *ast.InlineFragment:
			w.selectionSet(s.SelectionSet)
		case *ast.FragmentSpread:
			if w.visited[s.Name] {
				continue // validation refuses cycles; a fragment's literals are checked once
			}
			w.visited[s.Name] = true
			if def := w.doc.Fragments.ForName(s.Name); def != nil {
				w.selectionSet(def.SelectionSet)
			}
		}
	}
}

// literal checks a literal value, the value of the argument or input field
// name; it records which field each variable inside it fills, for the check of
// the variables.
func (w *literalWalker) literal(v *ast.Value, name string, path ast.Path, singleLine bool) *gqlerror.Error {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case ast.Variable:
		w.usedAs[v.Raw] = name
	case ast.StringValue, ast.BlockValue, ast.EnumValue:
		return badString(v.Raw, path, singleLine)
	case ast.ListValue:
		for i, child := range v.Children {
			if err := w.literal(child.Value, name, appendPath(path, ast.PathIndex(i)), singleLine); err != nil {
				return err
			}
		}
	case ast.ObjectValue:
		typed := v.Definition != nil && v.Definition.Kind == ast.InputObject
		for _, child := range v.Children {
			childPath := appendPath(path, ast.PathName(child.Name))
			if err := badString(child.Name, childPath, true); err != nil {
				return err
			}
			if err := w.literal(child.Value, child.Name, childPath, typed && singleLineField(child.Name)); err != nil {
				return err
			}
		}
	}
	return nil
}

// badString is the error for a string that is not valid UTF-8 or holds a control
// character (tab, line feed and carriage return are allowed unless singleLine),
// nil for a good one.
func badString(s string, path ast.Path, singleLine bool) *gqlerror.Error {
	problem := ""
	if !utf8.ValidString(s) {
		problem = "is not valid UTF-8"
	} else {
		for _, r := range s {
			if r == 0 {
				problem = "contains a NUL character"
				break
			}
			if isControl(r) && (singleLine || (r != '\t' && r != '\n' && r != '\r')) {
				problem = fmt.Sprintf("contains the control character U+%04X", r)
				break
			}
		}
	}
	if problem == "" {
		return nil
	}
	name := fieldPath(path)
	err := gqlerror.Errorf("%s %s", name, problem)
	err.Path = path
	err.Extensions = map[string]any{"code": string(KindInvalidInput)}
	return err
}

// isControl reports the C0 controls and DEL, the characters no text field takes
// (C1 controls and other format characters are left to the fields' own rules).
func isControl(r rune) bool { return r < 0x20 || r == 0x7f }

// singleLineField reports whether an input field or argument of that name holds
// one line: a name, title, key, e-mail, credential, token, URL or code, which end
// up in headers, URLs, file names and unique keys.
func singleLineField(name string) bool {
	lower := strings.ToLower(name)
	for _, suffix := range []string{"name", "title", "key", "email", "credential", "token", "url", "code", "slug", "provider", "lang", "language", "label"} {
		if strings.HasSuffix(lower, suffix) {
			return true
		}
	}
	return false
}

// fieldPath names a value by its path: "input.name", "settings[0].key"; a
// variable's path leaves out the leading "variable".
func fieldPath(path ast.Path) string {
	var b strings.Builder
	for i, el := range path {
		switch el := el.(type) {
		case ast.PathName:
			if i == 0 && el == "variable" && len(path) > 1 {
				continue
			}
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(el))
		case ast.PathIndex:
			fmt.Fprintf(&b, "[%d]", int(el))
		}
	}
	return b.String()
}

// appendPath returns a new path: el after path, never sharing path's array.
func appendPath(path ast.Path, el ast.PathElement) ast.Path {
	out := make(ast.Path, len(path), len(path)+1)
	copy(out, path)
	return append(out, el)
}
