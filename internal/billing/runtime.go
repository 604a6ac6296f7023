package billing

import (
	"log/slog"
	"time"
)

// Runtime is the clock and the logger a billing component runs with; Service
// and Limits embed it, so both read time and log the same way.
type Runtime struct {
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// Log receives structured logs; slog.Default() when nil.
	Log *slog.Logger
}

// now is the clock's time in UTC.
func (r Runtime) now() time.Time {
	if r.Now != nil {
		return r.Now().UTC()
	}
	return time.Now().UTC()
}

// log is the logger, or slog's default.
func (r Runtime) log() *slog.Logger {
	if r.Log != nil {
		return r.Log
	}
	return slog.Default()
}
