package schema

import (
	"entgo.io/ent"
	"entgo.io/ent/schema/index"
)

// orderedBy returns the indexes a Relay connection of an entity's rows under
// one parent needs: (parent, id) for the default order and (parent, field, id)
// for each ordering field, id being the tie-break every page is ordered by.
// With them a parent's page is an index range read that stops at the page's
// LIMIT, in either direction (a descending order reads the index backwards).
func orderedBy(parent string, fields ...string) []ent.Index {
	indexes := []ent.Index{index.Fields(parent, "id")}
	for _, f := range fields {
		indexes = append(indexes, index.Fields(parent, f, "id"))
	}
	return indexes
}
