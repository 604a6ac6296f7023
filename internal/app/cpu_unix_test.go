//go:build unix

package app_test

import (
	"syscall"
	"time"
)

// processCPU is the CPU time (user and system) the test process has used so
// far, the benchmark's servers and clients together.
func processCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
