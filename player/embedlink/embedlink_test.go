package embedlink

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"testing"

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

// TestLinksNeedTheOperationsBase: the GraphQL values write the links under the
// context's public address, and fail rather than write a link without one.
func TestLinksNeedTheOperationsBase(t *testing.T) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	ctx := WithBase(context.Background(), "https://v.example.com")
	var b strings.Builder
	if err := (URL{VideoID: id}).MarshalGQLContext(ctx, &b); err != nil {
		t.Fatal(err)
	}
	if want := `"https://v.example.com/embed/` + id.String() + `"`; b.String() != want {
		t.Fatalf("URL wrote %s, want %s", b.String(), want)
	}
	b.Reset()
	if err := (Code{VideoID: id, Title: "A & B", Width: 1280, Height: 720}).MarshalGQLContext(ctx, &b); err != nil {
		t.Fatal(err)
	}
	var got string
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil || got != Snippet("https://v.example.com", id, "A & B", 1280, 720) {
		t.Fatalf("Code wrote %s (%v)", b.String(), err)
	}
	if err := (URL{VideoID: id}).MarshalGQLContext(context.Background(), &b); err == nil {
		t.Fatal("a link was written without a public address")
	}
}
