// Command schemadump writes the GraphQL schema the server executes, as SDL, to
// internal/studio/web/schema.graphql (make generate runs it, after gqlgen). The
// console's build (internal/studio/web/build.mjs) validates every operation the
// console sends against that file, so a field renamed or removed in the schema
// breaks the console's build, never a user's screen.
package main

import (
	"bytes"
	"fmt"
	"os"

	"github.com/vektah/gqlparser/v2/formatter"
	"github.com/vidra-dev/vidra/graph/generated"
)

const out = "internal/studio/web/schema.graphql"

func main() {
	var b bytes.Buffer
	b.WriteString("# The GraphQL schema of the server, written by `make generate`\n# (graph/schemadump). Do not edit.\n\n")
	formatter.NewFormatter(&b, formatter.WithIndent("  ")).FormatSchema(generated.NewExecutableSchema(generated.Config{}).Schema())
	if err := os.WriteFile(out, b.Bytes(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "schemadump:", err)
		os.Exit(1)
	}
}
