package main

import (
	"testing"

	"github.com/99designs/gqlgen/codegen/config"
)

// TestPatchesSwitch: unset and on apply the patches, off skips them, anything
// else is an error.
func TestPatchesSwitch(t *testing.T) {
	for value, want := range map[string]bool{"": true, "on": true, "off": false} {
		t.Setenv(patchesEnv, value)
		if got, err := patchesOn(); err != nil || got != want {
			t.Errorf("%s=%q: %v, %v; want %v", patchesEnv, value, got, err, want)
		}
	}
	t.Setenv(patchesEnv, "no")
	if _, err := patchesOn(); err == nil {
		t.Errorf("%s=no: no error", patchesEnv)
	}
}

// TestPlainScalarsLeaveGqlexec: a plain generation binds no scalar to
// graph/gqlexec and keeps the other bindings.
func TestPlainScalarsLeaveGqlexec(t *testing.T) {
	cfg := &config.Config{Models: config.TypeMap{
		"ID":     {Model: config.StringList{"github.com/vidra-dev/vidra/graph/gqlexec.UUID"}},
		"String": {Model: config.StringList{"github.com/99designs/gqlgen/graphql.String"}},
	}}
	bindPlainScalars(cfg)
	for name, want := range map[string]string{"ID": plainScalars["ID"], "Time": plainScalars["Time"],
		"Cursor": plainScalars["Cursor"], "String": "github.com/99designs/gqlgen/graphql.String"} {
		if got := cfg.Models[name].Model; len(got) != 1 || got[0] != want {
			t.Errorf("%s bound to %v, want %s", name, got, want)
		}
	}
}
