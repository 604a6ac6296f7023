package main

import (
	"strings"
	"testing"
)

// plainFieldSample is gqlgen's code for a field read from a struct field.
const plainFieldSample = `func (ec *executionContext) _Video_title(ctx context.Context, field graphql.CollectedField, obj *ent.Video) (ret graphql.Marshaler) {
	return graphql.ResolveField(
		ctx,
		ec.OperationContext,
		field,
		func(ctx context.Context, field graphql.CollectedField) (*graphql.FieldContext, error) {
			return ec.fieldContext_Video_title(ctx, field)
		},
		func(ctx context.Context) (any, error) {
			return obj.Title, nil
		},
		nil,
		func(ctx context.Context, selections ast.SelectionSet, v *uuid.UUID) graphql.Marshaler {
			return ec.marshalOID2ᚖgithubᚗcomᚋgoogleᚋuuidᚐUUID(ctx, selections, v)
		},
		true,
		false,
	)
}
`

func TestResolvePlainFields(t *testing.T) {
	out, err := resolvePlainFields([]byte(plainFieldSample))
	if err != nil {
		t.Fatal(err)
	}
	want := "\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_title, obj.Title, ec.marshalOID2ᚖgithubᚗcomᚋgoogleᚋuuidᚐUUID, false)\n"
	if !strings.Contains(string(out), want) || strings.Contains(string(out), "graphql.ResolveField") {
		t.Fatalf("rewritten:\n%s", out)
	}
	// A struct-field read in a call of another shape (here with a middleware)
	// fails generation rather than being left as it is.
	changed := strings.Replace(plainFieldSample, "\t\tnil,\n", "\t\tec.middleware,\n", 1)
	if _, err := resolvePlainFields([]byte(changed)); err == nil {
		t.Fatal("a changed shape was accepted")
	}
}

func TestShareScalarChildren(t *testing.T) {
	src := `return graphql.NewScalarFieldContext("Video", field, false, false, errors.New("field of type String does not have child fields"))
return graphql.NewScalarFieldContext("Tag", field, true, false, errors.New("field of type String does not have child fields"))
return graphql.NewScalarFieldContext("Video", field, false, true, errors.New("field of type Time does not have child fields"))
`
	out, err := shareScalarChildren([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`gqlexec.NewScalarFieldContext("Video", field, false, false, scalarChild0)`,
		`gqlexec.NewScalarFieldContext("Tag", field, true, false, scalarChild0)`,
		`gqlexec.NewScalarFieldContext("Video", field, false, true, scalarChild1)`,
		`scalarChild0 = gqlexec.NoChildFields("field of type String does not have child fields")`,
		`scalarChild1 = gqlexec.NoChildFields("field of type Time does not have child fields")`,
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %s in:\n%s", want, out)
		}
	}
	if _, err := shareScalarChildren([]byte(`graphql.NewScalarFieldContext("Video", field, false, false, childErr)`)); err == nil {
		t.Fatal("a changed shape was accepted")
	}
}

func TestDeferredAndObjectRewrites(t *testing.T) {
	src := "func (ec *executionContext) _Tag(ctx context.Context, sel ast.SelectionSet, obj *ent.Tag) graphql.Marshaler {\n" +
		"\tfields := graphql.CollectFields(ec.OperationContext, sel, tagImplementors)\n\n" +
		objectFieldSet + deferredSets + "\tfor i, field := range fields {\n" + deferredBranch + deferredConcurrently + "\t}\n" +
		deferredGroup + "\n\treturn out\n}\n"
	var err error
	out := []byte(src)
	for _, r := range []func([]byte) ([]byte, error){skipEmptyDeferredGroups, deferredSetsOnDemand, writeObjectsDirectly} {
		if out, err = r(out); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{deferredGroupIfAny, deferredSetsDeclared, deferredBranchMaking, deferredConcurrentlyByValue, objectFieldSetWriter, objectEndDirect} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	// Each fails when gqlgen's output no longer has the expected shape.
	if _, err := skipEmptyDeferredGroups([]byte("ec.ProcessDeferredGroup(dg)")); err == nil {
		t.Error("skipEmptyDeferredGroups accepted a changed shape")
	}
	if _, err := deferredSetsOnDemand([]byte(src)); err == nil {
		t.Error("deferredSetsOnDemand accepted a file whose deferred groups are unconditional")
	}
	if _, err := writeObjectsDirectly([]byte(objectFieldSet + "\n\treturn &out\n}\n")); err == nil {
		t.Error("writeObjectsDirectly accepted a changed shape")
	}
	if _, err := writeObjectsDirectly([]byte(objectFieldSet + objectFieldSet + "\n\treturn out\n}\n")); err == nil {
		t.Error("writeObjectsDirectly accepted more field sets made than returned")
	}
}

func TestMarshalListsInOrder(t *testing.T) {
	out, err := marshalListsInOrder([]byte("ret := " + concurrentCall + "(ctx context.Context, i int) graphql.Marshaler {"))
	if err != nil || !strings.Contains(string(out), inOrderCall) {
		t.Fatalf("got %s, %v", out, err)
	}
	if _, err := marshalListsInOrder([]byte("graphql.MarshalSliceConcurrently(ctx, len(v), 4, false, func")); err == nil {
		t.Fatal("a worker limit other than 1 was accepted")
	}
}

// scalarMarshaller is gqlgen's non-null marshaller of a scalar.
func scalarMarshaller(name, goType, scalar, returns string) string {
	return "func (ec *executionContext) " + name + "(ctx context.Context, sel ast.SelectionSet, v " + goType + ") graphql.Marshaler {\n" +
		"\t_ = sel\n\tres := " + scalar + "(v)\n\tif res == graphql.Null {\n" +
		"\t\tif !graphql.HasFieldError(ctx, graphql.GetFieldContext(ctx)) {\n" +
		"\t\t\tgraphql.AddErrorf(ctx, \"the requested element is null which the schema does not allow\")\n\t\t}\n\t}\n" +
		"\treturn " + returns + "\n}\n"
}

// leafSample has the three marshallers resolveLeafRefs requires, an enum's,
// one it does not know (a JSON map's), and plain fields using each.
var leafSample = scalarMarshaller("marshalNString2string", "string", "graphql.MarshalString", "res") +
	scalarMarshaller("marshalNTime2timeᚐTime", "time.Time", "gqlexec.MarshalTime", "res") +
	scalarMarshaller("marshalNFloat2float64", "float64", "graphql.MarshalFloatContext", "graphql.WrapContextMarshaler(ctx, res)") +
	scalarMarshaller("marshalNID2githubᚗcomᚋgoogleᚋuuidᚐUUID", "uuid.UUID", "gqlexec.MarshalUUID", "res") +
	scalarMarshaller("marshalNMap2map", "map[string]any", "graphql.MarshalMap", "res") +
	"func (ec *executionContext) marshalNVideoStatus2githubᚗcomᚋvidraᚑdevᚋvidraᚋentᚋvideoᚐStatus(ctx context.Context, sel ast.SelectionSet, v video.Status) graphql.Marshaler {\n\treturn v\n}\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_title, obj.Title, ec.marshalNString2string, true)\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_createdAt, obj.CreatedAt, ec.marshalNTime2timeᚐTime, true)\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_duration, obj.Duration, ec.marshalNFloat2float64, true)\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_status, obj.Status, ec.marshalNVideoStatus2githubᚗcomᚋvidraᚑdevᚋvidraᚋentᚋvideoᚐStatus, true)\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_metadata, obj.Metadata, ec.marshalNMap2map, true)\n" +
	"\treturn gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_id, obj.ID, ec.marshalNID2githubᚗcomᚋgoogleᚋuuidᚐUUID, true)\n"

// execSample is gqlgen's Exec building the unmarshaller map, and two of the
// unmarshallers it lists.
const execSample = `func (e *executableSchema) Exec(ctx context.Context) graphql.ResponseHandler {
	ec := newExecutionContext(opCtx, e, make(chan graphql.DeferredResult))
	inputUnmarshalMap := graphql.BuildUnmarshalerMap(
		ec.unmarshalInputVideoOrder,
		ec.unmarshalInputVideoWhereInput,
	)
	first := true
}

func (ec *executionContext) unmarshalInputVideoWhereInput(ctx context.Context, obj any) (ent.VideoWhereInput, error) {
	data, err := ec.unmarshalOID2ᚖgithubᚗcomᚋgoogleᚋuuidᚐUUID(ctx, v)
	return it, nil
}

func (ec *executionContext) unmarshalOID2ᚖgithubᚗcomᚋgoogleᚋuuidᚐUUID(ctx context.Context, v any) (*uuid.UUID, error) {
	return &res, graphql.ErrorOnPath(ctx, err)
}
`

func TestBuildUnmarshalersOnce(t *testing.T) {
	out, err := buildUnmarshalersOnce([]byte(execSample))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\tinputUnmarshalMap := inputUnmarshalers()\n\tfirst := true\n",
		"var inputUnmarshalers = gqlexec.OnceUnmarshalers(func() gqlexec.Unmarshalers {\n\tec := &executionContext{}\n\treturn graphql.BuildUnmarshalerMap(\n\t\tec.unmarshalInputVideoOrder,\n\t\tec.unmarshalInputVideoWhereInput,\n\t)\n})\n",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if strings.Count(string(out), "graphql.BuildUnmarshalerMap(") != 1 {
		t.Errorf("the map is still built in Exec:\n%s", out)
	}
	// An unmarshaller reading its execution context forbids sharing the map.
	reading := strings.Replace(execSample, "return &res, graphql.ErrorOnPath(ctx, err)", "return &res, ec.OperationContext.Err", 1)
	if _, err := buildUnmarshalersOnce([]byte(reading)); err == nil || !strings.Contains(err.Error(), "ec.OperationContext") {
		t.Fatalf("an unmarshaller reading ec.OperationContext: %v", err)
	}
	if _, err := buildUnmarshalersOnce([]byte(strings.Replace(execSample, "inputUnmarshalMap :=", "unmarshalers :=", 1))); err == nil {
		t.Fatal("a changed shape was accepted")
	}
}

func TestAddImportOnce(t *testing.T) {
	src := "package generated\n\nimport (\n\t\"context\"\n)\n"
	out, err := addImport([]byte(src))
	if err != nil || strings.Count(string(out), "graph/gqlexec\"") != 1 {
		t.Fatalf("added: %s, %v", out, err)
	}
	again, err := addImport(out)
	if err != nil || string(again) != string(out) {
		t.Fatalf("added twice: %s, %v", again, err)
	}
}

// objectSample is an object marshaller as the earlier rewrites leave it, with
// the given lines in its loop.
func objectSample(name, loop string) string {
	return "func (ec *executionContext) _" + name + "(ctx context.Context, sel ast.SelectionSet, obj *ent." + name + ") graphql.Marshaler {\n" +
		"\tfields := graphql.CollectFields(ec.OperationContext, sel, implementors)\n\n" + objectFieldSetWriter +
		"\tfor i, field := range fields {\n" + loop + "\t}\n\tout.Dispatch(ctx)\n\tif out.Invalids > 0 {\n\t\treturn graphql.Null\n\t}\n" +
		objectEndDirect
}

func TestCollectFieldsOnce(t *testing.T) {
	src := executionContextDecl + "\tfields := graphql.CollectFields(ec.OperationContext, sel, videoImplementors)\n" + lazyFieldSetWriter
	out, err := collectFieldsOnce([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"\tfields gqlexec.FieldsMemo\n", "fields, fieldKeys := ec.fields.Collect(ec.OperationContext, sel, videoImplementors)", "gqlexec.NewLazyFieldSet(fieldKeys)"} {
		if !strings.Contains(string(out), want) {
			t.Fatalf("rewritten without %q:\n%s", want, out)
		}
	}
	// A collection of another shape fails generation.
	if _, err := collectFieldsOnce([]byte(src + "graphql.CollectFields(oc, sel, videoImplementors)\n")); err == nil {
		t.Fatal("a changed shape was accepted")
	}
	// So does a collection whose fields make no field set.
	if _, err := collectFieldsOnce([]byte(executionContextDecl + "\tfields := graphql.CollectFields(ec.OperationContext, sel, videoImplementors)\n")); err == nil {
		t.Fatal("fields collected for no field set were accepted")
	}
	// The subscription root's collection, which makes no field set, stays gqlgen's.
	out, err = collectFieldsOnce([]byte(src + "\t" + subscriptionCollection + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), "\t"+subscriptionCollection+"\n") {
		t.Fatalf("subscription root rewritten:\n%s", out)
	}
}

func TestLentResponseBuffers(t *testing.T) {
	src := "\t\t\tvar buf bytes.Buffer\n\t\t\tdata.MarshalGQL(&buf)\n\t\t\tresponse.Data = buf.Bytes()\n"
	out, err := lentResponseBuffers([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if want := "var buf *bytes.Buffer = gqlexec.ResponseBuffer(ctx)\n\t\t\tdata.MarshalGQL(buf)\n"; !strings.Contains(string(out), want) {
		t.Fatalf("rewritten:\n%s", out)
	}
	if _, err := lentResponseBuffers([]byte(src + "var buf bytes.Buffer\n")); err == nil {
		t.Fatal("a changed shape was accepted")
	}
	// A subscription's buffer, reused for each event, stays gqlgen's.
	out, err = lentResponseBuffers([]byte(src + "\t\t" + subscriptionBuffer + "\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), subscriptionBuffer) || strings.Count(string(out), "gqlexec.ResponseBuffer(ctx)") != 1 {
		t.Fatalf("rewritten:\n%s", out)
	}
}

func TestResolveLeafRefs(t *testing.T) {
	out, err := resolveLeafRefs([]byte(leafSample))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_title, &obj.Title, ec.marshalNString2string, true, gqlexec.StringRef)",
		"gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_createdAt, &obj.CreatedAt, ec.marshalNTime2timeᚐTime, true, gqlexec.TimeRef)",
		"gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_duration, &obj.Duration, ec.marshalNFloat2float64, true, gqlexec.FloatRef)",
		"gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_status, &obj.Status, ec.marshalNVideoStatus2githubᚗcomᚋvidraᚑdevᚋvidraᚋentᚋvideoᚐStatus, true, gqlexec.SelfRef[video.Status])",
		// The nil UUID is refused by UUIDRef, and reported at the field.
		"gqlexec.ResolveLeafRef(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_id, &obj.ID, ec.marshalNID2githubᚗcomᚋgoogleᚋuuidᚐUUID, true, gqlexec.UUIDRef)",
		// A marshaller it does not know keeps its field context.
		"gqlexec.ResolvePlainField(ctx, ec.OperationContext, field, ec, (*executionContext).fieldContext_Video_metadata, obj.Metadata, ec.marshalNMap2map, true)",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("missing %s in:\n%s", want, out)
		}
	}
	// An enum of the schema (whose source gqlgen embeds) is written by
	// EnumRef; a type that marshals itself but is not one keeps SelfRef.
	out, err = resolveLeafRefs([]byte(leafSample + "\nenum VideoStatus {\n"))
	if err != nil || !strings.Contains(string(out), "gqlexec.EnumRef[video.Status])") {
		t.Errorf("the enum is not written by EnumRef (%v):\n%s", err, out)
	}
	// A marshaller whose body gqlgen has changed is not recognised, and a
	// required one missing fails generation.
	changed := strings.Replace(leafSample, "\t_ = sel\n\tres := gqlexec.MarshalTime(v)", "\tres := gqlexec.MarshalTime(v)", 1)
	if _, err := resolveLeafRefs([]byte(changed)); err == nil || !strings.Contains(err.Error(), "marshalNTime2timeᚐTime") {
		t.Fatalf("a changed time marshaller: %v", err)
	}
	// The float marshaller keeps the context in a context marshaller; one
	// returning its result directly is another shape.
	changed = strings.Replace(leafSample, "return graphql.WrapContextMarshaler(ctx, res)", "return res", 1)
	if _, err := resolveLeafRefs([]byte(changed)); err == nil {
		t.Fatal("a float marshaller of another shape was accepted")
	}
	// A string scalar bound to another Go type is not read through a *string.
	changed = strings.Replace(leafSample, "sel ast.SelectionSet, v string)", "sel ast.SelectionSet, v model.Title)", 1)
	if _, err := resolveLeafRefs([]byte(changed)); err == nil || !strings.Contains(err.Error(), "marshalNString2string") {
		t.Fatalf("a string marshaller of another Go type: %v", err)
	}
}

func TestLazyFieldSets(t *testing.T) {
	plain := objectSample("VideoEdge", "\t\tout.Values[i] = ec._VideoEdge_node(ctx, field, obj)\n\t\tout.Invalids++\n")
	concurrent := objectSample("Video", "\t\tout.Values[i] = ec._Video_id(ctx, field, obj)\n\t\t\t"+deferredNotQueued+"\n"+concurrentField)
	root := objectSample("Query", "\t\trrm := func(ctx context.Context) graphql.Marshaler { return innerFunc(ctx, out) }\n"+
		"\t\t\tout.Concurrently(i, func(ctx context.Context) graphql.Marshaler { return rrm(innerCtx) })\n")
	out, err := lazyFieldSets([]byte(plain + "\n" + concurrent + "\n" + root))
	if err != nil {
		t.Fatal(err)
	}
	got := string(out)
	if !strings.Contains(got, "_VideoEdge(ctx context.Context, sel ast.SelectionSet, obj *ent.VideoEdge) graphql.Marshaler {\n\tfields := graphql.CollectFields(ec.OperationContext, sel, implementors)\n\n"+lazyFieldSetWriter) {
		t.Errorf("the plain object keeps gqlgen's field set:\n%s", got)
	}
	if strings.Count(got, lazyFieldSetWriter) != 2 || !strings.Contains(got, concurrentFieldOnSet) {
		t.Errorf("the object queueing a field the usual way was not changed (no %q):\n%s", concurrentFieldOnSet, got)
	}
	if !strings.Contains(got, root) {
		t.Errorf("the root object, whose closures use its set, was changed:\n%s", got)
	}
	if _, err := lazyFieldSets([]byte(root)); err == nil {
		t.Error("no object to change was accepted")
	}
}

func TestElementResultsOnDemand(t *testing.T) {
	src := "\tret := gqlexec.MarshalSliceInOrder(ctx, len(v), false, func(ctx context.Context, i int) graphql.Marshaler {\n" + elementResult + "\t\treturn ec.marshalOVideoEdge(ctx, sel, v[i])\n\t})\n"
	out, err := elementResultsOnDemand([]byte(src))
	if err != nil || !strings.Contains(string(out), elementResultRecorded) || strings.Contains(string(out), "GetFieldContext") {
		t.Fatalf("rewritten (%v):\n%s", err, out)
	}
	changed := strings.Replace(src, "\t\tfc.Result", "\t\t\tfc.Result", 1)
	if _, err := elementResultsOnDemand([]byte(changed)); err == nil {
		t.Fatal("a changed shape was accepted")
	}
}
