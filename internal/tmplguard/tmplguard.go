// Package tmplguard pins the upstream template blocks that Vidra's code
// generation replaces (ent/entc.go): a template of the same name as one of
// ent's or entgql's wins silently, so an upstream fix of the block it replaces
// would never arrive. Each replaced block's text is read from the module cache
// at generation time and hashed; a hash other than the one recorded here stops
// the generation, naming the block and the override to compare it with.
package tmplguard

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template/parse"
)

// Block is one upstream template block that an override replaces.
type Block struct {
	Module   string // module path, e.g. entgo.io/ent
	File     string // template file inside the module
	Define   string // the {{ define }} name
	Override string // Vidra's file that replaces it
	SHA256   string // hex sha256 of the block's parsed text, as last reviewed
}

// Check reads every block from the module cache and fails with the blocks
// whose text changed since their hash was recorded.
func Check(blocks []Block) error {
	dirs := map[string]string{}
	var changed []string
	for _, b := range blocks {
		dir, ok := dirs[b.Module]
		if !ok {
			var err error
			if dir, err = moduleDir(b.Module); err != nil {
				return err
			}
			dirs[b.Module] = dir
		}
		sum, err := Hash(filepath.Join(dir, b.File), b.Define)
		if err != nil {
			return err
		}
		if sum != b.SHA256 {
			changed = append(changed, fmt.Sprintf("%s %s block %q (sha256 %s, recorded %s): compare it with %s, port the change, then record the new hash",
				b.Module, b.File, b.Define, sum, b.SHA256, b.Override))
		}
	}
	if len(changed) > 0 {
		return fmt.Errorf("upstream template blocks that Vidra overrides changed:\n  %s", strings.Join(changed, "\n  "))
	}
	return nil
}

// Hash is the hex sha256 of the parsed text of the block define in the
// template file at path (parsed, so that a change of comments or spacing
// outside actions does not count; one inside the block's text does).
func Hash(path, define string) (string, error) {
	text, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	trees := map[string]*parse.Tree{}
	t := parse.New(filepath.Base(path))
	t.Mode = parse.SkipFuncCheck | parse.ParseComments
	if _, err := t.Parse(string(text), "", "", trees); err != nil {
		return "", fmt.Errorf("parse %s: %w", path, err)
	}
	tree, ok := trees[define]
	if !ok || tree.Root == nil {
		return "", fmt.Errorf("%s defines no %q: has the block moved upstream?", path, define)
	}
	sum := sha256.Sum256([]byte(tree.Root.String()))
	return hex.EncodeToString(sum[:]), nil
}

// moduleDir is where the build's version of module sits in the module cache.
func moduleDir(module string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", module).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %w", module, err)
	}
	dir := strings.TrimSpace(string(out))
	if dir == "" {
		return "", fmt.Errorf("go list -m %s: not in the module cache (go mod download)", module)
	}
	return dir, nil
}
