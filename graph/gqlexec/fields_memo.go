package gqlexec

import (
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// fieldsMemoSize bounds how many selection sets one operation's memo holds;
// an operation with more falls back to gqlgen's cache for the rest.
const fieldsMemoSize = 32

// FieldsMemo remembers, for one operation, the fields collected from each
// selection set for each object type, as gqlgen's per-operation cache does
// (graphql.CollectFields), which it calls for what it has not seen. gqlgen
// keys its cache by hashing the object type's names, through an allocated
// hasher, for every object it marshals: for a page of 50 videos, 100 times
// for two selection sets. A memo compares the selection set's and the type's
// slices by address, which identify them for as long as the operation runs
// (the parsed document and the generated implementor lists outlive it).
//
// The zero FieldsMemo is ready to use; it must not be copied once used.
type FieldsMemo struct {
	mu      sync.Mutex
	entries []memoEntry
	// first holds the first entries, so that an operation of a few object
	// types (a page of videos has five) grows no slice.
	first [8]memoEntry
}

// memoEntry is one selection set's fields for one object type, and the keys
// an object of them writes (see ObjectKeys).
type memoEntry struct {
	selection *ast.Selection
	length    int
	satisfies *string
	fields    []graphql.CollectedField
	keys      ObjectKeys
}

// Collect returns the fields of sel that apply to an object satisfying the
// types of satisfies: graphql.CollectFields(oc, sel, satisfies), remembered,
// with the keys an object of them writes.
func (m *FieldsMemo) Collect(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) ([]graphql.CollectedField, *ObjectKeys) {
	if len(sel) == 0 || len(satisfies) == 0 {
		fields := graphql.CollectFields(oc, sel, satisfies)
		return fields, KeysOf(fields)
	}
	key := memoEntry{selection: &sel[0], length: len(sel), satisfies: &satisfies[0]}
	m.mu.Lock()
	for i := range m.entries {
		if e := &m.entries[i]; e.selection == key.selection && e.length == key.length && e.satisfies == key.satisfies {
			fields, keys := e.fields, &e.keys
			m.mu.Unlock()
			return fields, keys
		}
	}
	m.mu.Unlock()
	key.fields = graphql.CollectFields(oc, sel, satisfies)
	key.keys = keysOf(key.fields)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.entries == nil {
		m.entries = m.first[:0]
	}
	if len(m.entries) == fieldsMemoSize {
		keys := key.keys // only this branch's copy escapes, not key
		return key.fields, &keys
	}
	// The keys are handed out by address: an entry's stays where it is (a
	// larger array, when the entries grow past first, holds copies).
	m.entries = append(m.entries, key)
	e := &m.entries[len(m.entries)-1]
	return e.fields, &e.keys
}
