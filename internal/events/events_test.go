package events_test

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/events"
)

func TestKnown(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"video.created", true},
		{"video.upload.completed", true},
		{"video.ready", true},
		{"caption.ready", true},
		{"import.failed", true},
		{"webhook_endpoint.disabled", true},
		{"livestream.*", true},      // a family, by its name
		{"livestream.active", true}, // a type of the family
		{"livestream.recording.ready", true},
		{"livestream.started", false},       // the family lists its members
		{"subscription.*", true},            // a family, by its name
		{"transcoding_job.completed", true}, // the transcoding jobs' own events
		{"transcoding_job.failed", true},
		{"transcoding_job.done", false}, // no longer a reserved family: only the two above
		{"transcoding_job.*", false},
		{"subscription.created", true}, // billing's own events
		{"usage.limit_reached", true},
		{"subscription.renewed", false}, // no longer a reserved family: only the catalogue's
		{"livestream.", false},          // the family's prefix alone names nothing
		{"livestream", false},
		{"video.*", false}, // not a family of the catalogue
		{"video.created.extra", false},
		{"Video.Created", false},
		{"", false},
		{"*", false},
	} {
		if got := events.Known(tc.name); got != tc.want {
			t.Errorf("Known(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestCatalogueTypesAreKnownAndUnique(t *testing.T) {
	seen := map[string]bool{}
	for _, typ := range events.Catalogue {
		if seen[typ.Name] {
			t.Errorf("%s listed twice", typ.Name)
		}
		seen[typ.Name] = true
		if !events.Known(typ.Name) || typ.Description == "" {
			t.Errorf("%+v: not known or undescribed", typ)
		}
	}
}

func TestSubscribed(t *testing.T) {
	for _, tc := range []struct {
		types []string
		name  string
		want  bool
	}{
		{nil, "video.ready", true}, // no types: everything
		{[]string{}, "webhook_endpoint.disabled", true},
		{[]string{"video.ready"}, "video.ready", true},
		{[]string{"video.created", "video.ready"}, "video.ready", true},
		{[]string{"video.created"}, "video.ready", false},
		{[]string{"video.upload.completed"}, "video.upload", false}, // no prefix matching of plain types
		{[]string{"video.ready"}, "video.ready.extra", false},
		{[]string{"livestream.*"}, "livestream.started", true}, // a family subscribes to its members
		{[]string{"livestream.*"}, "livestream.", false},
		{[]string{"livestream.*"}, "video.ready", false},
		{[]string{"livestream.started"}, "livestream.ended", false},
	} {
		if got := events.Subscribed(tc.types, tc.name); got != tc.want {
			t.Errorf("Subscribed(%q, %q) = %v, want %v", tc.types, tc.name, got, tc.want)
		}
	}
}
