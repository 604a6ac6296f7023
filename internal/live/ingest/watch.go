package ingest

import (
	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/changefeed"
)

// watchChanges follows the committed changes of the streams this node holds
// and kicks their publisher when the stream is disabled, its key reset, the
// stream deleted or completed, or lets go of a session another node moved on.
func (s *Server) watchChanges() {
	if s.deps.Changes == nil {
		return
	}
	sub := s.deps.Changes.Subscribe(func(n changefeed.Notice) bool {
		if n.Kind != changefeed.KindLiveStream {
			return false
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.holds[n.ID] != nil
	})
	defer sub.Close()
	for {
		select {
		case <-s.sys.Done():
			return
		case n := <-sub.C:
			s.mu.Lock()
			var holds []*hold
			for id, h := range s.holds {
				if n.Kind == changefeed.KindResync || id == n.ID {
					holds = append(holds, h)
				}
			}
			s.mu.Unlock()
			for _, h := range holds {
				s.recheck(h)
			}
		}
	}
}

// recheck reads h's stream again and acts on what changed.
func (s *Server) recheck(h *hold) {
	h.mu.Lock()
	ended := h.ended
	h.mu.Unlock()
	if ended {
		// The session is ending here already (its own end is the change seen).
		return
	}
	st, err := s.deps.Client.LiveStream.Get(s.sys, h.streamID)
	var reason string
	switch {
	case ent.IsNotFound(err):
		reason = string(livesession.EndReasonDeleted)
	case err != nil:
		s.log.Error("live recheck", "stream", h.streamID, "err", err)
		return
	case !st.Enabled:
		reason = string(livesession.EndReasonDisabled)
	case st.KeyHash != h.keyHash:
		reason = string(livesession.EndReasonKeyReset)
	case st.CurrentSessionID == nil || *st.CurrentSessionID != h.sessionID:
		reason = kickTaken
	case st.NodeID != s.cfg.NodeID:
		// The publisher reconnected to another node, which continues the
		// session: let go of it without ending it (dropHold releases).
		reason = kickTaken
	case st.CompleteRequestedAt != nil && !st.CompleteRequestedAt.Before(h.startedAt):
		// COMPLETE from the API: the session ends now, without a reconnect window.
		reason = string(livesession.EndReasonCompleted)
	default:
		return
	}
	s.log.Info("kicking publisher", "stream", h.streamID, "session", h.sessionID, "reason", reason)
	if h.kick(reason) {
		return
	}
	// Nobody connected (reconnect window open): end or let go at once.
	if reason == kickTaken {
		s.dropHold(h, reason)
		return
	}
	s.end(h, livesession.EndReason(reason), "")
}
