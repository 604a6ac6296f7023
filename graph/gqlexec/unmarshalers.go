package gqlexec

import (
	"reflect"
	"sync"
)

// Unmarshalers is what graphql.BuildUnmarshalerMap makes: each input type's
// unmarshaller, which graphql.UnmarshalInputFromContext looks up (ent's field
// collection does, for the where argument of a nested connection).
type Unmarshalers = map[reflect.Type]reflect.Value

// OnceUnmarshalers returns a function giving build's map, built on its first
// call only. gqlgen builds the map, by reflection over some seventy method
// values, at the start of every operation: about 10 KB and 3% of the CPU of a
// page of videos. The generated executor builds it once instead (see
// graph/codegen), which is sound because its unmarshallers read nothing of
// the execution they are bound to.
func OnceUnmarshalers(build func() Unmarshalers) func() Unmarshalers {
	return sync.OnceValue(build)
}
