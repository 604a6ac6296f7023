package main

import (
	"log/slog"
	"runtime/debug"
	"strconv"
)

// serverGCPercent is the garbage collector's target for the server when the
// operator sets no GOGC. A request allocates thousands of short-lived objects
// (rows, resolver contexts, JSON) and keeps almost none, so the live heap stays
// small while Go's default of 100 runs a collection every few hundred requests:
// under load about an eighth of the server's CPU went to marking
// (make bench-http, nested request). 400 lets the heap grow to five times the
// live heap between collections; GOMEMLIMIT still caps it where set.
const serverGCPercent = 400

// tuneGC applies serverGCPercent unless GOGC is set, and logs what applies.
func tuneGC(getenv func(string) string, log *slog.Logger) {
	if v := getenv("GOGC"); v != "" {
		log.Info("garbage collector", "gogc", v, "from", "GOGC")
		return
	}
	debug.SetGCPercent(serverGCPercent)
	log.Info("garbage collector", "gogc", strconv.Itoa(serverGCPercent), "from", "default", "memory_limit", getenv("GOMEMLIMIT"))
}
