package video

import (
	"testing"

	"github.com/vidra-dev/vidra/internal/fault"
)

func TestCaptionLanguage(t *testing.T) {
	//nolint:gocritic // mapKey: the spaces around " en " are the input under test
	for in, want := range map[string]string{"pt-br": "pt-BR", " en ": "en", "zh-hant": "zh-Hant"} {
		if got, err := CaptionLanguage(in); err != nil || got != want {
			t.Errorf("CaptionLanguage(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "und", "not a language"} {
		_, err := CaptionLanguage(bad)
		if kind, field := fieldOf(t, err); kind != fault.KindInvalidInput || field != "language" {
			t.Errorf("CaptionLanguage(%q): %s on %q", bad, kind, field)
		}
	}
}
