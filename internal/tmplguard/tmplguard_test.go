package tmplguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOverridesMatchModuleCache fails when go.mod's ent or entgql carries a
// block Vidra overrides in another text than the one it was written against.
func TestOverridesMatchModuleCache(t *testing.T) {
	if err := Check(Overrides); err != nil {
		t.Fatal(err)
	}
}

// TestHashSeesAChangedBlock: a change inside the block changes its hash, a
// change in another block does not, and a missing block is an error.
func TestHashSeesAChangedBlock(t *testing.T) {
	dir := t.TempDir()
	write := func(text string) string {
		p := filepath.Join(dir, "x.tmpl")
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	base := `{{ define "a" }}{{ if $.X }}one{{ end }}{{ end }}{{ define "b" }}b{{ end }}`
	h0, err := Hash(write(base), "a")
	if err != nil {
		t.Fatal(err)
	}
	h1, _ := Hash(write(strings.Replace(base, "one", "two", 1)), "a")
	h2, _ := Hash(write(strings.Replace(base, "}b{", "}c{", 1)), "a")
	if h1 == h0 || h2 != h0 {
		t.Fatalf("hashes: base %s, block changed %s, other block changed %s", h0, h1, h2)
	}
	if _, err := Hash(write(base), "missing"); err == nil {
		t.Fatal("a missing block hashed without an error")
	}
}
