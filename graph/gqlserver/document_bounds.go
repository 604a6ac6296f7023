package gqlserver

import (
	"context"
	"fmt"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/lexer"
)

// codeDocumentLimit is the extensions.code of a document refused by its size
// before it is parsed. It is a protocol error, as gqlgen's parse and validation
// failures are: HTTP 422 (GraphQL over HTTP's status for a request that cannot
// be executed).
const codeDocumentLimit = "DOCUMENT_LIMIT_EXCEEDED"

func init() { errcode.RegisterErrorType(codeDocumentLimit, errcode.KindProtocol) }

// NewDocumentBounds returns the extension that refuses a query document larger than the limits allow before
// gqlgen parses and validates it. Validation is not linear in the document
// (OverlappingFieldsCanBeMerged compares the fields of a selection set in
// pairs: 12,000 copies of one field took 12 s), so the document is measured by
// one pass of gqlparser's lexer, which is linear and stops at the first limit
// passed. It runs before the persisted-query extension, so that a query that
// extension keeps (and gives back for its hash alone) has passed.
func NewDocumentBounds(l Limits) graphql.HandlerExtension { return documentBounds{limits: l} }

// documentBounds is the extension of NewDocumentBounds.
type documentBounds struct {
	limits Limits
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationParameterMutator
} = documentBounds{}

// ExtensionName implements graphql.HandlerExtension.
func (documentBounds) ExtensionName() string { return "VidraDocumentBounds" }

// Validate implements graphql.HandlerExtension.
func (documentBounds) Validate(graphql.ExecutableSchema) error { return nil }

// MutateOperationParameters implements graphql.OperationParameterMutator.
func (b documentBounds) MutateOperationParameters(_ context.Context, params *graphql.RawParams) *gqlerror.Error {
	return b.limits.checkDocument(params.Query)
}

// documentSize is what a document holds, counted in its text: fragments are
// not expanded (their expansion is bounded by MaxDepth and MaxComplexity once
// the document is valid).
type documentSize struct {
	tokens, fields, aliases, directives, nesting, definitions int
	// repeated counts the fields whose response name (alias or name) an earlier
	// field of the same selection set already has, inline fragments belonging
	// to the set they are in: validation compares each such field with every
	// other of its name, and their selections with each other's.
	repeated int
}

// documentScan is the state of one pass over a document's tokens.
type documentScan struct {
	size documentSize
	// sets are the response names seen in each open selection set, innermost
	// last; an inline fragment shares its parent's.
	sets []map[string]int
	// args counts the argument (or variable definition) lists open: braces in
	// them are object values, names are not fields.
	args int
	// inline is set between "..." and the brace of an inline fragment.
	inline bool
	// aliased is set after an alias's colon: the next name is the field's.
	aliased bool
	prev    [2]lexer.Type
	names   [2]string // the previous two tokens' values
}

// checkDocument measures query against the limits, stopping at the first one it
// passes. A document the lexer cannot read passes: the parser reports its syntax
// error, at the latest where the lexer stopped.
func (l Limits) checkDocument(query string) *gqlerror.Error {
	if len(query) > l.MaxQueryBytes {
		return documentLimitError("query is %d bytes long, which exceeds the limit of %d", len(query), l.MaxQueryBytes)
	}
	var scan documentScan
	lex := lexer.New(&ast.Source{Input: query})
	for {
		tok, err := lex.ReadToken()
		if err != nil || tok.Kind == lexer.EOF {
			return nil
		}
		if tok.Kind == lexer.Comment {
			continue
		}
		scan.token(tok)
		if err := l.checkSize(scan.size); err != nil {
			return err
		}
	}
}

// token counts one token.
func (s *documentScan) token(tok lexer.Token) {
	s.size.tokens++
	inSelection := s.args == 0 && len(s.sets) > 0
	switch tok.Kind {
	case lexer.ParenL:
		s.args++
	case lexer.ParenR:
		s.args = max(s.args-1, 0)
	case lexer.At:
		s.size.directives++
	case lexer.Spread:
		s.inline = true // until a fragment's name says it is a spread
	case lexer.BraceL:
		if s.args > 0 {
			break
		}
		switch {
		case len(s.sets) == 0:
			s.size.definitions++
			s.sets = append(s.sets, map[string]int{})
		case s.inline:
			s.sets = append(s.sets, s.sets[len(s.sets)-1])
		default:
			s.sets = append(s.sets, map[string]int{})
		}
		s.inline = false
		s.size.nesting = max(s.size.nesting, len(s.sets))
	case lexer.BraceR:
		if s.args == 0 && len(s.sets) > 0 {
			s.sets = s.sets[:len(s.sets)-1]
		}
	case lexer.Colon:
		if inSelection {
			// The name before it was an alias, counted as a field: the
			// field's name comes next and counts instead.
			s.size.aliases++
			s.size.fields--
			s.aliased = true
		}
	case lexer.Name:
		if !inSelection || !isSelection(tok.Value, s.prev, s.names) {
			break
		}
		if s.prev[1] == lexer.Spread {
			s.inline = false // a fragment spread
		}
		s.size.fields++
		if s.aliased {
			s.aliased = false
			break
		}
		set := s.sets[len(s.sets)-1]
		set[tok.Value]++
		if set[tok.Value] > 1 {
			s.size.repeated++
		}
	}
	s.prev[0], s.prev[1] = s.prev[1], tok.Kind
	s.names[0], s.names[1] = s.names[1], tok.Value
}

// isSelection tells whether name, a Name in a selection set after tokens of
// kinds prev holding names, is a field (or its alias) or a fragment spread
// rather than a directive's name, the "on" of an inline fragment or its type
// condition. (A fragment cannot be named "on".)
func isSelection(name string, prev [2]lexer.Type, names [2]string) bool {
	switch {
	case prev[1] == lexer.At:
		return false
	case prev[1] == lexer.Spread:
		return name != "on"
	case prev[0] == lexer.Spread && prev[1] == lexer.Name && names[1] == "on":
		return false
	}
	return true
}

// checkSize compares a document's size, as counted so far, with the limits.
func (l Limits) checkSize(s documentSize) *gqlerror.Error {
	if s.tokens <= l.MaxTokens && s.fields <= l.MaxFields && s.aliases <= l.MaxAliases &&
		s.directives <= l.MaxDirectives && s.nesting <= l.MaxNesting &&
		s.definitions <= l.MaxDefinitions && s.repeated <= l.MaxRepeatedFields {
		return nil // the common case, once per token
	}
	for _, c := range []struct {
		what   string
		n, max int
	}{
		{"tokens", s.tokens, l.MaxTokens},
		{"fields", s.fields, l.MaxFields},
		{"aliases", s.aliases, l.MaxAliases},
		{"directives", s.directives, l.MaxDirectives},
		{"nested selection sets", s.nesting, l.MaxNesting},
		{"operations and fragments", s.definitions, l.MaxDefinitions},
		{"fields repeating a name in their selection set", s.repeated, l.MaxRepeatedFields},
	} {
		if c.n > c.max {
			return documentLimitError("query has more than %d %s", c.max, c.what)
		}
	}
	return nil
}

// documentLimitError is a DOCUMENT_LIMIT_EXCEEDED error.
func documentLimitError(format string, args ...any) *gqlerror.Error {
	err := &gqlerror.Error{Message: fmt.Sprintf(format, args...)}
	errcode.Set(err, codeDocumentLimit)
	return err
}
