package embedlink

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/google/uuid"
)

// TestSnippet pins the snippet, escaping included, against the format it
// has always had.
func TestSnippet(t *testing.T) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	for _, c := range []struct {
		public, title      string
		w, h, wantW, wantH int
	}{
		{"https://v.example.com", "Launch", 1920, 1080, 1920, 1080},
		{"https://v.example.com", `"Q3" <demo> & more`, 0, 0, 640, 360},
		{"https://v.example.com/a?b=1&c=2", "", 720, -1, 640, 360},
	} {
		want := fmt.Sprintf(`<iframe src="%s" width="%d" height="%d" title="%s" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; encrypted-media" allowfullscreen></iframe>`,
			html.EscapeString(c.public+"/embed/"+id.String()), c.wantW, c.wantH, html.EscapeString(c.title))
		if got := Snippet(c.public, id, c.title, c.w, c.h); got != want {
			t.Errorf("Snippet(%q, %q, %d, %d)\n got %s\nwant %s", c.public, c.title, c.w, c.h, got, want)
		}
	}
}

// BenchmarkSnippet is the cost of one video's snippet (a REST page of 50
// videos writes 50).
func BenchmarkSnippet(b *testing.B) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	b.ReportAllocs()
	for b.Loop() {
		_ = Snippet("https://v.example.com", id, "video 12345", 1280, 720)
	}
}

// testVideo is a Video of fixed parts.
type testVideo struct {
	id            uuid.UUID
	title         string
	width, height int
}

// EmbedParts returns the video's parts.
func (v *testVideo) EmbedParts() (uuid.UUID, string, int, int) {
	return v.id, v.title, v.width, v.height
}

// TestLinksNeedTheOperationsBase: the GraphQL values write the links under the
// context's public address, and fail rather than write a link without one.
func TestLinksNeedTheOperationsBase(t *testing.T) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	ctx := WithBase(context.Background(), "https://v.example.com")
	var b strings.Builder
	if err := (URL{Of: &testVideo{id: id}}).MarshalGQLContext(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if want := `"https://v.example.com/embed/` + id.String() + `"`; b.String() != want {
		t.Fatalf("URL wrote %s, want %s", b.String(), want)
	}
	b.Reset()
	if err := (Code{Of: &testVideo{id, "A & B", 1280, 720}}).MarshalGQLContext(ctx, &b); err != nil {
		t.Fatal(err)
	}
	var got string
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil || got != Snippet("https://v.example.com", id, "A & B", 1280, 720) {
		t.Fatalf("Code wrote %s (%v)", b.String(), err)
	}
	if err := (URL{Of: &testVideo{id: id}}).MarshalGQLContext(context.Background(), &b); err == nil {
		t.Fatal("a link was written without a public address")
	}
}

// TestUnboundLinksFail: a link bound to no video is an error, not an empty
// or made-up link.
func TestUnboundLinksFail(t *testing.T) {
	ctx := WithBase(context.Background(), "https://v.example.com")
	var b strings.Builder
	if err := (URL{}).MarshalGQLContext(ctx, &b); err == nil || b.Len() != 0 {
		t.Fatalf("an unbound URL wrote %q (%v)", b.String(), err)
	}
	if err := (Code{}).MarshalGQLContext(ctx, &b); err == nil || b.Len() != 0 {
		t.Fatalf("an unbound Code wrote %q (%v)", b.String(), err)
	}
}

// TestLinksShowTheVideoAsItIs: a bound link reads the video when written, so
// a title changed after binding is the one written.
func TestLinksShowTheVideoAsItIs(t *testing.T) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	ctx := WithBase(context.Background(), "https://v.example.com")
	v := &testVideo{id, "before", 1280, 720}
	code := Code{Of: v}
	v.title, v.width, v.height = "after", 1920, 1080
	var b strings.Builder
	if err := code.MarshalGQLContext(ctx, &b); err != nil {
		t.Fatal(err)
	}
	var got string
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil || got != Snippet("https://v.example.com", id, "after", 1920, 1080) {
		t.Fatalf("Code wrote %s (%v)", b.String(), err)
	}
}

// TestLinksWriteWhatGqlgenWrites: the links written in one pass are the bytes
// gqlgen's string marshaller writes for PageURL and Snippet, for titles and
// addresses with quotes, markup, backslashes, control characters and UTF-8.
func TestLinksWriteWhatGqlgenWrites(t *testing.T) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	for _, c := range []struct{ public, title string }{
		{"https://v.example.com", "Launch"},
		{"https://v.example.com/a?b=1&c=\"2\"", `"Q3" <demo> & more \ back`},
		{"http://127.0.0.1:8080", "tab\there\nnew line\r\x01\x1f end"},
		{"https://vidéo.example", "Été — 東京 🎬 \xff invalid"},
	} {
		ctx := WithBase(context.Background(), c.public)
		for _, w := range []struct {
			name string
			m    interface {
				MarshalGQLContext(context.Context, io.Writer) error
			}
			want string
		}{
			{"URL", URL{Of: &testVideo{id: id}}, PageURL(c.public, id)},
			{"Code", Code{Of: &testVideo{id, c.title, 1280, 720}}, Snippet(c.public, id, c.title, 1280, 720)},
		} {
			var want, got bytes.Buffer
			graphql.MarshalString(w.want).MarshalGQL(&want)
			if err := w.m.MarshalGQLContext(ctx, &got); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s for %q, %q:\n got %s\nwant %s", w.name, c.public, c.title, got.String(), want.String())
			}
			// Through a writer that is no bytes.Buffer too (the small buffer path).
			var sb strings.Builder
			if err := w.m.MarshalGQLContext(ctx, &sb); err != nil || sb.String() != want.String() {
				t.Errorf("%s through a strings.Builder: %s (%v)", w.name, sb.String(), err)
			}
		}
	}
}

func BenchmarkCodeMarshal(b *testing.B) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	ctx := WithBase(context.Background(), "https://v.example.com")
	var buf bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		buf.Reset()
		_ = Code{Of: &testVideo{id, "video 12345", 1280, 720}}.MarshalGQLContext(ctx, &buf)
	}
}
