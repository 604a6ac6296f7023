//go:build unix

package main

import (
	"fmt"
	"strings"

	"github.com/vektah/gqlparser/v2/ast"
)

// capture says which answer fills a placeholder: the value at path inside the
// top-level field (by name, whatever its alias) of an operation of that type.
type capture struct {
	operation   ast.Operation
	field       string
	path        string // dot-separated
	placeholder string
}

// captures are the values the walk-through hands from one step to the next.
var captures = []capture{
	{ast.Mutation, "register", "accessToken", "accessToken"},
	{ast.Mutation, "createProject", "id", "project id"},
	{ast.Mutation, "createFolder", "id", "folder id"},
	{ast.Mutation, "createVideo", "id", "video id"},
	{ast.Mutation, "createUploadToken", "token", "upload token"},
	{ast.Mutation, "createUploadToken", "uploadURL", "upload URL"},
	{ast.Mutation, "createUploadToken", "video.id", "upload video id"},
	{ast.Query, "video", "playbackURL", "playbackURL"},
}

// required are the placeholders a complete walk-through fills: one per step of
// the README's promise (register, project, video, upload, ready, playlist).
// A README that drops a step no longer fills its placeholder, and fails the plan.
var required = []string{"accessToken", "project id", "video id", "upload token", "upload URL", "upload video id", "playbackURL"}

// consumed are the placeholders later steps must use: the upload token and
// URL by the tus upload, the upload's video by the status query, the playback
// URL by the playlist's commands. A README that gives one and drops the step
// using it fails the plan.
var consumed = []string{"project id", "upload token", "upload URL", "upload video id", "playbackURL"}

// pollField is the query field the walk-through repeats until the video is ready.
const pollField = "video"

// plan checks, before anything runs, that every placeholder of a step is
// filled by an earlier one, that each capture's path is selected by its
// operation, that the video query selects status, that the required
// placeholders are all filled and the consumed ones used.
func plan(steps []step) error {
	filled, used := map[string]bool{}, map[string]bool{}
	for _, s := range steps {
		for _, name := range s.placeholders() {
			if !filled[name] {
				return fmt.Errorf("README line %d: <%s> is not given by any earlier step of the walk-through", s.line, name)
			}
			used[name] = true
		}
		if s.kind != "graphql" {
			continue
		}
		for _, f := range topFields(s.op) {
			for _, c := range captures {
				if c.operation != s.op.Operation || c.field != f.Name {
					continue
				}
				if !selects(f.SelectionSet, strings.Split(c.path, ".")) {
					return fmt.Errorf("README line %d: %s must select %s (it gives <%s> to later steps)", s.line, f.Name, c.path, c.placeholder)
				}
				filled[c.placeholder] = true
			}
			if s.op.Operation == ast.Query && f.Name == pollField && !selects(f.SelectionSet, []string{"status"}) {
				return fmt.Errorf("README line %d: the video query must select status (the reader runs it until ready)", s.line)
			}
		}
	}
	var missing []string
	for _, name := range required {
		if !filled[name] {
			missing = append(missing, "<"+name+">")
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("the walk-through no longer gives %s: a step of register, project, video, upload token, upload status or playback is gone", strings.Join(missing, ", "))
	}
	for _, name := range consumed {
		if !used[name] {
			missing = append(missing, "<"+name+">")
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("no step of the walk-through uses %s: the upload, status or playlist step is gone", strings.Join(missing, ", "))
	}
	return nil
}

// topFields are the fields at the top of an operation.
func topFields(op *ast.OperationDefinition) []*ast.Field {
	var fields []*ast.Field
	for _, sel := range op.SelectionSet {
		if f, ok := sel.(*ast.Field); ok {
			fields = append(fields, f)
		}
	}
	return fields
}

// selects reports whether a selection set selects the field path, without aliases.
func selects(set ast.SelectionSet, path []string) bool {
	for _, sel := range set {
		f, ok := sel.(*ast.Field)
		if !ok || f.Name != path[0] || (f.Alias != "" && f.Alias != f.Name) {
			continue
		}
		if len(path) == 1 {
			return true
		}
		if selects(f.SelectionSet, path[1:]) {
			return true
		}
	}
	return false
}

// responseKey is the key of a top-level field in the answer's data.
func responseKey(f *ast.Field) string {
	if f.Alias != "" {
		return f.Alias
	}
	return f.Name
}
