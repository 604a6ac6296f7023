// Package browsertest runs real pages in Debian's headless Chromium for Go tests:
// a Site serves test pages on loopback (and passes every other path to the Vidra
// server under test, so the page and the API share one origin), and Run drives
// Chromium through playwright-core (the npm project in browser/ at the repository
// root) and decodes what the page reports.
//
// Chromium, Node.js and npm are installed by `scripts/deps.sh --test` (make test
// and CI call it); the npm packages are installed here, with `npm ci` from
// browser/package-lock.json, the first time a test needs them. When Chromium or
// Node.js is missing the test is skipped, unless the run requires every component
// (CI, VIDRA_REQUIRE_POSTGRES=1 or VIDRA_REQUIRE_BROWSER=1): then it fails.
package browsertest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
)

// Required reports whether a missing browser fails the test instead of skipping it:
// in CI (CI set), or when VIDRA_REQUIRE_POSTGRES=1 or VIDRA_REQUIRE_BROWSER=1.
func Required() bool {
	ci := strings.ToLower(os.Getenv("CI"))
	return (ci != "" && ci != "0" && ci != "false") ||
		os.Getenv("VIDRA_REQUIRE_POSTGRES") == "1" || os.Getenv("VIDRA_REQUIRE_BROWSER") == "1"
}

// unavailable skips the test, or fails it when the browser is required.
func unavailable(t testing.TB, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...) + " (scripts/deps.sh --test installs it)"
	if Required() {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// Chromium returns the path of the Chromium binary: $VIDRA_CHROMIUM, else chromium
// or chromium-browser on PATH.
func Chromium(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("VIDRA_CHROMIUM"); p != "" {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("VIDRA_CHROMIUM=%s: %v", p, err)
		}
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	unavailable(t, "Chromium is not installed")
	return ""
}

// Dir is the npm project of the browser tests (browser/ at the repository root).
func Dir() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "browser")
}

var (
	installMu  sync.Mutex
	installErr error
	installed  bool
)

// Modules makes sure browser/node_modules matches browser/package-lock.json,
// running `npm ci` when it does not (once per test binary; a file lock keeps
// test binaries of other packages from installing at the same time), and returns
// the project directory. Node.js and npm missing skip or fail the test (Required).
func Modules(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"node", "npm"} {
		if _, err := exec.LookPath(name); err != nil {
			unavailable(t, "%s is not installed", name)
		}
	}
	installMu.Lock()
	defer installMu.Unlock()
	if !installed && installErr == nil {
		installErr = install(Dir())
		installed = installErr == nil
	}
	if installErr != nil {
		t.Fatalf("browser test packages: %v", installErr)
	}
	return Dir()
}

// install runs npm ci in dir unless node_modules carries the stamp of the current
// lock file.
func install(dir string) error {
	lock, err := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if err != nil {
		return err
	}
	sum := sha256.Sum256(lock)
	want := hex.EncodeToString(sum[:])
	stamp := filepath.Join(dir, "node_modules", ".vidra-lock-sha256")

	f, err := os.OpenFile(filepath.Join(dir, ".install.lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		return err
	}
	defer func() { _ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }()

	if got, err := os.ReadFile(stamp); err == nil && strings.TrimSpace(string(got)) == want {
		return nil
	}
	cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--ignore-scripts")
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("npm ci in %s: %v\n%s", dir, err, out.String())
	}
	return os.WriteFile(stamp, []byte(want+"\n"), 0o644)
}

// Artifacts is the directory where a test keeps what CI should keep (screenshots):
// $VIDRA_TEST_ARTIFACTS, else .ci/artifacts at the repository root; created.
func Artifacts(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("VIDRA_TEST_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join(Dir(), "..", ".ci", "artifacts")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	return abs
}
