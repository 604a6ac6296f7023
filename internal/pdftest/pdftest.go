// Package pdftest reads back the PDFs Vidra writes, for tests: the page count
// and the text shown, from the page tree and the (Flate-compressed) content
// streams. It understands the plain structure fpdf writes, not every PDF.
package pdftest

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

var (
	pageObj  = regexp.MustCompile(`/Type\s*/Page\b[^s]`)
	pagesCnt = regexp.MustCompile(`/Type\s*/Pages\b[^>]*?/Count\s+(\d+)`)
	shown    = regexp.MustCompile(`\(((?:\\.|[^\\)])*)\)\s*Tj`)
)

// Doc is what Read found.
type Doc struct {
	// Pages counts the page objects; Count is what the page tree declares.
	Pages, Count int
	// Text is every string shown (Tj), one per line, escapes undone.
	Text string
}

// Read parses b: it must start with %PDF- and end with %%EOF, and its page
// tree's count must equal its page objects.
func Read(b []byte) (Doc, error) {
	var d Doc
	if !bytes.HasPrefix(b, []byte("%PDF-1.")) {
		return d, fmt.Errorf("no %%PDF header: %q", b[:min(len(b), 16)])
	}
	if !bytes.HasSuffix(bytes.TrimSpace(b), []byte("%%EOF")) {
		return d, fmt.Errorf("no %%%%EOF trailer")
	}
	d.Pages = len(pageObj.FindAll(b, -1))
	m := pagesCnt.FindSubmatch(b)
	if m == nil {
		return d, fmt.Errorf("no page tree")
	}
	d.Count, _ = strconv.Atoi(string(m[1]))
	if d.Count != d.Pages {
		return d, fmt.Errorf("page tree counts %d pages, %d page objects", d.Count, d.Pages)
	}
	var text strings.Builder
	rest := b
	for {
		i := bytes.Index(rest, []byte("stream\n"))
		if i < 0 {
			break
		}
		rest = rest[i+len("stream\n"):]
		j := bytes.Index(rest, []byte("endstream"))
		if j < 0 {
			return d, fmt.Errorf("unterminated stream")
		}
		raw := rest[:j]
		rest = rest[j+len("endstream"):]
		zr, err := zlib.NewReader(bytes.NewReader(raw))
		if err != nil {
			continue // not a Flate stream (fonts, images)
		}
		content, err := io.ReadAll(zr)
		if err != nil {
			continue
		}
		for _, s := range shown.FindAllSubmatch(content, -1) {
			text.WriteString(unescape(string(s[1])))
			text.WriteByte('\n')
		}
	}
	d.Text = text.String()
	return d, nil
}

// unescape undoes a PDF literal string's backslash escapes.
func unescape(s string) string {
	r := strings.NewReplacer(`\\`, `\`, `\(`, `(`, `\)`, `)`, `\n`, "\n", `\r`, "\r", `\t`, "\t")
	return r.Replace(s)
}
