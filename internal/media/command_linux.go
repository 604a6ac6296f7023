//go:build linux

package media

import "syscall"

// dieWithParent asks Linux to send the child SIGKILL when its parent dies
// (prctl PR_SET_PDEATHSIG; Go's fork checks the parent did not die before).
// The signal follows the thread that started the child, and Go only ends a
// thread whose goroutine locked it and exited, which no ffmpeg start does.
func dieWithParent() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
