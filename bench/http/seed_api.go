package main

import (
	"context"
	"fmt"
	"strings"
)

// The anchors' shape (the kit's seed.sql): 10 projects, 20 folders each (Folder 01-08
// at the root, Folder 09-20 each inside one of them), and the 7 tag names its videos use.
const (
	seedProjects   = 10
	seedFolders    = 20
	seedTopFolders = 8
)

// seedTagNames are the kit's tag names in the order its seed.sql uses them
// (n % 5: 0 -> marketing, q3; 1 -> engineering; 3 -> sales, demo, external; 4 -> internal).
var seedTagNames = []string{"marketing", "q3", "engineering", "sales", "demo", "external", "internal"}

// apiSeed holds the ids the API gave: projects[p-1], folders[(k-1)*10+(p-1)] (the
// kit's folder numbering), tags[(p-1)*7+i].
type apiSeed struct {
	projects []string
	folders  []string
	tags     []string
}

// seedThroughAPI makes the projects, folders and tags through GraphQL mutations, so
// that Vidra's own rules (tenancy, folder trees, unique tag names, the audit log)
// hold for them; the account is already registered.
func seedThroughAPI(ctx context.Context, c *vidraClient) (apiSeed, error) {
	s := apiSeed{
		projects: make([]string, seedProjects),
		folders:  make([]string, seedProjects*seedFolders),
		tags:     make([]string, seedProjects*len(seedTagNames)),
	}
	var doc strings.Builder
	doc.WriteString("mutation {")
	for p := 1; p <= seedProjects; p++ {
		fmt.Fprintf(&doc, " p%d: createProject(input: {name: \"Project %d\"}) { id }", p, p)
	}
	doc.WriteString(" }")
	var projects map[string]struct{ ID string }
	if err := c.do(ctx, doc.String(), nil, &projects); err != nil {
		return s, fmt.Errorf("create projects: %w", err)
	}
	for p := 1; p <= seedProjects; p++ {
		s.projects[p-1] = projects[fmt.Sprintf("p%d", p)].ID
	}
	for p := 1; p <= seedProjects; p++ {
		if err := seedProject(ctx, c, &s, p); err != nil {
			return s, fmt.Errorf("project %d: %w", p, err)
		}
	}
	return s, nil
}

// seedProject makes one project's root folders and tags in one request, then its
// nested folders in a second one.
func seedProject(ctx context.Context, c *vidraClient, s *apiSeed, p int) error {
	folderIndex := func(k int) int { return (k-1)*seedProjects + (p - 1) }
	var doc strings.Builder
	doc.WriteString("mutation($p: ID!) {")
	for k := 1; k <= seedTopFolders; k++ {
		fmt.Fprintf(&doc, " f%d: createFolder(input: {projectID: $p, name: \"Folder %02d\"}) { id }", k, k)
	}
	for i, name := range seedTagNames {
		fmt.Fprintf(&doc, " t%d: createTag(input: {projectID: $p, name: %q}) { id }", i, name)
	}
	doc.WriteString(" }")
	var out map[string]struct{ ID string }
	if err := c.do(ctx, doc.String(), map[string]any{"p": s.projects[p-1]}, &out); err != nil {
		return err
	}
	for k := 1; k <= seedTopFolders; k++ {
		s.folders[folderIndex(k)] = out[fmt.Sprintf("f%d", k)].ID
	}
	for i := range seedTagNames {
		s.tags[(p-1)*len(seedTagNames)+i] = out[fmt.Sprintf("t%d", i)].ID
	}
	doc.Reset()
	doc.WriteString("mutation($p: ID!) {")
	for k := seedTopFolders + 1; k <= seedFolders; k++ {
		parent := s.folders[folderIndex((k-seedTopFolders-1)%seedTopFolders+1)]
		fmt.Fprintf(&doc, " f%d: createFolder(input: {projectID: $p, name: \"Folder %02d\", parentID: %q}) { id }", k, k, parent)
	}
	doc.WriteString(" }")
	out = nil
	if err := c.do(ctx, doc.String(), map[string]any{"p": s.projects[p-1]}, &out); err != nil {
		return err
	}
	for k := seedTopFolders + 1; k <= seedFolders; k++ {
		s.folders[folderIndex(k)] = out[fmt.Sprintf("f%d", k)].ID
	}
	for i, id := range s.folders {
		if i%seedProjects == p-1 && id == "" {
			return fmt.Errorf("folder %d has no id", i+1)
		}
	}
	return nil
}
