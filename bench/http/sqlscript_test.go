package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestSplitScript(t *testing.T) {
	script := `-- a comment; with a semicolon
\set QUIET on
SELECT setseed(0.42) \gset
CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$;
INSERT INTO t VALUES ('a;b', 'it''s'); -- trailing
SELECT "odd;name" FROM t;
VACUUM t`
	want := []string{
		"-- a comment; with a semicolon\nSELECT setseed(0.42)",
		"CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1; $$",
		"INSERT INTO t VALUES ('a;b', 'it''s')",
		`-- trailing
SELECT "odd;name" FROM t`,
		"VACUUM t",
	}
	if got := splitScript(script); !reflect.DeepEqual(got, want) {
		t.Fatalf("splitScript:\n got %q\nwant %q", got, want)
	}
}

// TestSplitKitSeed splits the kit's seed.sql into the statements psql would run.
func TestSplitKitSeed(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "bench-anchors", "seed.sql"))
	if err != nil {
		t.Skipf("the anchor kit is not beside the repository: %v", err)
	}
	stmts := splitScript(string(b))
	var starts []string
	for _, s := range stmts {
		for _, line := range strings.Split(s, "\n") {
			if l := strings.TrimSpace(line); l != "" && !strings.HasPrefix(l, "--") {
				starts = append(starts, strings.Fields(l)[0])
				break
			}
		}
	}
	want := []string{"SELECT", "BEGIN", "INSERT", "INSERT", "INSERT", "INSERT", "INSERT", "COMMIT", "VACUUM", "SELECT"}
	if !reflect.DeepEqual(starts, want) {
		t.Fatalf("statements start with %v, want %v", starts, want)
	}
}
