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

// TestReadMemory reads this test process's resident memory from /proc/<pid>/status.
func TestReadMemory(t *testing.T) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("no /proc on this system")
	}
	rss, hwm := readMemory(os.Getpid())
	if rss <= 0 || hwm < rss {
		t.Fatalf("VmRSS %d KiB, VmHWM %d KiB: want 0 < VmRSS <= VmHWM", rss, hwm)
	}
	if rss, hwm := readMemory(-1); rss != 0 || hwm != 0 {
		t.Fatalf("no such process: got %d %d, want 0 0", rss, hwm)
	}
}
