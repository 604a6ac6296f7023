package speech

import (
	"math"
	"testing"

	"github.com/vidra-dev/vidra/internal/media"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestSplitAtSilences(t *testing.T) {
	silences := []media.Silence{{Start: 3, End: 3.5}, {Start: 9.0, End: 9.6}, {Start: 18.2, End: 18.6}, {Start: 24, End: 24.05}}
	chunks := SplitAtSilences(25, silences, 10, 1)
	want := []Chunk{
		{Span: Span{0, 9.3}, Owned: Span{0, 9.3}},
		{Span: Span{8.3, 18.4}, Owned: Span{9.3, 18.4}},
		{Span: Span{17.4, 25}, Owned: Span{18.4, 25}},
	}
	if len(chunks) != len(want) {
		t.Fatalf("chunks = %+v", chunks)
	}
	for i := range want {
		if !near(chunks[i].Start, want[i].Start) || !near(chunks[i].End, want[i].End) ||
			!near(chunks[i].Owned.Start, want[i].Owned.Start) || !near(chunks[i].Owned.End, want[i].Owned.End) {
			t.Errorf("chunk %d = %+v, want %+v", i, chunks[i], want[i])
		}
	}
	// No silence (or only one too early, or too short): cut at the limit.
	chunks = SplitAtSilences(25, []media.Silence{{Start: 2, End: 3}, {Start: 7, End: 7.05}}, 10, 1)
	if len(chunks) != 3 || !near(chunks[0].End, 10) || !near(chunks[1].Start, 9) || !near(chunks[1].End, 20) || !near(chunks[2].End, 25) {
		t.Errorf("chunks without silences = %+v", chunks)
	}
	if c := SplitAtSilences(8, nil, 10, 1); len(c) != 1 || c[0].Start != 0 || c[0].End != 8 {
		t.Errorf("a short recording = %+v", c)
	}
}

func TestMergeKeepsOverlapsOnce(t *testing.T) {
	chunks := []Chunk{
		{Span: Span{0, 10}, Owned: Span{0, 10}},
		{Span: Span{9, 20}, Owned: Span{10, 20}},
	}
	parts := []Transcript{
		{Language: "en", CPUSeconds: 2, Segments: []Segment{{Start: 8, End: 9.95, Words: []Word{{"one", 8, 8.5}, {"two", 9.2, 9.95}}}}},
		// The second chunk heard "two" again from its start (9 s): dropped;
		// "three" at 10.1 s is its own; a segment without words at 15 s too.
		{Language: "en", CPUSeconds: 3, Segments: []Segment{
			{Start: 0.2, End: 1.5, Words: []Word{{"two", 0.2, 0.9}, {"three", 1.1, 1.5}}},
			{Start: 6, End: 7, Text: "four five"},
		}},
	}
	got := Merge(chunks, parts)
	if got.CPUSeconds != 5 || got.Language != "en" || len(got.Segments) != 3 {
		t.Fatalf("merged = %+v", got)
	}
	if got.Segments[0].Text != "one two" || got.Segments[1].Text != "three" || !near(got.Segments[1].Start, 10.1) ||
		got.Segments[2].Text != "four five" || !near(got.Segments[2].Start, 15) {
		t.Errorf("segments = %+v", got.Segments)
	}
}
