package gqlexec_test

import (
	"bytes"
	"context"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent/video"
	"github.com/vidra-dev/vidra/graph/gqlexec"
	"github.com/vidra-dev/vidra/graph/model"
)

// sameAs checks m writes what gqlgen's marshaller writes, into a buffer and
// into a writer of another kind.
func sameAs(t *testing.T, m graphql.Marshaler, ok bool, gqlgens graphql.Marshaler) {
	t.Helper()
	if !ok {
		t.Fatalf("refused a value gqlgen writes as %s", written(gqlgens))
	}
	bothWays(t, m, written(gqlgens))
}

// TestLeafRefsWriteAsGqlgen compares what the direct marshallers write with
// gqlgen's marshallers for the same values: strings with every escape, invalid
// UTF-8 and random bytes; ints; booleans; floats over the whole range; ids and
// times; and checks the values they refuse.
func TestLeafRefsWriteAsGqlgen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	strs := []string{"", "Video 000123", "tab\there", "quote\" back\\slash", "line\nbreak\r", "\x00\x01\x1f\x7f",
		"é 日本 🎬", "\xff\xfe invalid", "<a>&amp;</a>", "\u2028\u2029"}
	for range 500 {
		b := make([]byte, rng.IntN(40))
		for i := range b {
			b[i] = byte(rng.IntN(256))
		}
		strs = append(strs, string(b))
	}
	for _, s := range strs {
		m, ok := gqlexec.StringRef(&s)
		sameAs(t, m, ok, graphql.MarshalString(s))
	}
	for _, i := range []int{0, 1, -1, 42, math.MaxInt64, math.MinInt64} {
		m, ok := gqlexec.IntRef(&i)
		sameAs(t, m, ok, graphql.MarshalInt(i))
	}
	for _, i := range []int64{0, -7, 1 << 40, math.MaxInt64, math.MinInt64} {
		m, ok := gqlexec.Int64Ref(&i)
		sameAs(t, m, ok, graphql.MarshalInt64(i))
	}
	for _, v := range []bool{true, false} {
		m, ok := gqlexec.BoolRef(&v)
		sameAs(t, m, ok, graphql.MarshalBoolean(v))
	}
	floats := []float64{0, math.Copysign(0, -1), 1, -1.5, 123.456, 1e20, 1e21, 1e-6, 1e-7, 5e-324, math.MaxFloat64, 599, 0.1 + 0.2}
	for range 2000 {
		floats = append(floats, math.Float64frombits(rng.Uint64()), rng.Float64()*1e6, float64(rng.IntN(1e6)))
	}
	for _, f := range floats {
		m, ok := gqlexec.FloatRef(&f)
		if math.IsNaN(f) || math.IsInf(f, 0) {
			if ok {
				t.Fatalf("float %v accepted", f)
			}
			continue
		}
		var want bytes.Buffer
		if err := graphql.MarshalFloatContext(f).MarshalGQLContext(context.Background(), &want); err != nil {
			t.Fatal(err)
		}
		if !ok {
			t.Fatalf("float %v refused", f)
		}
		bothWays(t, m, want.String())
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		if _, ok := gqlexec.FloatRef(&f); ok {
			t.Fatalf("float %v accepted", f)
		}
	}
	id := uuid.New()
	m, ok := gqlexec.UUIDRef(&id)
	sameAs(t, m, ok, graphql.MarshalUUID(id))
	if _, ok := gqlexec.UUIDRef(&uuid.Nil); ok {
		t.Fatal("the nil id accepted")
	}
	now := time.Now()
	m, ok = gqlexec.TimeRef(&now)
	sameAs(t, m, ok, graphql.MarshalTime(now))
	var zero time.Time
	if _, ok := gqlexec.TimeRef(&zero); ok {
		t.Fatal("the zero time accepted")
	}
}

// TestSelfRefIsThePointer checks an enum's direct Marshaler is its pointer
// (no allocation) and writes what the value writes.
func TestSelfRefIsThePointer(t *testing.T) {
	id := uuid.New()
	s := uuidText(id)
	m, ok := gqlexec.SelfRef[uuidText](&s)
	if !ok || m.(*uuidText) != &s {
		t.Fatalf("self ref %v %v", m, ok)
	}
	bothWays(t, m, written(s))
	if n := testing.AllocsPerRun(100, func() { _, _ = gqlexec.SelfRef[uuidText](&s) }); n != 0 {
		t.Fatalf("%v allocations per self ref", n)
	}
	title := "Video"
	if n := testing.AllocsPerRun(100, func() { _, _ = gqlexec.StringRef(&title) }); n != 0 {
		t.Fatalf("%v allocations per string ref", n)
	}
}

// uuidText marshals itself with a value receiver, as enums do.
type uuidText uuid.UUID

func (u uuidText) MarshalGQL(w io.Writer) { gqlexec.MarshalUUID(uuid.UUID(u)).MarshalGQL(w) }

// quotedEnum is an enum whose MarshalGQL is the generated ones'.
type quotedEnum string

func (e quotedEnum) MarshalGQL(w io.Writer) { _, _ = io.WriteString(w, strconv.Quote(string(e))) }

// TestEnumRefWritesAsTheEnum compares EnumRef with the enums' own MarshalGQL:
// ent's (video.Status) and gqlgen's models' (model.FolderContentAction,
// model.PrincipalKind) for all their values, and values that are not names,
// which it leaves to MarshalGQL, and checks it allocates nothing.
func TestEnumRefWritesAsTheEnum(t *testing.T) {
	for _, v := range []video.Status{video.StatusCreated, video.StatusUploading, video.StatusProcessing, video.StatusReady, video.StatusFailed} {
		m, ok := gqlexec.EnumRef(&v)
		sameAs(t, m, ok, v)
	}
	for _, v := range model.AllFolderContentAction {
		m, ok := gqlexec.EnumRef(&v)
		sameAs(t, m, ok, v)
	}
	for _, v := range model.AllPrincipalKind {
		m, ok := gqlexec.EnumRef(&v)
		sameAs(t, m, ok, v)
	}
	for _, v := range []quotedEnum{"READY", "_x9", "", "9lives", "with space", "quote\"d", "é", "a-b"} {
		m, ok := gqlexec.EnumRef(&v)
		sameAs(t, m, ok, v)
	}
	v := video.StatusReady
	var buf bytes.Buffer
	if n := testing.AllocsPerRun(100, func() {
		buf.Reset()
		m, _ := gqlexec.EnumRef(&v)
		m.MarshalGQL(&buf)
	}); n != 0 {
		t.Fatalf("%v allocations per enum written", n)
	}
}
