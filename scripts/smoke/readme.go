//go:build unix

package main

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/parser"
)

// step is one thing the walk-through asks its reader to do: one GraphQL
// operation (run in the playground) or one shell block (run in a terminal).
type step struct {
	kind string // "graphql" or "sh"
	line int    // where it starts in the README, for messages
	text string
	op   *ast.OperationDefinition // the parsed operation of a graphql step
}

// placeholder matches what the reader replaces with a value an earlier step
// gave: `<project id>`, `<upload URL>`. A shell redirection (`< clip.mp4`) has
// a space after its `<` and does not match.
var placeholder = regexp.MustCompile(`<([A-Za-z][A-Za-z ]*[A-Za-z])>`)

// placeholders returns the names of the placeholders of a step's text, in order.
func (s step) placeholders() []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(s.text, -1) {
		names = append(names, m[1])
	}
	return names
}

// walkThrough returns the steps of the README section whose heading is title:
// its fenced graphql blocks (one step per operation) and sh blocks, in order,
// up to the next heading. Other blocks and the prose are left to the reader.
func walkThrough(readme, title string) ([]step, error) {
	lines := strings.Split(readme, "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimLeft(l, "#") != l && strings.TrimSpace(strings.TrimLeft(l, "#")) == title {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return nil, fmt.Errorf("the README has no section %q", title)
	}
	var steps []step
	for i := start; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "#") {
			break // the next heading ends the section
		}
		lang, ok := strings.CutPrefix(l, "```")
		if !ok {
			continue
		}
		end := i + 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "```") {
			end++
		}
		if end == len(lines) {
			return nil, fmt.Errorf("README line %d: the %s block is not closed", i+1, lang)
		}
		body := strings.Join(lines[i+1:end], "\n")
		switch strings.TrimSpace(lang) {
		case "graphql":
			ops, err := operations(body, i+2)
			if err != nil {
				return nil, err
			}
			steps = append(steps, ops...)
		case "sh":
			steps = append(steps, step{kind: "sh", line: i + 2, text: body})
		}
		i = end
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("the README's section %q has no graphql or sh block", title)
	}
	return steps, nil
}

// operations splits a graphql block that starts at README line first into one
// step per operation, each with the text from its keyword to the next one.
func operations(block string, first int) ([]step, error) {
	doc, err := parser.ParseQuery(&ast.Source{Input: block})
	if err != nil {
		return nil, fmt.Errorf("README line %d: the graphql block does not parse: %v", first, err)
	}
	if len(doc.Fragments) > 0 {
		return nil, fmt.Errorf("README line %d: fragments are not supported in the walk-through", first)
	}
	runes := []rune(block) // gqlparser's positions count runes
	var steps []step
	for i, op := range doc.Operations {
		end := len(runes)
		if i+1 < len(doc.Operations) {
			end = doc.Operations[i+1].Position.Start
		}
		steps = append(steps, step{
			kind: "graphql",
			line: first + op.Position.Line - 1,
			text: strings.TrimSpace(string(runes[op.Position.Start:end])),
			op:   op,
		})
	}
	return steps, nil
}
