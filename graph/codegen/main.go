// Command codegen runs gqlgen on gqlgen.yml (what `go tool gqlgen generate`
// does) and then has the generated executor marshal lists in place with
// gqlexec.MarshalSliceInOrder instead of a goroutine per element.
//
// gqlgen.yml sets exec.worker_limit to 1, so gqlgen's own code already marshals
// one element at a time; it still starts a goroutine for each, and on a page of
// 50 videos growing those goroutines' stacks was a fifth of the request's CPU.
// gqlgen has no option to marshal in place and its templates cannot be replaced,
// so this rewrites its output: every call is rewritten or generation fails, and
// the rewritten file is gofmt'ed like the rest.
package main

import (
	"bytes"
	"fmt"
	"go/format"
	"log"
	"os"

	"github.com/99designs/gqlgen/api"
	"github.com/99designs/gqlgen/codegen/config"
)

// concurrentCall is how gqlgen's executor calls its list marshaller with a
// worker limit of 1 and panic handlers on; inOrderCall is what it becomes.
const (
	concurrentCall = "graphql.MarshalSliceConcurrently(ctx, len(v), 1, false, func"
	inOrderCall    = "gqlexec.MarshalSliceInOrder(ctx, len(v), false, func"
	anyConcurrent  = "graphql.MarshalSliceConcurrently("
	gqlexecImport  = "\t\"github.com/vidra-dev/vidra/graph/gqlexec\"\n"
)

func main() {
	log.SetFlags(0)
	cfg, err := config.LoadConfigFromDefaultLocations()
	if err != nil {
		log.Fatalf("codegen: load gqlgen.yml: %v", err)
	}
	if err := api.Generate(cfg); err != nil {
		log.Fatalf("codegen: gqlgen: %v", err)
	}
	if err := marshalListsInOrder(cfg.Exec.Filename); err != nil {
		log.Fatalf("codegen: %v", err)
	}
}

// marshalListsInOrder rewrites the generated executor at path.
func marshalListsInOrder(path string) error {
	src, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	all := bytes.Count(src, []byte(anyConcurrent))
	rewritable := bytes.Count(src, []byte(concurrentCall))
	if all != rewritable {
		return fmt.Errorf("%s: %d of %d list marshal calls are not %q; is exec.worker_limit still 1 and omit_panic_handler false in gqlgen.yml?", path, all-rewritable, all, concurrentCall)
	}
	if all == 0 {
		return os.WriteFile(path, src, 0o644)
	}
	out := bytes.ReplaceAll(src, []byte(concurrentCall), []byte(inOrderCall))
	out, err = addImport(out)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	formatted, err := format.Source(out)
	if err != nil {
		return fmt.Errorf("%s: gofmt after rewriting: %w", path, err)
	}
	return os.WriteFile(path, formatted, 0o644)
}

// addImport adds the gqlexec import to the file's import block.
func addImport(src []byte) ([]byte, error) {
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
