//go:build unix

package jobs

import (
	"errors"
	"syscall"
)

// processAlive reports whether a process with this id runs on this host:
// signal 0 checks without sending anything (EPERM: it runs, as another user).
func processAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
