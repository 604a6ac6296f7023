//go:build !unix

package app_test

import "time"

// processCPU is not measured where getrusage is missing.
func processCPU() (time.Duration, bool) { return 0, false }
