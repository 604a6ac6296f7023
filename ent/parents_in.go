package ent

import (
	"database/sql/driver"

	"entgo.io/ent/dialect"
	entsql "entgo.io/ent/dialect/sql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/jsonappend"
)

// parentsIn is an eager loader's "column holds one of the parents' ids"
// (ent/template/m2m_pages.tmpl). On PostgreSQL it is column = ANY($n::uuid[])
// with one argument, the ids as an array literal: the statement's text is the
// same for any number of parents, so one prepared statement serves every page
// size, and the driver encodes one argument where an IN list had one per
// parent (for the tags of a page of 50 videos, 50 UUIDs each boxed, turned
// into a string and framed). Elsewhere (SQLite) it is ent's IN list.
func parentsIn(s *entsql.Selector, column string, keys []uuid.UUID) *entsql.Predicate {
	if s.Dialect() != dialect.Postgres {
		// The arguments point into keys: a uuid.UUID itself would be boxed,
		// an allocation an argument.
		ids := make([]driver.Value, len(keys))
		for i := range keys {
			ids[i] = &keys[i]
		}
		return entsql.InValues(column, ids...)
	}
	array := make([]byte, 0, 2+37*len(keys))
	array = append(array, '{')
	for i, k := range keys {
		if i > 0 {
			array = append(array, ',')
		}
		array = jsonappend.AppendUUID(array, k)
	}
	array = append(array, '}')
	literal := string(array)
	return entsql.P(func(b *entsql.Builder) {
		b.Ident(column).WriteString(" = ANY(").Arg(literal).WriteString("::uuid[])")
	})
}
