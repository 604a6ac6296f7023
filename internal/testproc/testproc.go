// Package testproc starts the helper processes of tests (ffmpeg publishers,
// Node.js clients) and stops them when the test ends.
package testproc

import (
	"io"
	"os"
	"os/exec"
	"testing"
)

// Stdout starts cmd with its standard error on the test binary's and returns
// its standard output; cmd is killed and waited for when the test ends.
func Stdout(t testing.TB, cmd *exec.Cmd) io.ReadCloser {
	t.Helper()
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return out
}
