package ingest

import (
	"context"
	"slices"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/usagerecord"
	"github.com/vidra-dev/vidra/internal/usage"
)

// inputMeter counts a session's live input: the wall-clock time a publisher is
// connected, split at UTC hour boundaries. Each hour is handed out once, when
// it is over (the clock has passed it, or the session ended), so its usage
// fact (usage.RecordLive, one per session and hour) holds the whole hour.
// It is safe for concurrent use.
type inputMeter struct {
	mu sync.Mutex
	// since is when the connected publisher's time was last counted; zero
	// while no publisher is connected.
	since time.Time
	// hours is the input per UTC hour not yet recorded.
	hours map[time.Time]time.Duration
}

// start counts from now (a publisher attached).
func (m *inputMeter) start(now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.since.IsZero() {
		m.since = now
	}
}

// stop counts up to now and stops (the publisher left).
func (m *inputMeter) stop(now time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.foldLocked(now)
	m.since = time.Time{}
}

// foldLocked adds the time from since to now to its hours.
func (m *inputMeter) foldLocked(now time.Time) {
	if m.since.IsZero() || !now.After(m.since) {
		return
	}
	if m.hours == nil {
		m.hours = map[time.Time]time.Duration{}
	}
	for h, d := range splitHours(m.since, now) {
		m.hours[h] += d
	}
	m.since = now
}

// hourInput is the input of one UTC hour.
type hourInput struct {
	Hour  time.Time
	Input time.Duration
}

// due counts up to now and returns the hours that are over at now (all of
// them when final), oldest first, without forgetting them: done does, once
// they are recorded.
func (m *inputMeter) due(now time.Time, final bool) []hourInput {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.foldLocked(now)
	open := now.UTC().Truncate(time.Hour)
	var out []hourInput
	for h, d := range m.hours {
		if final || h.Before(open) {
			out = append(out, hourInput{Hour: h, Input: d})
		}
	}
	slices.SortFunc(out, func(a, b hourInput) int { return a.Hour.Compare(b.Hour) })
	return out
}

// done forgets hours that were recorded.
func (m *inputMeter) done(hours []hourInput) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, h := range hours {
		delete(m.hours, h.Hour)
	}
}

// splitHours splits [from, to) at UTC hour boundaries: hour start -> time.
func splitHours(from, to time.Time) map[time.Time]time.Duration {
	out := map[time.Time]time.Duration{}
	for from.Before(to) {
		h := from.UTC().Truncate(time.Hour)
		end := h.Add(time.Hour)
		if end.After(to) {
			end = to
		}
		out[h] += end.Sub(from)
		from = end
	}
	return out
}

// recordInput writes h's hours that are over (all when final) as live input
// usage facts in tx and returns them, to be forgotten once tx commits.
func (s *Server) recordInput(ctx context.Context, tx *ent.Tx, h *hold, now time.Time, final bool) ([]hourInput, error) {
	hours := h.meter.due(now, final)
	for _, hi := range hours {
		if err := usage.RecordLive(ctx, tx.Client(), h.orgID, h.projectID, h.sessionID, hi.Hour, hi.Input.Seconds()); err != nil {
			return nil, err
		}
	}
	return hours, nil
}

// flushInput records h's input hours that are over at now (all when final)
// in a transaction of their own.
func (s *Server) flushInput(h *hold, now time.Time, final bool) {
	if len(h.meter.due(now, final)) == 0 {
		return
	}
	var recorded []hourInput
	err := s.inTx(s.sys, func(tx *ent.Tx) error {
		var err error
		recorded, err = s.recordInput(s.sys, tx, h, now, final)
		return err
	})
	if err != nil {
		s.log.Error("record live input", "stream", h.streamID, "session", h.sessionID, "err", err)
		return
	}
	h.meter.done(recorded)
}

// recordOrphanInput records the input of a session whose node is gone (its
// meter went with it): the hours from the session's start to the publisher's
// last data (as the node's last heartbeat wrote it) that have no fact yet. A
// reconnect gap inside such an hour counts as input: the node that knew it is
// gone.
func recordOrphanInput(ctx context.Context, tx *ent.Tx, projectID, sessionID uuid.UUID) error {
	sess, err := tx.LiveSession.Get(ctx, sessionID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil || sess.LastDataAt == nil {
		return err
	}
	done, err := meteredHours(ctx, tx, sessionID)
	if err != nil {
		return err
	}
	var org uuid.UUID
	for hour, d := range splitHours(sess.StartedAt, *sess.LastDataAt) {
		if done[hour] {
			continue
		}
		if org == uuid.Nil {
			proj, err := tx.Project.Get(ctx, projectID)
			if ent.IsNotFound(err) {
				return nil // nobody left to bill
			}
			if err != nil {
				return err
			}
			org = proj.OrganizationID
		}
		if err := usage.RecordLive(ctx, tx.Client(), org, projectID, sessionID, hour, d.Seconds()); err != nil {
			return err
		}
	}
	return nil
}

// adoptInput takes over the input metering of a session another node began:
// the hours before now's that the previous node did not record are recorded
// in tx (from the session's start to its last data, as for a lost node), and
// the current hour's input so far is carried in h's meter, to be recorded with
// what this node counts (one fact per session and hour).
func adoptInput(ctx context.Context, tx *ent.Tx, h *hold, sess *ent.LiveSession, now time.Time) error {
	if sess.LastDataAt == nil {
		return nil
	}
	done, err := meteredHours(ctx, tx, sess.ID)
	if err != nil {
		return err
	}
	current := now.UTC().Truncate(time.Hour)
	for hour, d := range splitHours(sess.StartedAt, *sess.LastDataAt) {
		switch {
		case done[hour]:
		case !hour.Before(current):
			h.meter.carry(hour, d)
		default:
			if err := usage.RecordLive(ctx, tx.Client(), h.orgID, h.projectID, sess.ID, hour, d.Seconds()); err != nil {
				return err
			}
		}
	}
	return nil
}

// carry adds input counted elsewhere to an hour not recorded yet.
func (m *inputMeter) carry(hour time.Time, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.hours == nil {
		m.hours = map[time.Time]time.Duration{}
	}
	m.hours[hour] += d
}

// meteredHours are the UTC hours of the session whose input is recorded.
func meteredHours(ctx context.Context, tx *ent.Tx, sessionID uuid.UUID) (map[time.Time]bool, error) {
	facts, err := tx.UsageRecord.Query().
		Where(usagerecord.SourceKeyHasPrefix(usage.LiveKeyPrefix(sessionID))).
		All(ctx)
	if err != nil {
		return nil, err
	}
	done := make(map[time.Time]bool, len(facts))
	for _, f := range facts {
		done[f.At.UTC()] = true
	}
	return done, nil
}
