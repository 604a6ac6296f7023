package main

import (
	"fmt"
	"os"

	"github.com/99designs/gqlgen/codegen/config"
)

// patchesEnv is the one switch over the executor's patches: "off" generates
// gqlgen's output as gqlgen writes it (no rewrite, no call into graph/gqlexec,
// the ID, Time and Cursor scalars bound to gqlgen's and entgql's own
// marshallers), so the two can be measured against each other from outside
// (bench/http, docs/performance.md). Unset or "on" applies them.
const patchesEnv = "VIDRA_CODEGEN_PATCHES"

// plainScalars are the bindings gqlgen.yml gives to graph/gqlexec's scalars,
// as a plain generation binds them.
var plainScalars = map[string]string{
	"ID":     "github.com/99designs/gqlgen/graphql.UUID",
	"Time":   "github.com/99designs/gqlgen/graphql.Time",
	"Cursor": "github.com/vidra-dev/vidra/ent.Cursor",
}

// patchesOn reads the switch; anything but on, off or unset is an error.
func patchesOn() (bool, error) {
	switch v := os.Getenv(patchesEnv); v {
	case "", "on":
		return true, nil
	case "off":
		return false, nil
	default:
		return false, fmt.Errorf("%s=%q: want on or off", patchesEnv, v)
	}
}

// bindPlainScalars rebinds gqlexec's scalars to gqlgen's and entgql's
// marshallers in cfg.
func bindPlainScalars(cfg *config.Config) {
	for name, model := range plainScalars {
		entry := cfg.Models[name]
		entry.Model = config.StringList{model}
		cfg.Models[name] = entry
	}
}
