package gqlexec

import "slices"

// InlineInputFields is how many given fields of an input object
// InputFieldsInOrder orders without scanning its type's whole field list, and
// the size of the buffer the generated unmarshallers hand it on their stack.
const InlineInputFields = 8

// InputFieldsInOrder appends to buf the fields given in input, an input
// object's value, in order, the order of its type's fields, and returns it:
// the fields gqlgen's unmarshallers visit, in the order they visit them,
// without its map lookup for every field of the type (some 150 for a where
// filter of videos, for one field given). Names that are not fields of the
// type are left out, as gqlgen leaves them.
func InputFieldsInOrder(input map[string]any, order []string, buf []string) []string {
	given := buf[:0]
	if len(input) > InlineInputFields {
		for _, name := range order {
			if _, ok := input[name]; ok {
				given = append(given, name)
				if len(given) == len(input) {
					break
				}
			}
		}
		return given
	}
	// Few fields: find each one's place in order, and keep the places sorted.
	var places [InlineInputFields]int
	n := 0
	for name := range input {
		place := slices.Index(order, name)
		if place < 0 {
			continue
		}
		i := n
		for ; i > 0 && places[i-1] > place; i-- {
			places[i] = places[i-1]
		}
		places[i] = place
		n++
	}
	for _, place := range places[:n] {
		given = append(given, order[place])
	}
	return given
}
