package ingest

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livesimulcasttarget"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/ent/predicate"
	"github.com/vidra-dev/vidra/internal/live/livekey"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
	"github.com/vidra-dev/vidra/internal/txn"
	"github.com/vidra-dev/vidra/internal/videolifecycle"
)

// admit checks a publisher's key and claims its stream: a reconnect inside the
// window continues the session this node holds; otherwise a new session (and
// its video) starts, ending any session left over. The claim is one
// conditional UPDATE, so of two publishers on one key, on any nodes, one wins.
func (s *Server) admit(p *publisher) (*hold, error) {
	ctx := s.sys
	hash := livekey.Hash(p.key)
	st, err := s.deps.Client.LiveStream.Query().Where(livestream.KeyHash(hash)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil, errWrongKey
	}
	if err != nil {
		return nil, err
	}
	if !st.Enabled || st.Status == livestream.StatusDisabled {
		return nil, errDisabled
	}
	if p.keyAccepted != nil {
		p.keyAccepted()
	}
	if h, ok := s.reserveReconnect(st); ok {
		if err := s.reconnect(ctx, h, st, p); err != nil {
			h.mu.Lock()
			h.connecting = false
			h.mu.Unlock()
			return nil, err
		}
		return h, nil
	}
	if s.continuable(st, time.Now()) {
		return s.adopt(ctx, st, p, hash)
	}
	return s.startSession(ctx, st, p, hash)
}

// reserveReconnect returns this node's hold of st's current session when the
// publisher may continue it: disconnected, window still open.
func (s *Server) reserveReconnect(st *ent.LiveStream) (*hold, bool) {
	s.mu.Lock()
	h := s.holds[st.ID]
	s.mu.Unlock()
	if h == nil || st.CurrentSessionID == nil || *st.CurrentSessionID != h.sessionID {
		return nil, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.ended || h.pub != nil || h.connecting || h.deadline.IsZero() || time.Now().After(h.deadline) {
		return nil, false
	}
	h.connecting = true
	return h, true
}

// claimable is the lease condition: nobody is live, or the live node's lease
// has expired.
func claimable(now time.Time) predicate.LiveStream {
	return livestream.Or(
		livestream.StatusNEQ(livestream.StatusActive),
		livestream.LeaseUntilIsNil(),
		livestream.LeaseUntilLT(now),
	)
}

// sameSession pins an update to the stream's session as it was read.
func sameSession(id *uuid.UUID) predicate.LiveStream {
	if id == nil {
		return livestream.CurrentSessionIDIsNil()
	}
	return livestream.CurrentSessionID(*id)
}

// claim makes this node the stream's active holder, with a fresh lease, when
// the stream is enabled, still has the key hash and matches cond, through the
// lifecycle's move (streamlifecycle.PublisherConnected for a new session,
// PublisherReconnected for a session that goes on); errBusy when it does not
// (another publisher, node or command got there first).
func (s *Server) claim(ctx context.Context, tx *ent.Tx, now time.Time, id uuid.UUID, keyHash string,
	move func(context.Context, *ent.LiveStreamUpdate) error, cond ...predicate.LiveStream) error {
	err := move(ctx, tx.LiveStream.Update().
		Where(append([]predicate.LiveStream{livestream.ID(id), livestream.Enabled(true), livestream.KeyHash(keyHash)}, cond...)...).
		SetNodeID(s.cfg.NodeID).
		SetLeaseUntil(now.Add(s.cfg.Lease)).
		ClearReconnectDeadline())
	if errors.Is(err, streamlifecycle.ErrRefused) {
		return errBusy
	}
	return err
}

// reconnect continues h's session with a new connection.
func (s *Server) reconnect(ctx context.Context, h *hold, st *ent.LiveStream, p *publisher) error {
	h.trans.Lock()
	defer h.trans.Unlock()
	now := time.Now()
	err := s.inTx(ctx, func(tx *ent.Tx) error {
		if err := s.claim(ctx, tx, now, st.ID, h.keyHash, streamlifecycle.PublisherReconnected,
			livestream.CurrentSessionID(h.sessionID)); err != nil {
			return err
		}
		if err := s.recordReconnect(ctx, tx, h.sessionID, p); err != nil {
			return err
		}
		return s.emit(ctx, tx, st.ID, EventConnected, map[string]any{"session_id": h.sessionID, "protocol": p.protocol, "reconnect": true})
	})
	if err == nil {
		s.log.Info("publisher reconnected", "stream", st.ID, "session", h.sessionID, "protocol", p.protocol, "remote", p.remote)
	}
	return err
}

// startSession claims the stream for a new session, ends the one left over (a
// dead node's, or one whose window closed) and opens the session's media.
func (s *Server) startSession(ctx context.Context, st *ent.LiveStream, p *publisher, hash string) (*hold, error) {
	now := time.Now()
	var sess *ent.LiveSession
	var vid *ent.Video
	var leftover *hold
	var orphan livesession.EndReason
	var orgID uuid.UUID
	err := s.inTx(ctx, func(tx *ent.Tx) error {
		proj, err := tx.Project.Get(ctx, st.ProjectID)
		if err != nil {
			return fmt.Errorf("read the stream's project: %w", err)
		}
		orgID = proj.OrganizationID
		if err := s.claim(ctx, tx, now, st.ID, hash, streamlifecycle.PublisherConnected, claimable(now), sameSession(st.CurrentSessionID)); err != nil {
			return err
		}
		if st.CurrentSessionID != nil {
			reason := livesession.EndReasonTimeout
			if st.Status == livestream.StatusActive || st.NodeID == "" {
				// An expired lease, or a window the sweeper opened for a
				// node that is gone.
				reason = livesession.EndReasonNodeLost
			}
			s.mu.Lock()
			if h := s.holds[st.ID]; h != nil && h.sessionID == *st.CurrentSessionID {
				leftover = h
				if h.cause != "" {
					reason = livesession.EndReason(h.cause)
				}
			}
			s.mu.Unlock()
			if leftover == nil && reason == livesession.EndReasonNodeLost {
				orphan = reason
			}
			if err := endSessionRow(ctx, tx, *st.CurrentSessionID, reason, "", now, nil); err != nil {
				return err
			}
			if leftover == nil {
				// Another node's session: its open hours were never recorded.
				if err := recordOrphanInput(ctx, tx, st.ProjectID, *st.CurrentSessionID); err != nil {
					return err
				}
			}
		}
		vid, err = videolifecycle.LiveStarted(ctx, tx.Video.Create().
			SetProjectID(st.ProjectID).
			SetTitle(fmt.Sprintf("%s, live %s", st.Name, now.UTC().Format("2006-01-02 15:04:05 UTC"))))
		if err != nil {
			return fmt.Errorf("create the session's video: %w", err)
		}
		sess, err = tx.LiveSession.Create().
			SetLiveStreamID(st.ID).
			SetProjectID(st.ProjectID).
			SetVideoID(vid.ID).
			SetNodeID(s.cfg.NodeID).
			SetProtocol(livesession.Protocol(p.protocol)).
			SetRemoteAddr(p.remote).
			SetStartedAt(now).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("create the session: %w", err)
		}
		if err := tx.LiveStream.UpdateOneID(st.ID).SetCurrentSessionID(sess.ID).Exec(ctx); err != nil {
			return err
		}
		return s.emit(ctx, tx, st.ID, EventConnected, map[string]any{"session_id": sess.ID, "video_id": vid.ID, "protocol": p.protocol, "reconnect": false})
	})
	if err != nil {
		return nil, err
	}
	if leftover != nil {
		s.dropHold(leftover, leftover.cause)
	}
	if orphan != "" {
		s.finalizeOrphan(st, *st.CurrentSessionID, orphan)
	}
	h := s.newHold(st, sess.ID, vid.ID, orgID, hash, now)
	if err := s.openHold(ctx, h, st, false); err != nil {
		return nil, err
	}
	s.log.Info("publisher connected", "stream", st.ID, "session", sess.ID, "video", vid.ID, "protocol", p.protocol, "remote", p.remote)
	return h, nil
}

// newHold is the hold of a session of st this node serves from now on.
func (s *Server) newHold(st *ent.LiveStream, sessionID, videoID, orgID uuid.UUID, hash string, startedAt time.Time) *hold {
	return &hold{
		streamID: st.ID, sessionID: sessionID, projectID: st.ProjectID, videoID: videoID, orgID: orgID,
		keyHash: hash, startedAt: startedAt,
		maxDuration: s.maxDuration(st),
		window:      time.Duration(st.ReconnectWindowSeconds) * time.Second,
		stats:       NewStats(s.cfg.BitrateLimitKbps),
		connecting:  true,
	}
}

// openHold starts h's simulcast and media (resume: continuing another node's
// output) and makes it this node's hold of the stream; a media that cannot be
// opened ends the session as error.
func (s *Server) openHold(ctx context.Context, h *hold, st *ent.LiveStream, resume bool) error {
	targets, err := s.deps.Client.LiveSimulcastTarget.Query().
		Where(livesimulcasttarget.LiveStreamID(st.ID), livesimulcasttarget.Enabled(true)).
		All(ctx)
	if err != nil {
		s.log.Error("read simulcast targets", "stream", st.ID, "err", err)
	}
	var ts []target
	for _, t := range targets {
		ts = append(ts, target{ID: t.ID, URL: t.URL, Key: t.StreamKey})
	}
	h.simulcast = startSimulcast(s.sys, ts, s.simulcastFailed(h), simulcastOptions{outbound: s.cfg.Outbound, log: s.log})
	h.media, err = s.deps.Media(ctx, MediaOptions{
		ProjectID: st.ProjectID, StreamID: st.ID, SessionID: h.sessionID, VideoID: h.videoID,
		LatencyMode: string(st.LatencyMode), Transcode: st.Transcode, Record: st.Record, Resume: resume,
		Warn: h.stats.Warn,
	})
	if err != nil {
		s.log.Error("open live media", "stream", st.ID, "session", h.sessionID, "resume", resume, "err", err)
		s.end(h, livesession.EndReasonError, "could not open the live output: "+err.Error())
		return fmt.Errorf("open live media: %w", err)
	}
	s.mu.Lock()
	s.holds[st.ID] = h
	s.mu.Unlock()
	return nil
}

// maxDuration is how long a session of st may last: the stream's own limit,
// or the node's cap when that is shorter.
func (s *Server) maxDuration(st *ent.LiveStream) time.Duration {
	d := time.Duration(st.MaxDurationSeconds) * time.Second
	if s.cfg.MaxDuration > 0 && (d <= 0 || s.cfg.MaxDuration < d) {
		return s.cfg.MaxDuration
	}
	return d
}

// inTx runs fn in a transaction, committed when fn returns nil (txn.Open); fn
// keeps the caller's context and writes through the transaction it is given.
func (s *Server) inTx(ctx context.Context, fn func(tx *ent.Tx) error) error {
	return txn.Open(ctx, s.deps.Client, func(txCtx context.Context) error { return fn(ent.TxFromContext(txCtx)) })
}

// endSessionRow closes a session's history row (once: an ended row stays as
// it is), with its last statistics when snap is given.
func endSessionRow(ctx context.Context, tx *ent.Tx, id uuid.UUID, reason livesession.EndReason, errText string, now time.Time, snap *Snapshot) error {
	u := tx.LiveSession.Update().
		Where(livesession.ID(id), livesession.EndedAtIsNil()).
		SetEndedAt(now).
		SetEndReason(reason).
		SetEndError(truncate(errText, 2000))
	if snap != nil {
		applySnapshot(u.Mutation(), *snap)
	}
	return u.Exec(ctx)
}

// truncate cuts s to at most n bytes.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
