package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestReadStat reads this test process's own /proc/<pid>/stat.
func TestReadStat(t *testing.T) {
	st, ok := readStat(os.Getpid())
	if !ok {
		t.Skip("no /proc on this system")
	}
	exe, _ := os.Executable()
	name := filepath.Base(exe)
	if len(name) > 15 {
		name = name[:15] // the kernel keeps 15 bytes of a command name
	}
	if st.ppid != os.Getppid() || st.comm != name {
		t.Fatalf("read ppid %d comm %q, want %d %q", st.ppid, st.comm, os.Getppid(), name)
	}
	if !family(procs(), os.Getppid())[os.Getpid()] {
		t.Fatal("this process is not in its parent's family")
	}
}
