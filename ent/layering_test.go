package ent

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// module is Vidra's module path.
const module = "github.com/vidra-dev/vidra"

// forbiddenForEnt are the adapters above the data model: ent (the generated
// code and the hand-written files beside it) must import none of them, directly
// or through another package; what both sides need lives in a leaf package
// under internal/ (internal/jsonappend, internal/embedlink).
var forbiddenForEnt = []string{module + "/graph", module + "/player", module + "/rest"}

// forbidden reports whether path is one of forbiddenForEnt or inside one.
func forbidden(path string) bool {
	for _, f := range forbiddenForEnt {
		if path == f || strings.HasPrefix(path, f+"/") {
			return true
		}
	}
	return false
}

// TestEntImportsNoAdapter fails when a package of ent/... depends, directly
// or transitively, on graph/, player/ or rest/, and names the packages that
// import one.
func TestEntImportsNoAdapter(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list ent's dependencies: %v", err)
	}
	// Every package in the dependency closure of ent/..., with its imports.
	out, err := exec.Command(goTool, "list", "-deps", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/ent/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	var bad []string
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		seen++
		pkg := fields[0]
		if forbidden(pkg) {
			continue // named through its importer below
		}
		for _, imp := range fields[1:] {
			if forbidden(imp) {
				bad = append(bad, pkg+" imports "+imp)
			}
		}
	}
	if seen < 50 {
		t.Fatalf("go list named %d packages; ent alone has more:\n%s", seen, out)
	}
	sort.Strings(bad)
	for _, b := range bad {
		t.Errorf("%s: the ent packages must not depend on graph/, player/ or rest/ (move what is shared to a leaf package under internal/)", b)
	}
}

// TestForbidden checks the path rule: a package under a forbidden root is
// forbidden, ent's own packages of the same last name are not.
func TestForbidden(t *testing.T) {
	cases := map[string]bool{
		module + "/graph":              true,
		module + "/graph/gqlexec":      true,
		module + "/player":             true,
		module + "/player/embedlink":   true,
		module + "/rest":               true,
		module + "/ent/player":         false,
		module + "/internal/embedlink": false,
		module + "/graphics":           false,
		module + "/restore":            false,
		"github.com/other/graph":       false,
	}
	for path, want := range cases {
		if got := forbidden(path); got != want {
			t.Errorf("forbidden(%q) = %v, want %v", path, got, want)
		}
	}
}
