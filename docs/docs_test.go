package docs

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestRelativeLinksResolve checks every relative link of README.md and of the
// Markdown pages under docs/: its file (or folder) must exist, and a #fragment
// into a Markdown page must name one of that page's headings.
func TestRelativeLinksResolve(t *testing.T) {
	pages := []string{filepath.Join("..", "README.md")}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{} // page -> its heading slugs
	slugsOf := func(page string) map[string]bool {
		if s, ok := anchors[page]; ok {
			return s
		}
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		s := headingSlugs(string(text))
		anchors[page] = s
		return s
	}
	checked := 0
	for _, page := range pages {
		text, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range links(string(text)) {
			target, fragment, _ := strings.Cut(l.target, "#")
			resolved := page
			if target != "" {
				resolved = filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
				info, err := os.Stat(resolved)
				if err != nil {
					t.Errorf("%s:%d: link %q: %s does not exist", page, l.line, l.target, resolved)
					continue
				}
				if info.IsDir() {
					checked++
					continue
				}
			}
			if fragment != "" && strings.HasSuffix(resolved, ".md") && !slugsOf(resolved)[fragment] {
				t.Errorf("%s:%d: link %q: %s has no heading #%s", page, l.line, l.target, resolved, fragment)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no relative link found: the test reads the wrong files")
	}
}

// link is one relative link target and the line it is on.
type link struct {
	target string
	line   int
}

var (
	inlineLink = regexp.MustCompile(`\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLink    = regexp.MustCompile(`^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)`)
	codeSpan   = regexp.MustCompile("`+[^`]*`+")
	scheme     = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)
)

// links returns the relative link targets of a Markdown text, outside code
// blocks and code spans; links with a scheme (https:, mailto:) are left out.
func links(text string) []link {
	var out []link
	fenced := false
	for i, line := range strings.Split(text, "\n") {
		if isFence(line) {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		line = codeSpan.ReplaceAllString(line, "``")
		var targets []string
		for _, m := range inlineLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
		if m := refLink.FindStringSubmatch(line); m != nil {
			targets = append(targets, m[1])
		}
		for _, target := range targets {
			if scheme.MatchString(target) || strings.HasPrefix(target, "//") {
				continue
			}
			out = append(out, link{target: target, line: i + 1})
		}
	}
	return out
}

// isFence reports whether a line opens or closes a fenced code block.
func isFence(line string) bool {
	l := strings.TrimLeft(line, " ")
	return strings.HasPrefix(l, "```") || strings.HasPrefix(l, "~~~")
}

var atxHeading = regexp.MustCompile(`^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$`)

// headingSlugs returns the anchors GitHub gives a Markdown text's headings:
// lower case, punctuation other than '-' and '_' dropped, spaces turned into
// '-', and "-1", "-2", ... after a slug already taken.
func headingSlugs(text string) map[string]bool {
	slugs := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if isFence(line) {
			fenced = !fenced
			continue
		}
		m := atxHeading.FindStringSubmatch(line)
		if fenced || m == nil {
			continue
		}
		s := slug(m[1])
		if n := seen[s]; n > 0 {
			slugs[s+"-"+strconv.Itoa(n)] = true
		} else {
			slugs[s] = true
		}
		seen[s]++
	}
	return slugs
}

// slug is GitHub's anchor of one heading's text.
func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestSlug pins the anchor rule on headings the pages link to.
func TestSlug(t *testing.T) {
	for heading, want := range map[string]string{
		"Live ingest (RTMP, RTMPS, SRT)":      "live-ingest-rtmp-rtmps-srt",
		"Browsers on other origins (CORS)":    "browsers-on-other-origins-cors",
		"Live HLS (package `live/livehls`)":   "live-hls-package-livelivehls",
		"Safe retries: Idempotency-Key":       "safe-retries-idempotency-key",
		"Sign-in bursts (`make bench_login`)": "sign-in-bursts-make-bench_login",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
}
