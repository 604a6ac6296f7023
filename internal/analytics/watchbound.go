package analytics

import "github.com/google/uuid"

// Bounds of the watch time credited to a view, against clients that claim
// more than they could have watched (their clocks and playheads are theirs).
const (
	// watchSlackMs is the wall time a view may have been played before the
	// server saw its first beacon (the player sends its first batch when
	// playback starts, then every 5 s).
	watchSlackMs = 60_000
	// replayAllowance is how many times its media duration a view may be
	// credited at most, when the duration is known (replays, loops).
	replayAllowance = 3
)

// creditedMs is the watch time stored for the view at nowMs (the server's
// clock, epoch ms): the folded WatchedMs, but at most
//   - the server-observed wall time since the view's first beacon was written
//     (FirstSeenMs) plus watchSlackMs, times the highest playback rate the view
//     reported (at least 1), and
//   - replayAllowance times the media duration, when it is known.
//
// The fold itself keeps the uncapped figure, so a view credited less while its
// beacons ran ahead of the server's clock catches up when the clock does.
func (f *viewFold) creditedMs(nowMs int64) int64 {
	w := f.WatchedMs
	if f.DurationMs > 0 {
		w = min(w, f.DurationMs*replayAllowance)
	}
	if f.FirstSeenMs > 0 {
		wall := max(nowMs-f.FirstSeenMs, 0) + watchSlackMs
		w = min(w, int64(float64(wall)*max(f.maxRate, 1)))
	}
	return max(w, 0)
}

// firstSeenMs is when the server first wrote view id (epoch ms): as the
// writer's cached fold has it, else derived from the stored view (its last
// write less the watch time it was credited, the earliest start that credit
// allows at rate 1), else nowMs (a view the database does not have yet).
func (s *SQLStore) firstSeenMs(id uuid.UUID, stored map[uuid.UUID]storedView, nowMs int64) int64 {
	if c, ok := s.folds[id]; ok && c.FirstSeenMs > 0 {
		return c.FirstSeenMs
	}
	if sv, ok := stored[id]; ok && sv.updated > 0 {
		return min(sv.updated*1000-sv.watched, nowMs)
	}
	return nowMs
}
