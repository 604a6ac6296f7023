package ingest

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
)

// continuable reports whether a publisher arriving at this node may continue
// st's current session although this node does not hold it: the session's
// reconnect window is open (its node, alive, waits for a reconnect; or the
// sweeper opened it for a node that is gone), or its node's lease expired
// less than the window ago (the node died with the publisher connected and no
// sweeper has opened the window yet).
func (s *Server) continuable(st *ent.LiveStream, now time.Time) bool {
	if st.CurrentSessionID == nil || st.ReconnectWindowSeconds <= 0 {
		return false
	}
	s.mu.Lock()
	h := s.holds[st.ID]
	s.mu.Unlock()
	if h != nil && h.sessionID == *st.CurrentSessionID {
		return false // this node's own session: reconnect handles it
	}
	switch st.Status {
	case livestream.StatusDisconnected:
		return st.ReconnectDeadline != nil && now.Before(*st.ReconnectDeadline)
	case livestream.StatusActive:
		window := time.Duration(st.ReconnectWindowSeconds) * time.Second
		return st.LeaseUntil != nil && st.LeaseUntil.Before(now) && now.Before(st.LeaseUntil.Add(window))
	}
	return false
}

// adopt continues st's current session, begun on another node, with
// publisher p: the stream's lease moves to this node (the other node, if
// alive, lets go when it sees the change), the session counts a reconnect
// and names this node, and its output resumes from what the other node
// stored (numbering, window, recording, key) after a discontinuity.
func (s *Server) adopt(ctx context.Context, st *ent.LiveStream, p *publisher, hash string) (*hold, error) {
	now := time.Now()
	window := time.Duration(st.ReconnectWindowSeconds) * time.Second
	var h *hold
	var sess *ent.LiveSession
	from := st.NodeID
	err := s.inTx(ctx, func(tx *ent.Tx) error {
		proj, err := tx.Project.Get(ctx, st.ProjectID)
		if err != nil {
			return fmt.Errorf("read the stream's project: %w", err)
		}
		if err := s.claim(ctx, tx, now, st.ID, hash, streamlifecycle.PublisherReconnected, livestream.CurrentSessionID(*st.CurrentSessionID), livestream.Or(
			livestream.And(livestream.StatusEQ(livestream.StatusDisconnected), livestream.ReconnectDeadlineGT(now)),
			livestream.And(livestream.StatusEQ(livestream.StatusActive), livestream.LeaseUntilLT(now), livestream.LeaseUntilGT(now.Add(-window))),
		)); err != nil {
			return err
		}
		sess, err = tx.LiveSession.Get(ctx, *st.CurrentSessionID)
		if err != nil {
			return fmt.Errorf("read the session: %w", err)
		}
		if sess.EndedAt != nil || sess.VideoID == nil {
			return errBusy // ended meanwhile: the stream is the sweeper's
		}
		if err := s.recordReconnect(ctx, tx, sess.ID, p); err != nil {
			return err
		}
		h = s.newHold(st, sess.ID, *sess.VideoID, proj.OrganizationID, hash, sess.StartedAt)
		h.stats.Continue(sess.Bytes, sess.BitrateKbps, sess.Fps, sess.Warnings)
		if err := adoptInput(ctx, tx, h, sess, now); err != nil {
			return err
		}
		return s.emit(ctx, tx, st.ID, EventConnected, map[string]any{
			"session_id": sess.ID, "protocol": p.protocol, "reconnect": true, "previous_node": from,
		})
	})
	if err != nil {
		return nil, err
	}
	if err := s.openHold(ctx, h, st, true); err != nil {
		return nil, err
	}
	s.log.Info("publisher reconnected; session continued from another node", "stream", st.ID, "session", h.sessionID,
		"video", h.videoID, "previous_node", from, "protocol", p.protocol, "remote", p.remote)
	return h, nil
}

// recordReconnect counts a reconnection of the session and where it came from:
// the publisher's protocol and address, and this node.
func (s *Server) recordReconnect(ctx context.Context, tx *ent.Tx, sessionID uuid.UUID, p *publisher) error {
	return tx.LiveSession.UpdateOneID(sessionID).
		AddReconnects(1).
		SetProtocol(livesession.Protocol(p.protocol)).
		SetRemoteAddr(p.remote).
		SetNodeID(s.cfg.NodeID).
		Exec(ctx)
}
