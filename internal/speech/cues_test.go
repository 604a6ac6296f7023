package speech

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vidra-dev/vidra/internal/captions"
)

// timed times the words of text one after another, each lasting 0.3 s with
// 0.05 s between, from start.
func timed(text string, start float64) []Word {
	var out []Word
	for _, f := range strings.Fields(text) {
		out = append(out, Word{Text: f, Start: start, End: start + 0.3})
		start += 0.35
	}
	return out
}

func segment(text string, start float64) Segment {
	w := timed(text, start)
	return Segment{Start: w[0].Start, End: w[len(w)-1].End, Text: text, Words: w}
}

func TestCuesKeepToTwoLinesOf42(t *testing.T) {
	long := "we will meet at the station tomorrow morning and then take the early train to the coast where the conference opens at nine"
	cues := Cues(Transcript{Segments: []Segment{segment(long, 1)}})
	var all []string
	for i, c := range cues {
		if len(c.Lines) == 0 || len(c.Lines) > CueLines {
			t.Errorf("cue %d has %d lines: %q", i, len(c.Lines), c.Lines)
		}
		for _, l := range c.Lines {
			if utf8.RuneCountInString(l) > LineChars {
				t.Errorf("cue %d line %q is %d characters", i, l, utf8.RuneCountInString(l))
			}
			all = append(all, l)
		}
		if c.End <= c.Start || (i > 0 && c.Start < cues[i-1].End) {
			t.Errorf("cue %d runs %.2f-%.2f after %+v", i, c.Start, c.End, cues[max(i-1, 0)])
		}
		if c.End-c.Start > maxCueSeconds+0.001 {
			t.Errorf("cue %d lasts %.2f s", i, c.End-c.Start)
		}
	}
	if got := strings.Join(all, " "); got != "We"+long[2:] {
		t.Errorf("text = %q", got)
	}
	if cues[0].Start != 1 {
		t.Errorf("first cue starts at %.2f, want its first word's 1.00", cues[0].Start)
	}
	// Two full lines need about 80 characters: at least two cues, none nearly empty
	// but the last.
	if len(cues) < 2 || len(cues) > 4 {
		t.Errorf("%d cues for %d characters", len(cues), len(long))
	}
}

func TestCuesBreakAtSegmentsAndPauses(t *testing.T) {
	tr := Transcript{Segments: []Segment{
		segment("hello there", 0.5),
		{Start: 2, End: 5, Text: "i think so", Words: []Word{{"i", 2, 2.2}, {"think", 2.3, 2.6}, {"so", 4.0, 4.4}}},
	}}
	cues := Cues(tr)
	if len(cues) != 3 {
		t.Fatalf("cues = %+v, want 3 (a segment, then a pause of 1.4 s inside the second)", cues)
	}
	if cues[0].Lines[0] != "Hello there" || cues[1].Lines[0] != "I think" || cues[2].Lines[0] != "so" {
		t.Errorf("lines = %q %q %q", cues[0].Lines, cues[1].Lines, cues[2].Lines)
	}
	// "hello there" ends at 1.15: held to 1.5 (a second on screen), before 2.
	if math.Abs(cues[0].End-1.5) > 1e-9 || cues[1].Start != 2 || math.Abs(cues[1].End-3) > 1e-9 {
		t.Errorf("times = %+v", cues)
	}
}

func TestCuesTimeWordsOfUntimedSegments(t *testing.T) {
	cues := Cues(Transcript{Segments: []Segment{{Start: 10, End: 12, Text: "ab abcdef"}}})
	if len(cues) != 1 || cues[0].Start != 10 || cues[0].End != 12 || cues[0].Lines[0] != "Ab abcdef" {
		t.Fatalf("cues = %+v", cues)
	}
	w := timedWords(Segment{Start: 10, End: 12, Text: "ab abcdef"})
	// 3 and 7 parts of 10: "ab" gets 0.6 s.
	if math.Abs(w[0].End-10.6) > 1e-9 || math.Abs(w[1].Start-10.6) > 1e-9 || math.Abs(w[1].End-12) > 1e-9 {
		t.Errorf("words = %+v", w)
	}
}

func TestWebVTTIsAValidTrack(t *testing.T) {
	tr := Transcript{Segments: []Segment{segment("a <b> & c --> d", 0), segment("second line here", 3723.5)}}
	vtt := WebVTT(Cues(tr))
	out, format, err := captions.ToWebVTT(vtt)
	if err != nil || format != captions.FormatVTT {
		t.Fatalf("%s\nis not valid WebVTT: %v (%v)", vtt, err, format)
	}
	if !strings.Contains(string(out), "A &lt;b&gt; &amp; c --&gt; d") || !strings.Contains(string(out), "01:02:03.500 --> ") {
		t.Errorf("track:\n%s", out)
	}
}

func TestWordErrorRate(t *testing.T) {
	for _, c := range []struct {
		ref, hyp string
		want     float64
	}{
		{"The quick brown fox.", "the quick brown fox", 0},
		{"the quick brown fox", "the quick fox", 0.25},
		{"the quick brown fox", "a quick brown fox jumps", 0.5},
		{"don't stop", "do not stop", 1},
		{"", "", 0},
		{"", "noise", 1},
	} {
		if got := WordErrorRate(c.ref, c.hyp); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("WER(%q, %q) = %.3f, want %.3f", c.ref, c.hyp, got, c.want)
		}
	}
}

func TestParsePocketsphinxOutput(t *testing.T) {
	out := `we will meet
<s> 0.060 0.150 1.000000
we 0.160 0.330 0.999500
<sil> 0.340 0.400 0.5
will(2) 0.410 0.550 0.663022
[NOISE] 0.560 0.600 0.1
meet 0.610 0.830 0.249783
</s> 0.840 0.930 1.000000
one two three four
<s> 4.150 4.270 1.000100
one 4.280 4.520 0.642267
two 4.530 4.880 0.994912
three 4.890 5.610 1.000100
four 5.620 5.970 0.103068
</s> 5.980 6.180 0.246187
`
	segs, err := parsePocketsphinx([]byte(out))
	if err != nil || len(segs) != 2 {
		t.Fatalf("segments = %+v, %v", segs, err)
	}
	if segs[0].Text != "we will meet" || segs[0].Start != 0.16 || segs[0].End != 0.83 || len(segs[0].Words) != 3 || segs[0].Words[1].Text != "will" {
		t.Errorf("first = %+v", segs[0])
	}
	if segs[1].Text != "one two three four" || segs[1].Start != 4.28 || segs[1].End != 5.97 {
		t.Errorf("second = %+v", segs[1])
	}
}
