// Package captions validates caption tracks in WebVTT and SRT, converts SRT to
// WebVTT, and writes chapter tracks as WebVTT.
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
	first := blocks[0].lines[0]
	if strings.HasPrefix(strings.TrimSpace(first), "WEBVTT") {
		if blocks[0].line != 1 || !(first == "WEBVTT" || strings.HasPrefix(first, "WEBVTT ") || strings.HasPrefix(first, "WEBVTT\t")) {
			return nil, "", &Error{Line: blocks[0].line, Message: "the first line must be the WEBVTT signature"}
		}
		out, err := validateVTT(blocks)
		return out, FormatVTT, err
	}
	out, err := srtToVTT(blocks)
	return out, FormatSRT, err
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

// parseTiming reads "start --> end[ settings]" and checks end > start.
func parseTiming(re *regexp.Regexp, line string, n int) (start, end int64, settings string, err error) {
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
	if end <= start {
		return 0, 0, "", &Error{Line: n, Message: "the cue ends before it starts"}
	}
	return start, end, strings.Join(fields[1:], " "), nil
}

// validateVTT checks every cue of a WebVTT track.
func validateVTT(blocks []block) ([]byte, error) {
	var out strings.Builder
	out.WriteString(strings.Join(blocks[0].lines, "\n"))
	cues := 0
	for _, b := range blocks[1:] {
		head := b.lines[0]
		if strings.HasPrefix(head, "NOTE") || head == "STYLE" || head == "REGION" {
			if cues > 0 && head != "NOTE" && !strings.HasPrefix(head, "NOTE ") {
				return nil, &Error{Line: b.line, Message: head + " blocks must come before the first cue"}
			}
		} else {
			timing, at := 0, b.line
			if !strings.Contains(head, "-->") {
				timing, at = 1, b.line+1
			}
			if timing >= len(b.lines) {
				return nil, &Error{Line: at, Message: "expected a timing line \"start --> end\""}
			}
			if _, _, _, err := parseTiming(vttTime, b.lines[timing], at); err != nil {
				return nil, err
			}
			for i, l := range b.lines[timing+1:] {
				if strings.Contains(l, "-->") {
					return nil, &Error{Line: at + 1 + i, Message: "cue text must not contain \"-->\""}
				}
			}
			cues++
		}
		out.WriteString("\n\n")
		out.WriteString(strings.Join(b.lines, "\n"))
	}
	if cues == 0 {
		return nil, &Error{Message: "the track has no cues"}
	}
	out.WriteString("\n")
	return []byte(out.String()), nil
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
		start, end, _, err := parseTiming(srtTime, b.lines[1], b.line+1)
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
