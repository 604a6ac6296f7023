package speech

import (
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vidra-dev/vidra/internal/captions"
)

// The shape of a generated cue, after common subtitle guidelines (the BBC's and
// Netflix's: at most two lines of about 42 characters, on screen long enough
// to read, never for long after the words).
const (
	// LineChars is the longest line of a cue, in characters (a longer word
	// takes a line of its own).
	LineChars = 42
	// CueLines is the most lines a cue has.
	CueLines = 2
	// maxCueSeconds closes a cue that has run this long.
	maxCueSeconds = 7.0
	// pauseSeconds is a silence between two words that starts a new cue.
	pauseSeconds = 1.0
	// minCueSeconds is the shortest time a cue stays on screen, when the next
	// cue leaves room.
	minCueSeconds = 1.0
)

// Cue is one caption on screen: its lines and when it shows, in seconds.
type Cue struct {
	Start, End float64
	Lines      []string
}

// Cues lays out a transcript as captions: the words in order, a new cue at
// each segment (a sentence or an utterance), at a pause, or when the next word
// would not fit in CueLines lines of LineChars or the cue has run
// maxCueSeconds. A cue starts with its first word and ends with its last,
// held up to minCueSeconds when the next cue leaves room. A segment without
// word times has its words timed in proportion to their length.
func Cues(t Transcript) []Cue {
	var cues []Cue
	var cur *Cue
	var line strings.Builder
	var lastEnd float64
	closeCue := func() {
		if cur == nil {
			return
		}
		if line.Len() > 0 {
			cur.Lines = append(cur.Lines, line.String())
			line.Reset()
		}
		cur.End = lastEnd
		cues = append(cues, *cur)
		cur = nil
	}
	for _, seg := range t.Segments {
		closeCue()
		for i, w := range timedWords(seg) {
			text := w.Text
			if i == 0 {
				text = capitalise(text)
			}
			text = fixPronounI(text)
			if cur != nil && (w.Start-lastEnd > pauseSeconds || w.End-cur.Start > maxCueSeconds) {
				closeCue()
			}
			if cur != nil && line.Len() > 0 && utf8.RuneCountInString(line.String())+1+utf8.RuneCountInString(text) > LineChars {
				if len(cur.Lines)+1 >= CueLines {
					closeCue()
				} else {
					cur.Lines = append(cur.Lines, line.String())
					line.Reset()
				}
			}
			if cur == nil {
				cur = &Cue{Start: w.Start}
			}
			if line.Len() > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(text)
			lastEnd = w.End
		}
	}
	closeCue()
	for i := range cues {
		hold := cues[i].Start + minCueSeconds
		if i+1 < len(cues) {
			hold = math.Min(hold, cues[i+1].Start)
		}
		cues[i].End = math.Max(cues[i].End, hold)
	}
	return cues
}

// timedWords is a segment's words; when the engine gave none, the segment's
// text split at spaces, its time shared in proportion to each word's length.
func timedWords(seg Segment) []Word {
	if len(seg.Words) > 0 {
		return seg.Words
	}
	fields := strings.Fields(seg.Text)
	total := 0
	for _, f := range fields {
		total += utf8.RuneCountInString(f) + 1
	}
	words := make([]Word, len(fields))
	at, span := seg.Start, seg.End-seg.Start
	for i, f := range fields {
		d := span * float64(utf8.RuneCountInString(f)+1) / float64(total)
		words[i] = Word{Text: f, Start: at, End: at + d}
		at += d
	}
	return words
}

// capitalise upper-cases a word's first letter (the built-in engine writes
// lower case only).
func capitalise(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 || unicode.IsUpper(r) {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// fixPronounI writes English "i" (and i'm, i'll, i've, i'd) as "I".
func fixPronounI(s string) string {
	if s == "i" || strings.HasPrefix(s, "i'") {
		return "I" + s[1:]
	}
	return s
}

// vttEscaper escapes what WebVTT cue text reserves (a word from an engine
// cannot open a tag or end a timing line).
var vttEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// WebVTT writes cues as a WebVTT caption track.
func WebVTT(cues []Cue) []byte {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for _, c := range cues {
		b.WriteString("\n")
		b.WriteString(captions.FormatTimestamp(int64(math.Round(c.Start * 1000))))
		b.WriteString(" --> ")
		b.WriteString(captions.FormatTimestamp(int64(math.Round(c.End * 1000))))
		b.WriteString("\n")
		for _, l := range c.Lines {
			b.WriteString(vttEscaper.Replace(l))
			b.WriteString("\n")
		}
	}
	return []byte(b.String())
}
