package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// A rewrite changes the generated executor's source, or fails when gqlgen's
// output no longer has the shape it expects, so a gqlgen upgrade cannot turn
// one into a silent no-op.
type rewrite struct {
	name  string
	apply func(src []byte) ([]byte, error)
}

// rewrites are applied in order to the generated executor.
var rewrites = []rewrite{
	{"lists marshalled in place", marshalListsInOrder},
	{"list elements' results kept until their field context is made", elementResultsOnDemand},
	{"plain fields read directly", resolvePlainFields},
	{"leaf fields written from the object's fields", resolveLeafRefs},
	{"input unmarshaller map built once", buildUnmarshalersOnce},
	{"input objects' given fields visited, not every field of the type", inputFieldsGiven},
	{"input objects without defaults read as given, not copied", inputsReadAsGiven},
	{"scalar field contexts made once per type", shareScalarChildren},
	{"no deferred group without @defer", skipEmptyDeferredGroups},
	{"deferred field sets made on the first @defer", deferredSetsOnDemand},
	{"objects written from their fields", writeObjectsDirectly},
	{"objects' field sets kept on the stack, gqlgen's made on a first concurrent field", lazyFieldSets},
	{"fields collected once per operation and selection", collectFieldsOnce},
	{"response data written into the transport's buffer", lentResponseBuffers},
}

// replaceEach replaces every occurrence of old with new. Every one of them
// contains marker, so old found fewer times than marker, or not at all, means
// gqlgen's output has changed shape; what names them in that error.
func replaceEach(src []byte, what, marker, old, new string) ([]byte, error) {
	all, expected := bytes.Count(src, []byte(marker)), bytes.Count(src, []byte(old))
	if expected == 0 || expected != all {
		return nil, fmt.Errorf("%d of %d %s have the expected shape; has gqlgen's output changed?", expected, all, what)
	}
	return bytes.ReplaceAll(src, []byte(old), []byte(new)), nil
}

// concurrentCall is how gqlgen's executor calls its list marshaller with a
// worker limit of 1 and panic handlers on; inOrderCall is what it becomes.
const (
	concurrentCall = "graphql.MarshalSliceConcurrently(ctx, len(v), 1, false, func"
	inOrderCall    = "gqlexec.MarshalSliceInOrder(ctx, len(v), false, func"
	anyConcurrent  = "graphql.MarshalSliceConcurrently("
)

// marshalListsInOrder has lists marshalled element after element in the
// calling goroutine (gqlexec.MarshalSliceInOrder).
func marshalListsInOrder(src []byte) ([]byte, error) {
	return replaceEach(src, "list marshal calls (is exec.worker_limit still 1 and omit_panic_handler false in gqlgen.yml?)",
		anyConcurrent, concurrentCall, inOrderCall)
}

// elementResult is how gqlgen's list marshallers give each element's field
// context its Result; elementResultRecorded, the same without making the
// field context (gqlexec.SetElementResult).
const (
	elementResult         = "\t\tfc := graphql.GetFieldContext(ctx)\n\t\tfc.Result = &v[i]\n"
	elementResultRecorded = "\t\tgqlexec.SetElementResult(ctx, &v[i])\n"
)

// elementResultsOnDemand has list elements' results recorded in their
// contexts, so that an element's field context is made only when something
// asks for it (see gqlexec.MarshalSliceInOrder).
func elementResultsOnDemand(src []byte) ([]byte, error) {
	return replaceEach(src, "list element results", "fc.Result = &v[i]", elementResult, elementResultRecorded)
}

// plainFieldCall is gqlgen's call for a field read from a struct field with no
// resolver, method or directive (the middleware argument is nil).
var plainFieldCall = regexp.MustCompile(`(?m)^	return graphql\.ResolveField\(
		ctx,
		ec\.OperationContext,
		field,
		func\(ctx context\.Context, field graphql\.CollectedField\) \(\*graphql\.FieldContext, error\) \{
			return ec\.(fieldContext_\w+)\(ctx, field\)
		\},
		func\(ctx context\.Context\) \(any, error\) \{
			return obj\.(\w+), nil
		\},
		nil,
		func\(ctx context\.Context, selections ast\.SelectionSet, v [^\n]+\) graphql\.Marshaler \{
			return ec\.([\p{L}\p{N}_]+)\(ctx, selections, v\)
		\},
		true,
		(true|false),
	\)
`)

// anyPlainField counts the resolver closures that read a struct field.
var anyPlainField = regexp.MustCompile(`(?m)^			return obj\.\w+, nil$`)

// resolvePlainFields has fields read from struct fields marshalled by
// gqlexec.ResolvePlainField.
func resolvePlainFields(src []byte) ([]byte, error) {
	all := len(anyPlainField.FindAll(src, -1))
	calls := len(plainFieldCall.FindAll(src, -1))
	if calls == 0 || calls != all {
		return nil, fmt.Errorf("%d of %d struct-field reads are in ResolveField calls of the expected shape; has gqlgen's output changed?", calls, all)
	}
	return plainFieldCall.ReplaceAll(src, []byte("\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).$1, obj.$2, ec.$3, $4)\n")), nil
}

// scalarMarshallerBody is gqlgen's body of a non-null scalar marshaller: the
// scalar's function, then an error in the field's context when it gave null,
// and the result, kept with the context by a context marshaller.
var scalarMarshallerBody = regexp.MustCompile(`^\t_ = sel\n\tres := ((?:graphql|gqlexec)\.\w+)\(v\)\n\tif res == graphql\.Null \{\n\t\tif !graphql\.HasFieldError\(ctx, graphql\.GetFieldContext\(ctx\)\) \{\n\t\t\tgraphql\.AddErrorf\(ctx, "the requested element is null which the schema does not allow"\)\n\t\t\}\n\t\}\n\treturn (res|graphql\.WrapContextMarshaler\(ctx, res\))\n$`)

// plainFieldResolution is a plain field's call as resolvePlainFields writes it.
var plainFieldResolution = regexp.MustCompile(`gqlexec\.ResolvePlainField\(ctx, ec\.OperationContext, field, ec, \(\*executionContext\)\.(\w+), obj\.(\w+), ec\.([\p{L}\p{N}_]+), (true|false)\)`)

// unmarshalerMapCall is where gqlgen's Exec builds the input unmarshaller map
// from method values of the operation's execution context.
var unmarshalerMapCall = regexp.MustCompile(`\tinputUnmarshalMap := graphql\.BuildUnmarshalerMap\(\n((?:\t\tec\.unmarshalInput\w+,\n)+)\t\)\n`)

// unmarshallerDecl matches a generated unmarshaller and its body; ecUse, what
// a body reads of its execution context.
var (
	unmarshallerDecl = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) (unmarshal[\p{L}\p{N}_]+)\([^\n]*\{\n((?:\t.*\n|\n)*?)\}\n`)
	ecUse            = regexp.MustCompile(`\bec\.([\p{L}\p{N}_]+)`)
)

// unmarshalersOnce declares the map built once, from an empty execution
// context; {{list}} is the method values gqlgen listed.
const unmarshalersOnce = `
// inputUnmarshalers is the input unmarshaller map of every operation, built
// once (graph/codegen): the unmarshallers read nothing of their execution
// context but each other, so an empty one serves every operation.
var inputUnmarshalers = gqlexec.OnceUnmarshalers(func() gqlexec.Unmarshalers {
	ec := &executionContext{}
	return graphql.BuildUnmarshalerMap(
{{list}}	)
})
`

// buildUnmarshalersOnce has Exec take the input unmarshaller map built once
// (gqlexec.OnceUnmarshalers) instead of building it for every operation. It
// fails when an unmarshaller reads anything of its execution context besides
// other unmarshallers: the map could then not be shared.
func buildUnmarshalersOnce(src []byte) ([]byte, error) {
	calls := unmarshalerMapCall.FindAllSubmatchIndex(src, -1)
	if len(calls) != 1 || bytes.Count(src, []byte("graphql.BuildUnmarshalerMap(")) != 1 {
		return nil, fmt.Errorf("%d of %d unmarshaller maps have the expected shape; has gqlgen's output changed?",
			len(calls), bytes.Count(src, []byte("graphql.BuildUnmarshalerMap(")))
	}
	for _, m := range unmarshallerDecl.FindAllSubmatch(src, -1) {
		for _, use := range ecUse.FindAllSubmatch(m[2], -1) {
			if !bytes.HasPrefix(use[1], []byte("unmarshal")) {
				return nil, fmt.Errorf("%s reads ec.%s, so the unmarshaller map cannot be shared between operations", m[1], use[1])
			}
		}
	}
	call := calls[0]
	list := src[call[2]:call[3]]
	out := make([]byte, 0, len(src)+len(list)+len(unmarshalersOnce))
	out = append(out, src[:call[0]]...)
	out = append(out, "\tinputUnmarshalMap := inputUnmarshalers()\n"...)
	out = append(out, src[call[1]:]...)
	return append(out, bytes.Replace([]byte(unmarshalersOnce), []byte("{{list}}"), list, 1)...), nil
}

// scalarFieldContext is gqlgen's field context of a scalar or enum field, which
// makes a new error and Child closure on every call.
var scalarFieldContext = regexp.MustCompile(`graphql\.NewScalarFieldContext\(("\w+"), field, (true|false), (true|false), errors\.New\(("field of type [^"]+ does not have child fields")\)\)`)

// shareScalarChildren has scalar field contexts use one Child function per
// type, declared at the end of the file.
func shareScalarChildren(src []byte) ([]byte, error) {
	all := bytes.Count(src, []byte("graphql.NewScalarFieldContext("))
	found := scalarFieldContext.FindAllSubmatch(src, -1)
	if len(found) == 0 || len(found) != all {
		return nil, fmt.Errorf("%d of %d scalar field contexts have the expected shape; has gqlgen's output changed?", len(found), all)
	}
	names := map[string]string{}
	var decls bytes.Buffer
	decls.WriteString("\n// Child functions of scalar field contexts, one per type (graph/codegen).\nvar (\n")
	for _, m := range found {
		message := string(m[4])
		if _, ok := names[message]; ok {
			continue
		}
		names[message] = "scalarChild" + strconv.Itoa(len(names))
		fmt.Fprintf(&decls, "\t%s = gqlexec.NoChildFields(%s)\n", names[message], message)
	}
	decls.WriteString(")\n")
	out := scalarFieldContext.ReplaceAllFunc(src, func(call []byte) []byte {
		m := scalarFieldContext.FindSubmatch(call)
		return fmt.Appendf(nil, "gqlexec.NewScalarFieldContext(%s, field, %s, %s, %s)", m[1], m[2], m[3], names[string(m[4])])
	})
	return append(out, decls.Bytes()...), nil
}

// deferredGroup is how every generated object marshaller hands its @defer
// fragments over; graphql.GetPath allocates the field's path even when there
// are none, and gqlgen's ProcessDeferredGroup then does nothing.
const (
	deferredGroup = `	ec.ProcessDeferredGroup(graphql.DeferredGroup{
		Defers:   deferLabelToView,
		Path:     graphql.GetPath(ctx),
		FieldSet: deferredFieldSet,
		Context:  ctx,
	})
`
	deferredGroupIfAny = `	if len(deferLabelToView) > 0 {
		ec.ProcessDeferredGroup(graphql.DeferredGroup{
			Defers:   deferLabelToView,
			Path:     graphql.GetPath(ctx),
			FieldSet: deferredFieldSet,
			Context:  ctx,
		})
	}
`
)

// skipEmptyDeferredGroups hands a deferred group over only when the object had
// @defer fragments.
func skipEmptyDeferredGroups(src []byte) ([]byte, error) {
	return replaceEach(src, "deferred groups", "ec.ProcessDeferredGroup(", deferredGroup, deferredGroupIfAny)
}

// The deferred field set and views every object marshaller makes up front, and
// the branch of a field under @defer where they are first needed.
const (
	deferredSets = `	deferredFieldSet := graphql.NewFieldSet(nil)
	deferLabelToView := make(map[string]*graphql.FieldSetView)
`
	deferredSetsDeclared = `	var deferredFieldSet *graphql.FieldSet
	var deferLabelToView map[string]*graphql.FieldSetView
`
	deferredBranch = `			if field.IsDeferred() {
				deferredFieldSet.AddField(field)
`
	deferredBranchMaking = `			if field.IsDeferred() {
				if deferredFieldSet == nil {
					deferredFieldSet, deferLabelToView = graphql.NewFieldSet(nil), make(map[string]*graphql.FieldSetView)
				}
				deferredFieldSet.AddField(field)
`
	deferredConcurrently = `				deferredFieldSet.Concurrently(fieldIndex, func(ctx context.Context) graphql.Marshaler {
					return innerFunc(ctx, deferredFieldSet)
				})
`
	deferredConcurrentlyByValue = `				deferredSet := deferredFieldSet
				deferredSet.Concurrently(fieldIndex, func(ctx context.Context) graphql.Marshaler {
					return innerFunc(ctx, deferredSet)
				})
`
)

// deferredSetsOnDemand makes an object's deferred field set and views when a
// field under @defer needs them, not for every object. An object without such
// a branch uses them only in the deferred group, which skipEmptyDeferredGroups
// has made conditional on there being views.
//
// The set's variable is now assigned after its declaration, so a closure
// naming it would capture the variable itself, which Go then allocates on the
// heap on every call of the marshaller (a video's, 50 times a page); the
// deferred fields' closures are given a copy of it instead.
func deferredSetsOnDemand(src []byte) ([]byte, error) {
	if !bytes.Contains(src, []byte(deferredGroupIfAny)) {
		return nil, fmt.Errorf("deferred groups are not conditional on having views; run skipEmptyDeferredGroups first")
	}
	src, err := replaceEach(src, "deferred field sets", "deferredFieldSet := ", deferredSets, deferredSetsDeclared)
	if err != nil {
		return nil, err
	}
	src, err = replaceEach(src, "deferred branches", "if field.IsDeferred() {", deferredBranch, deferredBranchMaking)
	if err != nil {
		return nil, err
	}
	if bytes.Contains(src, []byte("deferredFieldSet.Concurrently(")) {
		src, err = replaceEach(src, "deferred concurrent fields", "deferredFieldSet.Concurrently(", deferredConcurrently, deferredConcurrentlyByValue)
	}
	return src, err
}

// objectEnd is how every object marshaller returns its field set, made by
// objectFieldSet from the fields graphql.CollectFields gave it; they become a
// gqlexec field set made together with the object's writer, which the
// marshaller returns.
const (
	objectEnd            = "\n\treturn out\n}\n"
	objectEndDirect      = "\n\treturn outObject\n}\n"
	objectFieldSet       = "\tout := graphql.NewFieldSet(fields)\n"
	objectFieldSetWriter = "\tout, outObject := gqlexec.NewFieldSet(fields)\n"
)

// writeObjectsDirectly has objects written by a gqlexec object writer from
// their fields and values once they are resolved, rather than by the field
// set itself, the set, its values and the writer made in one allocation
// (gqlexec.NewFieldSet).
func writeObjectsDirectly(src []byte) ([]byte, error) {
	src, err := replaceEach(src, "object marshallers returning the field set they made from fields", objectFieldSet, objectEnd, objectEndDirect)
	if err != nil {
		return nil, err
	}
	return replaceEach(src, "object field sets", objectFieldSet, objectFieldSet, objectFieldSetWriter)
}

// objectMarshaller matches the start of a generated object marshaller.
var objectMarshaller = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) _\w+\(ctx context\.Context, sel ast\.SelectionSet[^\n]*\) graphql\.Marshaler \{\n`)

// fieldSetUse is any use of an object marshaller's field set.
var fieldSetUse = regexp.MustCompile(`\bout\.\w+`)

// rewriteObjectMarshallers gives the body of each object marshaller in src to
// change, which returns it rewritten and true, or as it was and false. None
// changed means gqlgen's output has changed shape; what says what no
// marshaller did.
func rewriteObjectMarshallers(src []byte, what string, change func(body []byte) ([]byte, bool)) ([]byte, error) {
	return rewriteFunctions(src, objectMarshaller, "object marshaller", what, change)
}

// rewriteFunctions gives the body of each function of src whose first line
// start matches (functions of a kind) to change, as rewriteObjectMarshallers
// does for object marshallers.
func rewriteFunctions(src []byte, start *regexp.Regexp, kind, what string, change func(body []byte) ([]byte, bool)) ([]byte, error) {
	var out bytes.Buffer
	changed, rest := 0, src
	for {
		loc := start.FindIndex(rest)
		if loc == nil {
			break
		}
		end := bytes.Index(rest[loc[1]:], []byte("\n}\n"))
		if end < 0 {
			return nil, fmt.Errorf("an %s has no end; has gqlgen's output changed?", kind)
		}
		end += loc[1] + len("\n}\n")
		out.Write(rest[:loc[1]])
		body, ok := change(rest[loc[1]:end])
		if ok {
			changed++
		}
		out.Write(body)
		rest = rest[end:]
	}
	if changed == 0 {
		return nil, fmt.Errorf("no %s %s; has gqlgen's output changed?", kind, what)
	}
	out.Write(rest)
	return out.Bytes(), nil
}

// usesOnly reports whether an object marshaller's body uses nothing of its
// field set but the allowed.
func usesOnly(body []byte, allowed map[string]bool) bool {
	for _, use := range fieldSetUse.FindAll(body, -1) {
		if !allowed[string(use)] {
			return false
		}
	}
	return true
}

// concurrentField is how an object marshaller queues a field to be resolved
// concurrently; concurrentFieldOnSet, the same on the set a
// gqlexec.LazyFieldSet makes on demand, named before the closure so that
// the closure captures the set and not the marshaller's field set value.
const (
	concurrentField      = "\t\t\tout.Concurrently(i, func(ctx context.Context) graphql.Marshaler { return innerFunc(ctx, out) })\n"
	concurrentFieldOnSet = "\t\t\toutSet := out.Set()\n\t\t\toutSet.Concurrently(i, func(ctx context.Context) graphql.Marshaler { return innerFunc(ctx, outSet) })\n"
	lazyFieldSetWriter   = "\tout, outObject := gqlexec.NewLazyFieldSet(fields)\n"
	deferredNotQueued    = "// don't run the out.Concurrently() call below"
	deferredNotQueuedNow = "// the field is not queued below"
)

// lazyFieldSetUse is what an object marshaller may use of a
// gqlexec.LazyFieldSet.
var lazyFieldSetUse = map[string]bool{"out.Values": true, "out.Invalids": true, "out.Dispatch": true, "out.Set": true}

// lazyFieldSets has the object marshallers keep their field set on the stack
// (gqlexec.LazyFieldSet), gqlgen's FieldSet made only when a field resolved
// concurrently is selected: never, for an object without resolver fields.
// Marshallers that use their set otherwise (the root types', whose fields go
// through the root resolver middleware) keep the one gqlexec.NewFieldSet
// makes; finding none to change means gqlgen's output has changed shape.
func lazyFieldSets(src []byte) ([]byte, error) {
	return rewriteObjectMarshallers(src, "uses its field set in the expected ways", func(body []byte) ([]byte, bool) {
		if !bytes.Contains(body, []byte(objectFieldSetWriter)) {
			return body, false
		}
		lazy := bytes.ReplaceAll(body, []byte(concurrentField), []byte(concurrentFieldOnSet))
		lazy = bytes.ReplaceAll(lazy, []byte(deferredNotQueued), []byte(deferredNotQueuedNow))
		lazy = bytes.Replace(lazy, []byte(objectFieldSetWriter), []byte(lazyFieldSetWriter), 1)
		if !usesOnly(lazy, lazyFieldSetUse) || bytes.Contains(lazy, []byte("(ctx, out)")) {
			return body, false
		}
		return lazy, true
	})
}

// executionContextDecl is gqlgen's per-operation execution context type, and
// executionContextWithMemo the same with a gqlexec.FieldsMemo.
const (
	executionContextDecl     = "type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n}\n"
	executionContextWithMemo = "type executionContext struct {\n\t*graphql.ExecutionContextState[ResolverRoot, DirectiveRoot, ComplexityRoot]\n\t// fields remembers the fields collected from each selection set (graph/codegen).\n\tfields gqlexec.FieldsMemo\n}\n"
)

// subscriptionCollection is how the subscription root collects its fields;
// subscriptionCollectionKept hides it from collectFieldsOnce's replacement.
const (
	subscriptionCollection     = "fields := graphql.CollectFields(ec.OperationContext, sel, subscriptionImplementors)"
	subscriptionCollectionKept = "fields := graphqlCollectFieldsKept(ec.OperationContext, sel, subscriptionImplementors)"
)

// collectFieldsOnce gives the execution context (one per operation) a
// gqlexec.FieldsMemo and has every object marshaller collect its fields
// through it, with the keys its object writes (gqlexec.ObjectKeys), worked
// out once per operation rather than for every object written. Every
// marshaller collecting fields makes one field set of them.
func collectFieldsOnce(src []byte) ([]byte, error) {
	if n := bytes.Count(src, []byte(executionContextDecl)); n != 1 {
		return nil, fmt.Errorf("%d execution context types of the expected shape, want 1; has gqlgen's output changed?", n)
	}
	src = bytes.Replace(src, []byte(executionContextDecl), []byte(executionContextWithMemo), 1)
	// The subscription root runs once per subscription and makes no field set
	// (gqlgen resolves its one field itself): its collection stays gqlgen's.
	subscriptionRoot := bytes.Count(src, []byte(subscriptionCollection))
	src = bytes.Replace(src, []byte(subscriptionCollection), []byte(subscriptionCollectionKept), 1)
	collections := bytes.Count(src, []byte("graphql.CollectFields("))
	src, err := replaceEach(src, "object field collections", "graphql.CollectFields(",
		"\tfields := graphql.CollectFields(ec.OperationContext, sel, ", "\tfields, fieldKeys := ec.fields.Collect(ec.OperationContext, sel, ")
	if err != nil {
		return nil, err
	}
	src = bytes.Replace(src, []byte(subscriptionCollectionKept), []byte(subscriptionCollection), subscriptionRoot)
	sets := 0
	for _, set := range []string{"NewLazyFieldSet", "NewFieldSet"} {
		old := "gqlexec." + set + "(fields)"
		sets += bytes.Count(src, []byte(old))
		src = bytes.ReplaceAll(src, []byte(old), []byte("gqlexec."+set+"(fieldKeys)"))
	}
	if sets != collections {
		return nil, fmt.Errorf("%d object marshallers collect fields and %d make a field set of them; has gqlgen's output changed?", collections, sets)
	}
	return src, nil
}

// newResponseBuffer is how the generated executor makes the buffer of a
// response's data; lentResponseBuffer takes the one the transport lends.
const (
	newResponseBuffer  = "var buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n"
	lentResponseBuffer = "var buf *bytes.Buffer = gqlexec.ResponseBuffer(ctx)\n\t\t\tdata.MarshalGQL(buf)\n"
)

// lentResponseBuffers has query and mutation responses written into the
// buffer the transport lends (gqlexec.ResponseBuffer).
// A subscription's buffer is gqlgen's: it is reused for each event of the
// stream, which no transport lends.
func lentResponseBuffers(src []byte) ([]byte, error) {
	kept := bytes.Count(src, []byte(subscriptionBuffer))
	src = bytes.ReplaceAll(src, []byte(subscriptionBuffer), []byte(subscriptionBufferKept))
	src, err := replaceEach(src, "response buffers", "var buf bytes.Buffer", newResponseBuffer, lentResponseBuffer)
	if err != nil {
		return nil, err
	}
	return bytes.Replace(src, []byte(subscriptionBufferKept), []byte(subscriptionBuffer), kept), nil
}

// subscriptionBuffer is how a subscription's responses get their buffer;
// subscriptionBufferKept hides it from lentResponseBuffers' replacement.
const (
	subscriptionBuffer     = "var buf bytes.Buffer\n\t\treturn func(ctx context.Context) *graphql.Response {"
	subscriptionBufferKept = "var bufKept bytes.Buffer\n\t\treturn func(ctx context.Context) *graphql.Response {"
)

// typedMarshallerDecl matches a generated non-null marshaller, the Go type of
// its value and its body.
var typedMarshallerDecl = regexp.MustCompile(`(?m)^func \(ec \*executionContext\) (marshalN[\p{L}\p{N}_]+)\(ctx context\.Context, sel ast\.SelectionSet, v ([^)]+)\) graphql\.Marshaler \{\n((?:\t.*\n|\n)*?)\}\n`)

// directScalars names, for each scalar function whose values
// gqlexec.ResolveLeafRef can write from a pointer, the Go type of the value,
// the gqlexec function that does it, and how gqlgen's marshaller returns the
// function's result.
var directScalars = map[string]struct{ goType, direct, returns string }{
	"graphql.MarshalString":       {"string", "gqlexec.StringRef", "res"},
	"graphql.MarshalInt":          {"int", "gqlexec.IntRef", "res"},
	"graphql.MarshalInt64":        {"int64", "gqlexec.Int64Ref", "res"},
	"graphql.MarshalBoolean":      {"bool", "gqlexec.BoolRef", "res"},
	"gqlexec.MarshalUUID":         {"uuid.UUID", "gqlexec.UUIDRef", "res"},
	"gqlexec.MarshalTime":         {"time.Time", "gqlexec.TimeRef", "res"},
	"graphql.MarshalFloatContext": {"float64", "gqlexec.FloatRef", "graphql.WrapContextMarshaler(ctx, res)"},
	"gqlexec.MarshalCursor":       {"entgql.Cursor[uuid.UUID]", "gqlexec.CursorRef", "res"},
}

// directMarshallers maps each generated non-null marshaller whose values can
// be written from a pointer to the struct field to the gqlexec function that
// does it: enums (whose body returns the value) and the scalars of
// directScalars, when the value has the expected Go type and the body the
// expected shape.
func directMarshallers(src []byte) map[string]string {
	out := map[string]string{}
	enums := schemaEnums(src)
	for _, m := range typedMarshallerDecl.FindAllSubmatch(src, -1) {
		name, goType, body := string(m[1]), string(m[2]), m[3]
		if string(body) == "\treturn v\n" {
			out[name] = "gqlexec.SelfRef[" + goType + "]"
			if marshalsEnum(name, enums) {
				out[name] = "gqlexec.EnumRef[" + goType + "]"
			}
			continue
		}
		b := scalarMarshallerBody.FindSubmatch(body)
		if b == nil {
			continue
		}
		if scalar, ok := directScalars[string(b[1])]; ok && scalar.goType == goType && scalar.returns == string(b[2]) {
			out[name] = scalar.direct
		}
	}
	return out
}

// schemaEnum matches an enum's declaration in the schema sources gqlgen
// embeds in the executor.
var schemaEnum = regexp.MustCompile(`(?m)^enum (\w+)`)

// schemaEnums returns the names of the schema's enums.
func schemaEnums(src []byte) []string {
	var names []string
	for _, m := range schemaEnum.FindAllSubmatch(src, -1) {
		names = append(names, string(m[1]))
	}
	return names
}

// marshalsEnum reports whether a generated non-null marshaller is one of an
// enum's: gqlgen names it marshalN, the GraphQL type, 2 and the Go type.
func marshalsEnum(name string, enums []string) bool {
	for _, enum := range enums {
		if strings.HasPrefix(name, "marshalN"+enum+"2") {
			return true
		}
	}
	return false
}

// resolveLeafRefs has plain fields whose values can be written from a
// pointer to the struct field marshalled by gqlexec.ResolveLeafRef. Strings,
// times and floats are in every schema and always can: one of their
// marshallers not recognised means gqlgen's marshallers have changed shape.
func resolveLeafRefs(src []byte) ([]byte, error) {
	direct := directMarshallers(src)
	for _, name := range []string{"marshalNString2string", "marshalNTime2timeᚐTime", "marshalNFloat2float64"} {
		if _, ok := direct[name]; !ok {
			return nil, fmt.Errorf("%s is not recognised as a marshaller whose values can be written from a pointer; has gqlgen's output changed?", name)
		}
	}
	rewritten := 0
	out := plainFieldResolution.ReplaceAllFunc(src, func(call []byte) []byte {
		m := plainFieldResolution.FindSubmatch(call)
		ref, ok := direct[string(m[3])]
		if !ok {
			return call
		}
		rewritten++
		return fmt.Appendf(nil, "gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).%s, &obj.%s, ec.%s, %s, %s)", m[1], m[2], m[3], m[4], ref)
	})
	if rewritten == 0 {
		return nil, fmt.Errorf("no plain field has a marshaller whose values can be written from a pointer; run resolvePlainFields first")
	}
	return out, nil
}
