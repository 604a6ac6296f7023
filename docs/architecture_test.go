package docs

import (
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// module is Vidra's module path.
const module = "github.com/vidra-dev/vidra"

// adapters are the interfaces over the domain (architecture.md, "Layout"):
// GraphQL and the REST table over it.
var adapters = []string{module + "/graph", module + "/rest"}

// mayImportAdapters are the packages that wire or test the adapters, beside
// the binary (the module's root package): the application that assembles the
// server, the adapters themselves (rest executes graph's operations) and the
// end-to-end test harness. Every other production package is a domain or
// infrastructure package, which the adapters call and which must not call
// back up.
var mayImportAdapters = []string{module + "/internal/app", module + "/graph", module + "/rest", module + "/internal/apptest"}

// aboveEnt are what the data model must not depend on, even through another
// package: the adapters and the player. What ent shares with them lives in a
// leaf package under internal/ (internal/jsonappend, internal/embedlink).
var aboveEnt = []string{module + "/graph", module + "/internal/player", module + "/rest"}

// inside reports whether path is one of roots or below one.
func inside(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// importsOf runs go list with args (flags, then packages) from the module's root and returns each
// listed package's non-test imports.
func importsOf(t *testing.T, args ...string) map[string][]string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the packages: %v", err)
	}
	cmd := exec.Command(goTool, append([]string{"list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}"}, args...)...)
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if fields := strings.Fields(line); len(fields) > 0 {
			pkgs[fields[0]] = fields[1:]
		}
	}
	if len(pkgs) < 50 {
		t.Fatalf("go list named only %d packages:\n%s", len(pkgs), out)
	}
	return pkgs
}

// importersOf lists "pkg imports dep" for each package that skip does not
// pass over and each of its imports under roots, sorted.
func importersOf(pkgs map[string][]string, roots []string, skip func(string) bool) []string {
	var bad []string
	for pkg, imports := range pkgs {
		if skip(pkg) {
			continue
		}
		for _, imp := range imports {
			if inside(imp, roots) {
				bad = append(bad, pkg+" imports "+imp)
			}
		}
	}
	sort.Strings(bad)
	return bad
}

// TestNoDomainPackageImportsAnAdapter fails when a production package other
// than the wiring (mayImportAdapters) imports graph/ or rest/, naming it.
func TestNoDomainPackageImportsAnAdapter(t *testing.T) {
	pkgs := importsOf(t, module+"/...")
	bad := importersOf(pkgs, adapters, func(pkg string) bool { return pkg == module || inside(pkg, mayImportAdapters) })
	if len(bad) > 0 {
		t.Errorf("domain packages import an adapter (graph/ or rest/); move what they need below them:\n%s", strings.Join(bad, "\n"))
	}
}

// TestEntDependsOnNothingAboveIt fails when a package in the dependency
// closure of ent/... imports graph/, player/ or rest/, naming it.
func TestEntDependsOnNothingAboveIt(t *testing.T) {
	pkgs := importsOf(t, "-deps", module+"/ent/...")
	bad := importersOf(pkgs, aboveEnt, func(pkg string) bool { return inside(pkg, aboveEnt) })
	if len(bad) > 0 {
		t.Errorf("the ent packages depend on graph/, player/ or rest/ (move what is shared to a leaf package under internal/):\n%s", strings.Join(bad, "\n"))
	}
}

// TestInside checks the path rule: a package under a root is inside it, a
// package whose name only begins with the root's is not.
func TestInside(t *testing.T) {
	cases := map[string]bool{
		module + "/graph":               true,
		module + "/graph/gqlexec":       true,
		module + "/internal/player/web": true,
		module + "/ent/player":          false,
		module + "/internal/embedlink":  false,
		module + "/graphics":            false,
		module + "/restore":             false,
		"github.com/other/graph":        false,
	}
	for path, want := range cases {
		if got := inside(path, aboveEnt); got != want {
			t.Errorf("inside(%q) = %v, want %v", path, got, want)
		}
	}
}

// topLevelPackages are the only Go packages allowed directly under the
// module's root (architecture.md, "Layout"): the binary itself, the adapters,
// the data model and its migrations, plus the tools beside them (benchmarks,
// the docs' own tests, scripts' tests). Every other production package lives
// under internal/, so no other module can import it.
var topLevelPackages = map[string]bool{
	"graph": true, "rest": true, "ent": true, "migrate": true,
	"bench": true, "docs": true, "scripts": true,
}

// TestTopLevelHoldsOnlyTheRequiredPackages fails when a Go package sits
// directly under the module's root outside the fixed layout, naming it.
func TestTopLevelHoldsOnlyTheRequiredPackages(t *testing.T) {
	pkgs := importsOf(t, module+"/...")
	var bad []string
	for pkg := range pkgs {
		rest, ok := strings.CutPrefix(pkg, module+"/")
		if !ok {
			continue
		}
		top, _, _ := strings.Cut(rest, "/")
		if top != "internal" && !topLevelPackages[top] {
			bad = append(bad, pkg)
		}
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("production packages at the top level; move them under internal/ (or add the reason a user imports them to architecture.md):\n%s", strings.Join(bad, "\n"))
	}
}
