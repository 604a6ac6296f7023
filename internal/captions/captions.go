// Package captions validates caption tracks in WebVTT and SRT, converts SRT to
// WebVTT, reads the cues of a WebVTT track, and writes chapter tracks as WebVTT.
//
// It is hand-written rather than built on a subtitle library because Vidra needs
// strict validation with line numbers (a library that repairs or skips bad cues
// would store a track players then reject) and nothing beyond these two formats.
package captions

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Format is the format a caption track was given in.
type Format string

// The caption formats Vidra accepts.
const (
	FormatVTT Format = "vtt"
	FormatSRT Format = "srt"
)

// Error is a problem found in a caption track, with the 1-based line it is on
// (0 when it concerns the whole track).
type Error struct {
	Line    int
	Message string
}

// Error implements error.
func (e *Error) Error() string {
	if e.Line == 0 {
		return e.Message
	}
	return fmt.Sprintf("line %d: %s", e.Line, e.Message)
}

// block is a run of non-blank lines and the line number of its first line.
type block struct {
	line  int
	lines []string
}

// splitBlocks normalises line endings, drops a byte order mark and splits text
// into blocks separated by blank lines.
func splitBlocks(data []byte) []block {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	text := strings.ReplaceAll(string(data), "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	var blocks []block
	var cur *block
	for i, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) == "" {
			cur = nil
			continue
		}
		if cur == nil {
			blocks = append(blocks, block{line: i + 1})
			cur = &blocks[len(blocks)-1]
		}
		cur.lines = append(cur.lines, l)
	}
	return blocks
}

// ToWebVTT validates a caption track, detecting its format (WebVTT starts with the
// WEBVTT signature, anything else is read as SRT), and returns it as WebVTT with
// LF line endings.
func ToWebVTT(data []byte) ([]byte, Format, error) {
	if !isUTF8(data) {
		return nil, "", &Error{Message: "caption text must be UTF-8"}
	}
	blocks := splitBlocks(data)
	if len(blocks) == 0 {
		return nil, "", &Error{Message: "caption track is empty"}
	}
	if strings.HasPrefix(strings.TrimSpace(blocks[0].lines[0]), "WEBVTT") {
		if err := checkSignature(blocks); err != nil {
			return nil, "", err
		}
		out, err := validateVTT(blocks)
		return out, FormatVTT, err
	}
	out, err := srtToVTT(blocks)
	return out, FormatSRT, err
}

// Cue is a cue of a WebVTT track: when it shows, in seconds from the start of
// the media, and its text.
type Cue struct {
	Start, End float64
	// Text is the cue's text lines joined with "\n" ("" for a cue without text).
	Text string
}

// ParseCues reads the cues of a WebVTT track in the order they come, checking
// the track as ToWebVTT does, except that a track may have no cues and a cue
// may end when or before it starts: a machine's output (a speech engine's)
// can have both, and the caller decides what they mean. Its errors are *Error.
func ParseCues(vtt []byte) ([]Cue, error) {
	if !isUTF8(vtt) {
		return nil, &Error{Message: "caption text must be UTF-8"}
	}
	blocks := splitBlocks(vtt)
	if len(blocks) == 0 {
		return nil, &Error{Message: "caption track is empty"}
	}
	if err := checkSignature(blocks); err != nil {
		return nil, err
	}
	return readVTT(blocks, false)
}

// checkSignature checks that a WebVTT track starts with its signature, alone
// or followed by a space or a tab and text, on the first line.
func checkSignature(blocks []block) error {
	first := blocks[0].lines[0]
	if blocks[0].line != 1 || !(first == "WEBVTT" || strings.HasPrefix(first, "WEBVTT ") || strings.HasPrefix(first, "WEBVTT\t")) {
		return &Error{Line: blocks[0].line, Message: "the first line must be the WEBVTT signature"}
	}
	return nil
}

// vttTime matches a WebVTT timestamp: optional hours, minutes, seconds, milliseconds.
var vttTime = regexp.MustCompile(`^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$`)

// srtTime matches an SRT timestamp (comma before milliseconds; a dot is tolerated).
var srtTime = regexp.MustCompile(`^(\d{1,}):([0-5]\d):([0-5]\d)[,.](\d{3})$`)

// parseTime reads a timestamp matched by re into milliseconds.
func parseTime(re *regexp.Regexp, s string) (int64, bool) {
	m := re.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	var h int64
	if m[1] != "" {
		h, _ = strconv.ParseInt(m[1], 10, 64)
	}
	mi, _ := strconv.ParseInt(m[2], 10, 64)
	se, _ := strconv.ParseInt(m[3], 10, 64)
	ms, _ := strconv.ParseInt(m[4], 10, 64)
	return ((h*60+mi)*60+se)*1000 + ms, true
}

// parseTiming reads "start --> end[ settings]" on line n; ordered also checks
// end > start.
func parseTiming(re *regexp.Regexp, line string, n int, ordered bool) (start, end int64, settings string, err error) {
	left, right, ok := strings.Cut(line, "-->")
	if !ok {
		return 0, 0, "", &Error{Line: n, Message: "expected a timing line \"start --> end\""}
	}
	fields := strings.Fields(right)
	if len(fields) == 0 {
		return 0, 0, "", &Error{Line: n, Message: "the timing line has no end time"}
	}
	start, ok1 := parseTime(re, strings.TrimSpace(left))
	end, ok2 := parseTime(re, fields[0])
	if !ok1 || !ok2 {
		return 0, 0, "", &Error{Line: n, Message: fmt.Sprintf("malformed timestamp in %q", line)}
	}
	if ordered && end <= start {
		return 0, 0, "", &Error{Line: n, Message: "the cue ends before it starts"}
	}
	return start, end, strings.Join(fields[1:], " "), nil
}

// validateVTT checks every cue of a WebVTT track, which must have one, and
// writes the track with LF line endings.
func validateVTT(blocks []block) ([]byte, error) {
	cues, err := readVTT(blocks, true)
	if err != nil {
		return nil, err
	}
	if len(cues) == 0 {
		return nil, &Error{Message: "the track has no cues"}
	}
	var out strings.Builder
	for i, b := range blocks {
		if i > 0 {
			out.WriteString("\n\n")
		}
		out.WriteString(strings.Join(b.lines, "\n"))
	}
	out.WriteString("\n")
	return []byte(out.String()), nil
}

// readVTT checks the blocks of a WebVTT track after its signature and returns
// its cues; ordered refuses a cue that does not end after it starts.
func readVTT(blocks []block, ordered bool) ([]Cue, error) {
	var cues []Cue
	for _, b := range blocks[1:] {
		head := b.lines[0]
		if strings.HasPrefix(head, "NOTE") || head == "STYLE" || head == "REGION" {
			if len(cues) > 0 && head != "NOTE" && !strings.HasPrefix(head, "NOTE ") {
				return nil, &Error{Line: b.line, Message: head + " blocks must come before the first cue"}
			}
			continue
		}
		timing, at := 0, b.line
		if !strings.Contains(head, "-->") {
			timing, at = 1, b.line+1
		}
		if timing >= len(b.lines) {
			return nil, &Error{Line: at, Message: "expected a timing line \"start --> end\""}
		}
		start, end, _, err := parseTiming(vttTime, b.lines[timing], at, ordered)
		if err != nil {
			return nil, err
		}
		text := b.lines[timing+1:]
		for i, l := range text {
			if strings.Contains(l, "-->") {
				return nil, &Error{Line: at + 1 + i, Message: "cue text must not contain \"-->\""}
			}
		}
		cues = append(cues, Cue{Start: float64(start) / 1000, End: float64(end) / 1000, Text: strings.Join(text, "\n")})
	}
	return cues, nil
}

// fontTag matches SRT font tags, which WebVTT does not have.
var fontTag = regexp.MustCompile(`(?i)</?font[^>]*>`)

// srtToVTT checks every block of an SRT track and writes it as WebVTT.
func srtToVTT(blocks []block) ([]byte, error) {
	var out strings.Builder
	out.WriteString("WEBVTT\n")
	for _, b := range blocks {
		if _, err := strconv.ParseUint(strings.TrimSpace(b.lines[0]), 10, 64); err != nil {
			return nil, &Error{Line: b.line, Message: "expected a cue number (the file is neither WebVTT nor SRT)"}
		}
		if len(b.lines) < 2 {
			return nil, &Error{Line: b.line + 1, Message: "expected a timing line \"start --> end\""}
		}
		start, end, _, err := parseTiming(srtTime, b.lines[1], b.line+1, true)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&out, "\n%s\n%s --> %s\n", strings.TrimSpace(b.lines[0]), FormatTimestamp(start), FormatTimestamp(end))
		for _, l := range b.lines[2:] {
			l = fontTag.ReplaceAllString(l, "")
			out.WriteString(strings.ReplaceAll(l, "-->", "--&gt;"))
			out.WriteString("\n")
		}
	}
	return []byte(out.String()), nil
}

// FormatTimestamp writes milliseconds as a WebVTT timestamp, hh:mm:ss.ttt.
func FormatTimestamp(ms int64) string {
	h := ms / 3_600_000
	m := ms / 60_000 % 60
	s := ms / 1000 % 60
	return fmt.Sprintf("%02d:%02d:%02d.%03d", h, m, s, ms%1000)
}

// Chapter is one entry of a chapters track.
type Chapter struct {
	Title        string
	StartSeconds float64
}

// OpenEndSeconds is how long the last chapter runs when the video's duration is
// not known yet.
const OpenEndSeconds = 24 * 60 * 60

// ChaptersVTT writes chapters (in start order) as a WebVTT chapters track: each
// runs to the next one's start, the last to duration, or OpenEndSeconds past its
// start when duration is 0 (unknown).
func ChaptersVTT(chapters []Chapter, duration float64) string {
	var out strings.Builder
	out.WriteString("WEBVTT\n")
	for i, c := range chapters {
		end := c.StartSeconds + OpenEndSeconds
		switch {
		case i+1 < len(chapters):
			end = chapters[i+1].StartSeconds
		case duration > c.StartSeconds:
			end = duration
		}
		fmt.Fprintf(&out, "\n%d\n%s --> %s\n%s\n", i+1,
			FormatTimestamp(int64(c.StartSeconds*1000+0.5)), FormatTimestamp(int64(end*1000+0.5)),
			strings.ReplaceAll(c.Title, "-->", "--&gt;"))
	}
	return out.String()
}
