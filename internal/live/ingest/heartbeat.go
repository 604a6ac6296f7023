package ingest

import (
	"errors"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/internal/live/livehls"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
)

// sweepGrace is how long past a reconnect deadline the sweeper waits for the
// holding node's own timer before it ends the session itself.
const sweepGrace = 2 * time.Second

// heartbeatLoop renews this node's leases, writes the sessions' statistics and
// sweeps what dead nodes left, every Heartbeat.
func (s *Server) heartbeatLoop() {
	t := time.NewTicker(s.cfg.Heartbeat)
	defer t.Stop()
	for {
		select {
		case <-s.sys.Done():
			return
		case <-t.C:
			s.heartbeat()
			s.sweep()
		}
	}
}

// heartbeat renews the lease of every connected session and flushes the
// statistics (emitting livestream.warning for new warnings). A lease that can
// no longer be renewed means the stream moved on without this node: drop it.
// Each session's stream is then rechecked (recheck), so a kick never depends
// on one change notice alone.
func (s *Server) heartbeat() {
	s.mu.Lock()
	holds := make([]*hold, 0, len(s.holds))
	for _, h := range s.holds {
		holds = append(holds, h)
	}
	s.mu.Unlock()
	now := time.Now()
	for _, h := range holds {
		h.mu.Lock()
		live := h.pub != nil && !h.ended
		ended := h.ended
		h.mu.Unlock()
		if !live {
			if !ended {
				// In its reconnect window: an hour may be over meanwhile.
				s.flushInput(h, now, false)
			}
			continue
		}
		snap := h.snapshot(now)
		lost := false
		var recorded []hourInput
		err := s.inTx(s.sys, func(tx *ent.Tx) error {
			n, err := tx.LiveStream.Update().
				Where(livestream.ID(h.streamID), livestream.CurrentSessionID(h.sessionID),
					livestream.NodeID(s.cfg.NodeID), livestream.StatusEQ(livestream.StatusActive)).
				SetLeaseUntil(now.Add(s.cfg.Lease)).
				Save(s.sys)
			if err != nil {
				return err
			}
			if n == 0 {
				// Not renewed: lost, unless the stream is still this node's
				// session (its publisher left meanwhile and the window opened).
				st, err := tx.LiveStream.Get(s.sys, h.streamID)
				if err != nil && !ent.IsNotFound(err) {
					return err
				}
				lost = st == nil || st.CurrentSessionID == nil || *st.CurrentSessionID != h.sessionID || st.NodeID != s.cfg.NodeID
				return nil
			}
			u := tx.LiveSession.UpdateOneID(h.sessionID)
			applySnapshot(u.Mutation(), snap)
			if err := u.Exec(s.sys); err != nil {
				return err
			}
			if recorded, err = s.recordInput(s.sys, tx, h, now, false); err != nil {
				return err
			}
			return s.emitWarnings(s.sys, tx, h, snap)
		})
		if err != nil {
			s.log.Error("live heartbeat", "stream", h.streamID, "session", h.sessionID, "err", err)
			continue
		}
		h.meter.done(recorded)
		if lost {
			s.log.Warn("lease lost; dropping the stream", "stream", h.streamID, "session", h.sessionID)
			if !h.kick(kickTaken) {
				s.dropHold(h, kickTaken)
			}
			continue
		}
		// The stream is read again, as a change notice would have it read: a
		// notice lost, or a recheck that failed on a busy database, must not
		// leave a disabled stream (or a reset key) on air past one heartbeat.
		s.recheck(h)
	}
}

// sweep ends the sessions nobody will end: those of a node whose lease expired
// (node_lost) and those whose reconnect window closed on a node that is gone.
func (s *Server) sweep() {
	now := time.Now()
	streams, err := s.deps.Client.LiveStream.Query().
		Where(livestream.CurrentSessionIDNotNil(), livestream.Or(
			livestream.And(livestream.StatusEQ(livestream.StatusActive), livestream.LeaseUntilLT(now)),
			livestream.And(livestream.StatusEQ(livestream.StatusDisconnected), livestream.ReconnectDeadlineLT(now.Add(-sweepGrace))),
		)).
		All(s.sys)
	if err != nil {
		s.log.Error("live sweep", "err", err)
		return
	}
	for _, st := range streams {
		s.mu.Lock()
		h := s.holds[st.ID]
		s.mu.Unlock()
		if h != nil && h.sessionID == *st.CurrentSessionID {
			if st.Status == livestream.StatusDisconnected {
				s.expire(h)
			}
			continue
		}
		if st.Status == livestream.StatusActive && s.openLostWindow(st, now) {
			continue
		}
		reason := livesession.EndReasonNodeLost
		if st.Status == livestream.StatusDisconnected && st.NodeID != "" {
			reason = livesession.EndReasonTimeout
		}
		err := s.inTx(s.sys, func(tx *ent.Tx) error {
			// Pin the row as read: a publisher may have just claimed it.
			n, err := tx.LiveStream.Update().
				Where(livestream.ID(st.ID), livestream.CurrentSessionID(*st.CurrentSessionID), livestream.StatusEQ(st.Status), claimable(now)).
				SetNodeID(s.cfg.NodeID).
				Save(s.sys)
			if err != nil || n == 0 {
				return err
			}
			if err := s.endStream(s.sys, tx, st.ID, *st.CurrentSessionID, reason, "", now, nil); err != nil {
				return err
			}
			return recordOrphanInput(s.sys, tx, st.ProjectID, *st.CurrentSessionID)
		})
		if err != nil {
			s.log.Error("live sweep", "stream", st.ID, "err", err)
			continue
		}
		s.log.Info("swept a live session", "stream", st.ID, "session", *st.CurrentSessionID, "reason", reason, "node", st.NodeID)
		s.finalizeOrphan(st, *st.CurrentSessionID, reason)
	}
}

// openLostWindow opens the reconnect window of a session whose node's lease
// expired (the node is gone, its publisher with it): the window runs from the
// lease's end, nobody holds the stream (node_id empty), and a publisher that
// reconnects to any node inside it continues the session there. It reports
// false when the stream has no window or it is over already (the session then
// ends as node_lost).
func (s *Server) openLostWindow(st *ent.LiveStream, now time.Time) bool {
	if st.ReconnectWindowSeconds <= 0 || st.LeaseUntil == nil {
		return false
	}
	deadline := st.LeaseUntil.Add(time.Duration(st.ReconnectWindowSeconds) * time.Second)
	if !deadline.After(now) {
		return false
	}
	err := s.inTx(s.sys, func(tx *ent.Tx) error {
		// Pin the row as read: a publisher may have just claimed it.
		err := streamlifecycle.NodeLost(s.sys, tx.LiveStream.Update().
			Where(livestream.ID(st.ID), livestream.CurrentSessionID(*st.CurrentSessionID),
				livestream.NodeID(st.NodeID), livestream.LeaseUntilLT(now)).
			SetReconnectDeadline(deadline).
			ClearLeaseUntil().
			SetNodeID(""))
		if errors.Is(err, streamlifecycle.ErrRefused) {
			return nil
		}
		if err != nil {
			return err
		}
		return s.emit(s.sys, tx, st.ID, EventDisconnected, map[string]any{
			"session_id": *st.CurrentSessionID, "cause": string(livesession.EndReasonNodeLost), "node": st.NodeID,
			"reconnect_deadline": deadline.UTC().Format(time.RFC3339),
		})
	})
	if err != nil {
		s.log.Error("open the reconnect window of a lost node's session", "stream", st.ID, "err", err)
		return true // tried again at the next sweep
	}
	s.log.Info("lease expired; reconnect window open for the lost node's session", "stream", st.ID,
		"session", *st.CurrentSessionID, "node", st.NodeID, "deadline", deadline)
	return true
}

// finalizeOrphan queues the recording's finalize job of a session whose
// media nobody will close (its node is gone).
func (s *Server) finalizeOrphan(st *ent.LiveStream, sessionID uuid.UUID, reason livesession.EndReason) {
	if s.deps.Queue == nil {
		return
	}
	sess, err := s.deps.Client.LiveSession.Get(s.sys, sessionID)
	if err != nil || sess.VideoID == nil {
		return
	}
	if err := s.deps.Queue.Insert(s.sys, livehls.FinalizeArgs{
		VideoID: *sess.VideoID, ProjectID: st.ProjectID, StreamID: st.ID, SessionID: sessionID, EndReason: string(reason),
	}); err != nil {
		s.log.Error("queue the recording's finalize job", "stream", st.ID, "session", sessionID, "err", err)
	}
}
