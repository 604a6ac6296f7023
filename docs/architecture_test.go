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
// the binary (the module's root package): the application that assembles the server, the adapters themselves
// (rest executes graph's operations) and the end-to-end test harness. Every
// other production package is a domain or infrastructure package, which the
// adapters call and which must not call back up.
var mayImportAdapters = []string{module + "/app", module + "/graph", module + "/rest", module + "/internal/apptest"}

// inside reports whether path is one of roots or below one.
func inside(path string, roots []string) bool {
	for _, r := range roots {
		if path == r || strings.HasPrefix(path, r+"/") {
			return true
		}
	}
	return false
}

// TestNoDomainPackageImportsAnAdapter fails when a production package other
// than the wiring (mayImportAdapters) imports graph/ or rest/, naming it.
func TestNoDomainPackageImportsAnAdapter(t *testing.T) {
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Fatalf("the go command is needed to list the packages: %v", err)
	}
	// .Imports are a package's non-test imports.
	cmd := exec.Command(goTool, "list", "-f", "{{.ImportPath}} {{join .Imports \" \"}}", module+"/...")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
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
		if pkg := fields[0]; pkg == module || inside(pkg, mayImportAdapters) {
			continue
		}
		for _, imp := range fields[1:] {
			if inside(imp, adapters) {
				bad = append(bad, fields[0]+" imports "+imp)
			}
		}
	}
	if seen < 50 {
		t.Fatalf("go list named only %d packages; expected Vidra's whole module:\n%s", seen, out)
	}
	sort.Strings(bad)
	if len(bad) > 0 {
		t.Errorf("domain packages import an adapter (graph/ or rest/); move what they need below them:\n%s", strings.Join(bad, "\n"))
	}
}
