package captions

import (
	"errors"
	"reflect"
	"testing"
)

// TestToWebVTT checks each accepted form of a track and the WebVTT written for
// it: WebVTT is kept as given (line endings and byte order mark normalised),
// SRT is converted.
func TestToWebVTT(t *testing.T) {
	cases := []struct {
		name   string
		in     string
		format Format
		want   string
	}{
		{"vtt", "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n", FormatVTT,
			"WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n"},
		{"vtt with bom, crlf, header text, cue id and settings",
			"\xef\xbb\xbfWEBVTT - title\r\n\r\n1\r\n00:00:01.000 --> 00:00:02.500 align:start\r\nHi\r\n", FormatVTT,
			"WEBVTT - title\n\n1\n00:00:01.000 --> 00:00:02.500 align:start\nHi\n"},
		{"vtt with lone cr line endings", "WEBVTT\r\r00:00.000 --> 00:01.000\rA\r", FormatVTT,
			"WEBVTT\n\n00:00.000 --> 00:01.000\nA\n"},
		{"vtt tab after signature", "WEBVTT\tx\n\n00:00.000 --> 00:01.000\nA", FormatVTT,
			"WEBVTT\tx\n\n00:00.000 --> 00:01.000\nA\n"},
		{"vtt style and note before cues, note after", "WEBVTT\n\nSTYLE\n::cue {}\n\nNOTE hi\n\n00:01.000 --> 00:02.000\nA\n\nNOTE\nlater\n", FormatVTT,
			"WEBVTT\n\nSTYLE\n::cue {}\n\nNOTE hi\n\n00:01.000 --> 00:02.000\nA\n\nNOTE\nlater\n"},
		{"vtt blank lines collapse", "WEBVTT\n\n\n\n00:00.000 --> 00:01.000\nA\n\n\n", FormatVTT,
			"WEBVTT\n\n00:00.000 --> 00:01.000\nA\n"},
		{"vtt utf-8 text kept", "WEBVTT\n\n00:00.000 --> 00:01.000\nÇa va ? 日本\n", FormatVTT,
			"WEBVTT\n\n00:00.000 --> 00:01.000\nÇa va ? 日本\n"},
		{"srt", "1\r\n00:00:01,000 --> 00:00:02,000\r\n<font color=\"red\">Hi</font> there\r\n\r\n2\r\n00:00:03.500 --> 00:01:00,000 X1:40\r\nline --> two\r\nsecond\r\n", FormatSRT,
			"WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.000\nHi there\n\n2\n00:00:03.500 --> 00:01:00.000\nline --&gt; two\nsecond\n"},
		{"srt hours above 99 and single-digit hour", "1\n100:00:00,000 --> 100:00:01,000\nx\n\n 2 \n1:00:00,000 --> 1:00:00,001\n", FormatSRT,
			"WEBVTT\n\n1\n100:00:00.000 --> 100:00:01.000\nx\n\n2\n01:00:00.000 --> 01:00:00.001\n"},
		{"srt with bom", "\xef\xbb\xbf1\n00:00:00,000 --> 00:00:00,500\nA\n", FormatSRT,
			"WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.500\nA\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, format, err := ToWebVTT([]byte(c.in))
			if err != nil {
				t.Fatalf("ToWebVTT: %v", err)
			}
			if format != c.format {
				t.Errorf("format %q, want %q", format, c.format)
			}
			if string(out) != c.want {
				t.Errorf("output\n%q\nwant\n%q", out, c.want)
			}
		})
	}
}

// TestToWebVTTRejects checks that each bad track is refused with the line and
// message a user needs to fix it, and nothing is written.
func TestToWebVTTRejects(t *testing.T) {
	cases := []struct {
		name    string
		in      string
		line    int
		message string
		text    string
	}{
		{"empty", "", 0, "caption track is empty", "caption track is empty"},
		{"only blank lines", "\n \r\n\t\n", 0, "caption track is empty", ""},
		{"only a bom", "\xef\xbb\xbf", 0, "caption track is empty", ""},
		{"invalid utf-8", "WEBVTT\n\n00:00.000 --> 00:01.000\n\xff\xfe\n", 0, "caption text must be UTF-8", "caption text must be UTF-8"},
		{"latin-1 srt", "1\n00:00:01,000 --> 00:00:02,000\ncaf\xe9\n", 0, "caption text must be UTF-8", ""},
		{"truncated utf-8 sequence", "WEBVTT\n\n00:00.000 --> 00:01.000\n\xe6\x97\n", 0, "caption text must be UTF-8", ""},
		{"bom then invalid utf-8", "\xef\xbb\xbfWEBVTT\n\n00:00.000 --> 00:01.000\n\xc3\x28\n", 0, "caption text must be UTF-8", ""},
		{"signature glued to text", "WEBVTTX\n\n00:00.000 --> 00:01.000\nA\n", 1, "the first line must be the WEBVTT signature", "line 1: the first line must be the WEBVTT signature"},
		{"signature not on line 1", "\nWEBVTT\n\n00:00.000 --> 00:01.000\nA\n", 2, "the first line must be the WEBVTT signature", ""},
		{"signature indented", " WEBVTT\n\n00:00.000 --> 00:01.000\nA\n", 1, "the first line must be the WEBVTT signature", ""},
		{"vtt without cues", "WEBVTT\n\nNOTE only a note\n", 0, "the track has no cues", "the track has no cues"},
		{"vtt signature alone", "WEBVTT\n", 0, "the track has no cues", ""},
		{"vtt cue id without timing", "WEBVTT\n\nid-only\n", 4, `expected a timing line "start --> end"`, ""},
		{"vtt cue id then text", "WEBVTT\n\nid\nnot a timing\n", 4, `expected a timing line "start --> end"`, ""},
		{"vtt end before start", "WEBVTT\n\n00:02.000 --> 00:01.000\nA\n", 3, "the cue ends before it starts", "line 3: the cue ends before it starts"},
		{"vtt zero-length cue", "WEBVTT\n\n00:01.000 --> 00:01.000\nA\n", 3, "the cue ends before it starts", ""},
		{"vtt comma in timestamp", "WEBVTT\n\n00:00,000 --> 00:01.000\nA\n", 3, `malformed timestamp in "00:00,000 --> 00:01.000"`, ""},
		{"vtt seconds above 59", "WEBVTT\n\n00:00.000 --> 00:60.000\nA\n", 3, `malformed timestamp in "00:00.000 --> 00:60.000"`, ""},
		{"vtt two-digit milliseconds", "WEBVTT\n\n00:00.00 --> 00:01.000\nA\n", 3, `malformed timestamp in "00:00.00 --> 00:01.000"`, ""},
		{"vtt no end time", "WEBVTT\n\n00:00.000 -->\nA\n", 3, "the timing line has no end time", ""},
		{"vtt arrow in cue text", "WEBVTT\n\n00:00.000 --> 00:01.000\nok\na --> b\n", 5, `cue text must not contain "-->"`, ""},
		{"vtt arrow in text of cue with id", "WEBVTT\n\nc1\n00:00.000 --> 00:01.000\na --> b\n", 5, `cue text must not contain "-->"`, ""},
		{"vtt style after a cue", "WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\nSTYLE\n::cue {}\n", 6, "STYLE blocks must come before the first cue", ""},
		{"vtt region after a cue", "WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\nREGION\nid:r\n", 6, "REGION blocks must come before the first cue", ""},
		{"neither format", "hello\nworld\n", 1, "expected a cue number (the file is neither WebVTT nor SRT)", ""},
		{"srt negative number", "-1\n00:00:01,000 --> 00:00:02,000\nA\n", 1, "expected a cue number (the file is neither WebVTT nor SRT)", ""},
		{"srt number only", "1\n", 2, `expected a timing line "start --> end"`, ""},
		{"srt without arrow", "1\n00:00:01,000 00:00:02,000\nA\n", 2, `expected a timing line "start --> end"`, ""},
		{"srt second cue backwards", "1\n00:00:01,000 --> 00:00:02,000\nA\n\n2\n00:00:05,000 --> 00:00:04,000\nB\n", 6, "the cue ends before it starts", ""},
		{"srt without hours", "1\n00:01,000 --> 00:02,000\nA\n", 2, `malformed timestamp in "00:01,000 --> 00:02,000"`, ""},
		{"srt minutes above 59", "1\n00:60:00,000 --> 01:00:00,000\nA\n", 2, `malformed timestamp in "00:60:00,000 --> 01:00:00,000"`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, _, err := ToWebVTT([]byte(c.in))
			if out != nil {
				t.Errorf("output %q for a refused track", out)
			}
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("error %v (%T), want *captions.Error", err, err)
			}
			if ce.Line != c.line || ce.Message != c.message {
				t.Errorf("error {line %d, %q}, want {line %d, %q}", ce.Line, ce.Message, c.line, c.message)
			}
			if c.text != "" && err.Error() != c.text {
				t.Errorf("Error() %q, want %q", err.Error(), c.text)
			}
		})
	}
}

// TestParseCues reads the cues of a track in order, in seconds, their lines
// joined; a track without cues and a cue that does not end after it starts
// are read too.
func TestParseCues(t *testing.T) {
	cases := []struct {
		name string
		in   string
		want []Cue
	}{
		{"ids, settings, notes, style, empty text",
			"\xef\xbb\xbfWEBVTT - made\r\n\r\nSTYLE\r\n::cue {}\r\n\r\nNOTE hi\r\n\r\n1\r\n00:00:01.000 --> 00:00:02.500 align:start\r\nHello\r\nworld\r\n\r\n" +
				"01:00:02.500 --> 01:00:04.250\r\n\r\nNOTE\r\nlater\r\n\r\n00:05.000 --> 00:06.000\r\n日本 ok\r\n",
			[]Cue{{Start: 1, End: 2.5, Text: "Hello\nworld"}, {Start: 3602.5, End: 3604.25}, {Start: 5, End: 6, Text: "日本 ok"}}},
		{"zero-length and backwards cues", "WEBVTT\n\n00:01.000 --> 00:01.000\nA\n\n00:03.000 --> 00:02.000\nB\n",
			[]Cue{{Start: 1, End: 1, Text: "A"}, {Start: 3, End: 2, Text: "B"}}},
		{"no cues", "WEBVTT\n\nNOTE nothing said\n", nil},
		{"signature alone", "WEBVTT", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ParseCues([]byte(c.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("cues\n%+v\nwant\n%+v", got, c.want)
			}
		})
	}
}

// TestParseCuesRejects: what ToWebVTT refuses in a WebVTT track (but no cues
// or a cue ending before it starts) is refused with the same *Error, and so is
// a track without the signature.
func TestParseCuesRejects(t *testing.T) {
	cases := []struct {
		name, in string
		line     int
		message  string
	}{
		{"empty", "", 0, "caption track is empty"},
		{"invalid utf-8", "WEBVTT\n\n00:00.000 --> 00:01.000\n\xff\n", 0, "caption text must be UTF-8"},
		{"no signature", "00:00.000 --> 00:01.000\nA\n", 1, "the first line must be the WEBVTT signature"},
		{"srt", "1\n00:00:01,000 --> 00:00:02,000\nA\n", 1, "the first line must be the WEBVTT signature"},
		{"signature glued to text", "WEBVTTX\n\n00:00.000 --> 00:01.000\nA\n", 1, "the first line must be the WEBVTT signature"},
		{"bad timestamp", "WEBVTT\n\n00:01.000 --> soon\nA\n", 3, `malformed timestamp in "00:01.000 --> soon"`},
		{"cue id without timing", "WEBVTT\n\nid-only\n", 4, `expected a timing line "start --> end"`},
		{"arrow in cue text", "WEBVTT\n\n00:00.000 --> 00:01.000\na --> b\n", 4, `cue text must not contain "-->"`},
		{"style after a cue", "WEBVTT\n\n00:01.000 --> 00:02.000\nA\n\nSTYLE\n::cue {}\n", 6, "STYLE blocks must come before the first cue"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cues, err := ParseCues([]byte(c.in))
			var ce *Error
			if !errors.As(err, &ce) {
				t.Fatalf("cues %+v, error %v (%T), want *captions.Error", cues, err, err)
			}
			if ce.Line != c.line || ce.Message != c.message {
				t.Errorf("error {line %d, %q}, want {line %d, %q}", ce.Line, ce.Message, c.line, c.message)
			}
		})
	}
}

// TestToWebVTTFormatOfRefusedTrack checks that the detected format comes back
// with a validation error (the caller names it in its message), and none for
// text that is not UTF-8 or empty.
func TestToWebVTTFormatOfRefusedTrack(t *testing.T) {
	cases := []struct {
		in   string
		want Format
	}{
		{"WEBVTT\n\n00:02.000 --> 00:01.000\nA\n", FormatVTT},
		{"1\n00:00:02,000 --> 00:00:01,000\nA\n", FormatSRT},
		{"\xff", ""},
		{"", ""},
	}
	for _, c := range cases {
		_, format, err := ToWebVTT([]byte(c.in))
		if err == nil || format != c.want {
			t.Errorf("ToWebVTT(%q): format %q, error %v; want format %q and an error", c.in, format, err, c.want)
		}
	}
}

// TestFormatTimestamp checks the hh:mm:ss.ttt form, hours past 99 included.
func TestFormatTimestamp(t *testing.T) {
	cases := []struct {
		ms   int64
		want string
	}{
		{0, "00:00:00.000"},
		{1, "00:00:00.001"},
		{59_999, "00:00:59.999"},
		{60_000, "00:01:00.000"},
		{3_723_004, "01:02:03.004"},
		{86_400_000, "24:00:00.000"},
		{360_000_000, "100:00:00.000"},
	}
	for _, c := range cases {
		if got := FormatTimestamp(c.ms); got != c.want {
			t.Errorf("FormatTimestamp(%d) = %q, want %q", c.ms, got, c.want)
		}
	}
}

// TestChaptersVTT checks the end of each chapter (the next start, the video's
// duration, or open-ended), rounding to the millisecond and escaping of "-->".
func TestChaptersVTT(t *testing.T) {
	two := []Chapter{{Title: "Intro", StartSeconds: 0}, {Title: "Part --> 2", StartSeconds: 65.5}}
	cases := []struct {
		name     string
		chapters []Chapter
		duration float64
		want     string
	}{
		{"none", nil, 100, "WEBVTT\n"},
		{"last runs to the duration", two, 125.25,
			"WEBVTT\n\n1\n00:00:00.000 --> 00:01:05.500\nIntro\n\n2\n00:01:05.500 --> 00:02:05.250\nPart --&gt; 2\n"},
		{"unknown duration leaves the last open", two, 0,
			"WEBVTT\n\n1\n00:00:00.000 --> 00:01:05.500\nIntro\n\n2\n00:01:05.500 --> 24:01:05.500\nPart --&gt; 2\n"},
		{"duration before the last start leaves it open", two, 30,
			"WEBVTT\n\n1\n00:00:00.000 --> 00:01:05.500\nIntro\n\n2\n00:01:05.500 --> 24:01:05.500\nPart --&gt; 2\n"},
		{"rounds to the nearest millisecond", []Chapter{{Title: "A", StartSeconds: 1.0004}, {Title: "B", StartSeconds: 2.0006}}, 3,
			"WEBVTT\n\n1\n00:00:01.000 --> 00:00:02.001\nA\n\n2\n00:00:02.001 --> 00:00:03.000\nB\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ChaptersVTT(c.chapters, c.duration)
			if got != c.want {
				t.Errorf("ChaptersVTT\n%q\nwant\n%q", got, c.want)
			}
			if len(c.chapters) > 0 {
				if _, format, err := ToWebVTT([]byte(got)); err != nil || format != FormatVTT {
					t.Errorf("the chapters track does not validate as WebVTT: %v", err)
				}
			}
		})
	}
}
