package player

import (
	"fmt"
	"html"
	"testing"

	"github.com/google/uuid"
)

// TestEmbedCode pins the snippet, escaping included, against the format it
// has always had.
func TestEmbedCode(t *testing.T) {
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
		if got := EmbedCode(c.public, id, c.title, c.w, c.h); got != want {
			t.Errorf("EmbedCode(%q, %q, %d, %d)\n got %s\nwant %s", c.public, c.title, c.w, c.h, got, want)
		}
	}
}

// BenchmarkEmbedCode is the cost of one video's snippet (a REST page of 50
// videos writes 50).
func BenchmarkEmbedCode(b *testing.B) {
	id := uuid.MustParse("01972897-7b51-751b-875b-ad7242a49a25")
	b.ReportAllocs()
	for b.Loop() {
		_ = EmbedCode("https://v.example.com", id, "video 12345", 1280, 720)
	}
}
