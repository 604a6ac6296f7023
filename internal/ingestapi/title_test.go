package ingestapi

import "testing"

func TestTitleFromURL(t *testing.T) {
	for p, want := range map[string]string{
		"/a/b/clip.mp4": "clip.mp4",
		"/clip":         "clip",
		"/a/":           "Imported video",
		"":              "Imported video",
	} {
		if got := titleFromURL(p); got != want {
			t.Errorf("titleFromURL(%q) = %q, want %q", p, got, want)
		}
	}
}
