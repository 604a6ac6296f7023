package gqlexec

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// NewFieldSet is graphql.NewFieldSet for an object whose marshaller uses its
// set in more ways than LazyFieldSet offers (the root types', whose fields
// go through the root resolver middleware), returned with the marshaler that
// writes the object from the set's values once they are all resolved (after
// Dispatch). There is one such object per operation.
//
// The set is gqlgen's own type, with its values but not its fields: it is
// never written itself (the returned marshaler writes the object), and no
// view is made of it (@defer views are made of a separate deferred set), the
// two uses gqlgen has for a set's fields.
func NewFieldSet(keys *ObjectKeys) (*graphql.FieldSet, graphql.Marshaler) {
	o := newObject(keys)
	return &graphql.FieldSet{Values: o.values}, o
}

// newObject returns the writer of an object with these keys, its values (to
// be filled in) in the same allocation when there are at most 16.
func newObject(keys *ObjectKeys) *object {
	n := len(*keys)
	var (
		o      *object
		values []graphql.Marshaler
	)
	switch {
	case n <= 1:
		o, values = new(objectOf1).parts()
	case n == 2:
		o, values = new(objectOf2).parts()
	case n == 3:
		o, values = new(objectOf3).parts()
	case n == 4:
		o, values = new(objectOf4).parts()
	case n == 5:
		o, values = new(objectOf5).parts()
	case n == 6:
		o, values = new(objectOf6).parts()
	case n <= 8:
		o, values = new(objectOf8).parts()
	case n <= 12:
		o, values = new(objectOf12).parts()
	case n <= 16:
		o, values = new(objectOf16).parts()
	default:
		o, values = new(object), make([]graphql.Marshaler, n)
	}
	o.keys, o.values = keys, values[:n:n]
	return o
}

// parts returns an objectOfN's writer and its room for values.
func (c *objectOf1) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf2) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf3) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf4) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf5) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf6) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf8) parts() (*object, []graphql.Marshaler)  { return &c.object, c.values[:] }
func (c *objectOf12) parts() (*object, []graphql.Marshaler) { return &c.object, c.values[:] }
func (c *objectOf16) parts() (*object, []graphql.Marshaler) { return &c.object, c.values[:] }

// objectOfN is an object's writer with room for N values. Go has no arrays
// of a length chosen at run time, so there is one type per size. Objects have
// few fields (a page of videos: 1 or 2 per edge, 5 to 20 per video); up to 6
// every count has its own size, each one of Go's allocation size classes
// (32 bytes and 16 a value), and above the sizes keep the waste to a third.
type (
	objectOf1 struct {
		object
		values [1]graphql.Marshaler
	}
	objectOf2 struct {
		object
		values [2]graphql.Marshaler
	}
	objectOf3 struct {
		object
		values [3]graphql.Marshaler
	}
	objectOf4 struct {
		object
		values [4]graphql.Marshaler
	}
	objectOf5 struct {
		object
		values [5]graphql.Marshaler
	}
	objectOf6 struct {
		object
		values [6]graphql.Marshaler
	}
	objectOf8 struct {
		object
		values [8]graphql.Marshaler
	}
	objectOf12 struct {
		object
		values [12]graphql.Marshaler
	}
	objectOf16 struct {
		object
		values [16]graphql.Marshaler
	}
)

// LazyFieldSet is the field set of an object, as a value on its marshaller's
// stack: its values, and gqlgen's FieldSet, which queues and runs the fields
// resolved concurrently (those with resolvers), made only when the first of
// them is selected (Set). gqlgen allocates a FieldSet and its values for
// every object; a page of videos that selects none of a video's resolver
// fields makes none, for its edges or its videos.
type LazyFieldSet struct {
	// Values are the marshalled fields, in the order of the collected fields.
	Values []graphql.Marshaler
	// Invalids counts the non-null fields that came out null, those resolved
	// concurrently included once Dispatch has returned.
	Invalids uint32
	set      *graphql.FieldSet
}

// NewLazyFieldSet returns the field set of an object with these keys, and
// the marshaler that writes the object from the set's values once they are
// all resolved (after Dispatch). The values and the marshaler are one
// allocation for an object of up to 16 fields (see newObject).
func NewLazyFieldSet(keys *ObjectKeys) (LazyFieldSet, graphql.Marshaler) {
	o := newObject(keys)
	return LazyFieldSet{Values: o.values}, o
}

// Set returns gqlgen's field set that runs the concurrently resolved fields,
// writing their values into Values; the first call makes it. It has no
// fields of its own: it is never written itself and no @defer view is made
// of it (see NewFieldSet).
func (s *LazyFieldSet) Set() *graphql.FieldSet {
	if s.set == nil {
		s.set = &graphql.FieldSet{Values: s.Values}
	}
	return s.set
}

// Dispatch resolves the queued fields, if any, as gqlgen's FieldSet.Dispatch
// does, and adds the non-null ones that came out null to Invalids.
func (s *LazyFieldSet) Dispatch(ctx context.Context) {
	if s.set == nil {
		return
	}
	s.set.Dispatch(ctx)
	s.Invalids += s.set.Invalids
}
