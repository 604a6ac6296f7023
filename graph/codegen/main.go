// Command codegen runs gqlgen on gqlgen.yml (what `go tool gqlgen generate`
// does) and then rewrites a few of the generated executor's hot paths to call
// graph/gqlexec, which does the same work for less (see rewrite.go):
//
//   - lists are marshalled element after element in place, not in a goroutine
//     per element (gqlgen.yml sets exec.worker_limit to 1, so gqlgen's own code
//     already marshals one at a time, but growing each goroutine's stack was a
//     fifth of a 50-video page's CPU);
//   - a field read from a Go struct field, with no resolver, method or
//     directive, is marshalled without the closures, boxing and field
//     middleware gqlgen wraps around it, and its field context is made only
//     when something asks for it (an error, a resolver below it);
//   - such a field of a string, id, number, boolean, time or enum, whose
//     marshaller reads the context only to report a value it cannot write, is
//     marshalled without a field context unless its value is one of those (an
//     enum without the quoted copy its MarshalGQL makes);
//   - a list element's field context is made only when something asks for it;
//   - a scalar field's context shares one Child function per type instead of
//     making a closure and an error on every resolution;
//   - the input unmarshaller map is built once, not for every operation;
//   - an object keeps its field set on the stack (gqlexec.LazyFieldSet),
//     gqlgen's made only when one of its resolver fields is selected, and its
//     values and the writer that writes them are one allocation;
//   - an object with no @defer fragment does not build its path for an empty
//     deferred group;
//   - an input object's unmarshaller visits the fields the input gives, not
//     every field of its type, and reads the input as given when its type has
//     no default values.
//
// VIDRA_CODEGEN_PATCHES=off skips every rewrite (switch.go).
//
// gqlgen has no option for these and its templates cannot be replaced, so its
// output is rewritten: each rewrite fails generation when gqlgen's output no
// longer has the expected shape, and the result is gofmt'ed like the rest.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"
	"strings"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"
)

// gqlexecImport is added to the generated executor's imports.
const gqlexecImport = "\t\"github.com/vidra-dev/vidra/graph/gqlexec\"\n"

func main() {
	log.SetFlags(0)
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err != nil {
		log.Fatalf("codegen: load gqlgen.yml: %v", err)
	}
	patched, err := patchesOn()
	if err != nil {
		log.Fatalf("codegen: %v", err)
	}
	if !patched {
		bindPlainScalars(cfg)
	}
	if err := api.Generate(cfg); err != nil {
		log.Fatalf("codegen: gqlgen: %v", err)
	}
	if !patched {
		log.Printf("codegen: %s=off: gqlgen's executor left as generated", patchesEnv)
		return
	}
	if err := rewriteExecutor(cfg.Exec.Filename); err != nil {
		log.Fatalf("codegen: %v", err)
	}
}

// rewriteExecutor applies the rewrites to the generated executor at path.
func rewriteExecutor(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	for _, r := range rewrites {
		if src, err = r.apply(src); err != nil {
			return fmt.Errorf("%s: %s: %w", path, r.name, err)
		}
	}
	if src, err = addImport(src); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	formatted, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: gofmt after rewriting: %w", path, err)
	}
	return os.WriteFile(path, formatted, 0o644)
}

// addImport adds the gqlexec import to the file's import block, unless gqlgen
// imported it already (gqlgen.yml binds scalars to gqlexec).
func addImport(src []byte) ([]byte, error) {
	if bytes.Contains(src, []byte(strings.TrimSpace(gqlexecImport)+"\n")) {
		return src, nil
	}
	block := []byte("\nimport (\n")
	at := bytes.Index(src, block)
	if at < 0 {
		return nil, fmt.Errorf("no import block")
	}
	at += len(block)
	out := make([]byte, 0, len(src)+len(gqlexecImport))
	out = append(out, src[:at]...)
	out = append(out, gqlexecImport...)
	return append(out, src[at:]...), nil
}
