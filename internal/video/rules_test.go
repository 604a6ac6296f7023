package video

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/fault"
)

// fieldOf is the kind and field of a rule's error.
func fieldOf(t *testing.T, err error) (fault.Kind, string) {
	t.Helper()
	var e *fault.Error
	if !errors.As(err, &e) {
		t.Fatalf("error %v is not a fault.Error", err)
	}
	return e.Kind, e.Field
}

func TestSearchWords(t *testing.T) {
	if got, want := searchWords(`Amber "crimson" & -x | y*`), []string{"amber", "crimson", "x", "y"}; !slices.Equal(got, want) {
		t.Errorf("searchWords = %v, want %v", got, want)
	}
	if got := searchWords(strings.Repeat("w ", 40)); len(got) != maxSearchWords {
		t.Errorf("%d words kept, want %d", len(got), maxSearchWords)
	}
	if got := searchWords(`"' & | !`); len(got) != 0 {
		t.Errorf("punctuation only gives %v", got)
	}
}

func TestMetadataRules(t *testing.T) {
	for _, ok := range []string{"a", "A-b_9", strings.Repeat("k", maxMetadataKeyLen)} {
		if err := ValidateMetadataKey(ok, "key"); err != nil {
			t.Errorf("key %q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a.b", "a b", "é", strings.Repeat("k", maxMetadataKeyLen+1)} {
		if kind, field := fieldOf(t, ValidateMetadataKey(bad, "key")); kind != fault.KindInvalidInput || field != "key" {
			t.Errorf("key %q: %s on %q", bad, kind, field)
		}
	}
	m, err := mergeMetadata(map[string]any{"old": 1.0}, []MetadataEntry{{Key: "new", Value: "v"}})
	if err != nil || m["old"] != 1.0 || m["new"] != "v" {
		t.Errorf("merge = %v, %v", m, err)
	}
	if _, err := mergeMetadata(nil, []MetadataEntry{{Key: "k", Value: "1"}, {Key: "k", Value: "2"}}); err == nil || !strings.Contains(err.Error(), "given twice") {
		t.Errorf("a key given twice: %v", err)
	}
	if _, field := fieldOf(t, mustFail(mergeMetadata(nil, []MetadataEntry{{Key: "k", Value: strings.Repeat("v", maxMetadataValueLen+1)}}))); field != "value" {
		t.Errorf("a long value is refused on %q", field)
	}
	full := map[string]any{}
	for i := range maxMetadataKeys {
		full[strings.Repeat("k", i+1)] = "v"
	}
	if _, field := fieldOf(t, mustFail(mergeMetadata(full, []MetadataEntry{{Key: "another", Value: "v"}}))); field != "entries" {
		t.Errorf("key %d is refused on %q", maxMetadataKeys+1, field)
	}
	if got := metadataEntries(map[string]any{"b": 2.0, "a": "x"}); !slices.Equal(got, []MetadataEntry{{"a", "x"}, {"b", "2"}}) {
		t.Errorf("entries = %v", got)
	}
}

func TestChapterRules(t *testing.T) {
	got, err := checkChapters([]ChapterInput{{" Two ", 10}, {"One", 0}}, 60)
	if err != nil || !slices.Equal(got, []ChapterInput{{"One", 0}, {"Two", 10}}) {
		t.Fatalf("checkChapters = %v, %v", got, err)
	}
	for _, c := range []struct {
		in    []ChapterInput
		field string
	}{
		{[]ChapterInput{{" ", 0}}, "title"},
		{[]ChapterInput{{"a\nb", 0}}, "title"},
		{[]ChapterInput{{"a", -1}}, "startSeconds"},
		{[]ChapterInput{{"a", 60}}, "startSeconds"},
		{[]ChapterInput{{"a", 5}, {"b", 5}}, "startSeconds"},
	} {
		_, err := checkChapters(c.in, 60)
		if _, field := fieldOf(t, err); field != c.field {
			t.Errorf("%v: refused on %q, want %q", c.in, field, c.field)
		}
	}
	if _, err := checkChapters([]ChapterInput{{"late", 1e6}}, 0); err != nil {
		t.Errorf("an unknown duration bounds nothing: %v", err)
	}
}

// mustFail is the error of a call that must fail.
func mustFail[T any](_ T, err error) error { return err }
