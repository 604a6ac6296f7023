//go:build !linux

package media

import "syscall"

// dieWithParent has no equivalent of Linux's parent-death signal here: a child
// is still killed when its job's context ends (exec.CommandContext), but not
// when this process is killed with SIGKILL.
func dieWithParent() *syscall.SysProcAttr { return nil }
