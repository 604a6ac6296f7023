package ingest

// Warn raises a warning that the session's output found (internal/live/livehls: a
// transcoded ladder that fell back to transmux). Like the media's own
// warnings it is kept once in the history and sent as livestream.warning at
// the next heartbeat.
func (s *Stats) Warn(w string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.warnLocked(w)
}
