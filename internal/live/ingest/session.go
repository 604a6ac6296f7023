package ingest

import (
	"context"
	"errors"
	"io"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	"github.com/google/uuid"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/ent/livestream"
	"github.com/vidra-dev/vidra/internal/events"
	"github.com/vidra-dev/vidra/internal/live/streamlifecycle"
)

// Events this package emits (the livestream.* catalogue).
const (
	EventConnected    = events.LiveStreamConnected
	EventDisconnected = events.LiveStreamDisconnected
	EventIdle         = events.LiveStreamIdle
	EventWarning      = events.LiveStreamWarning
)

// watchdogTick is how often a connection is checked for a stall and for the
// session's maximum duration.
const watchdogTick = 250 * time.Millisecond

// closeTimeout bounds closing a session's media.
const closeTimeout = 2 * time.Minute

// serve runs a publisher's connection on its hold until it ends, then moves
// the session on: reconnect window, or end.
func (s *Server) serve(h *hold, p *publisher) {
	h.attach(p)
	h.stats.BeginConnection()
	p.conn.stats.Store(h.stats)
	pr, pw := io.Pipe()
	runDone := make(chan error, 1)
	go func() {
		err := h.media.Run(s.sys, pr)
		// A failed output must not leave the reader blocked on the pipe.
		_ = pr.CloseWithError(errors.Join(err, io.ErrClosedPipe))
		runDone <- err
	}()
	stop := make(chan struct{})
	go s.watchdog(h, p, stop)
	go s.announceActive(h, stop)
	readErr := p.readMedia(func(v, a string, at tscodecs.Codec) (*tsMuxer, error) {
		m, err := newTSMuxer(pw, v, a, at, h.stats)
		if err != nil {
			return nil, err
		}
		if h.simulcast != nil {
			var conf *mpeg4audio.AudioSpecificConfig
			if c, ok := at.(*tscodecs.MPEG4Audio); ok {
				conf = &c.Config
			}
			h.simulcast.begin(v, a, conf)
			m.fan = h.simulcast.send
		}
		return m, nil
	})
	close(stop)
	_ = p.conn.Close()
	_ = pw.Close()
	runErr := <-runDone
	s.connectionEnded(h, p, readErr, runErr)
}

// watchdog closes a stalled connection and ends a session past its maximum
// duration.
func (s *Server) watchdog(h *hold, p *publisher, stop <-chan struct{}) {
	t := time.NewTicker(watchdogTick)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case now := <-t.C:
			if h.maxDuration > 0 && now.Sub(h.startedAt) >= h.maxDuration {
				h.kick(string(livesession.EndReasonMaxDuration))
				return
			}
			if p.conn.idle(now) >= s.cfg.StallTimeout {
				s.log.Info("publisher stalled", "stream", h.streamID, "session", h.sessionID, "idle", p.conn.idle(now).String())
				h.kick(kickStall)
				return
			}
		}
	}
}

// announceActive waits for the session's first playable segment; the live
// output announces livestream.active itself.
func (s *Server) announceActive(h *hold, stop <-chan struct{}) {
	select {
	case <-stop:
	case <-h.media.FirstSegment():
		h.mu.Lock()
		first := !h.activeSent
		h.activeSent = true
		h.mu.Unlock()
		if first {
			s.log.Info("first segment playable", "stream", h.streamID, "session", h.sessionID, "after", time.Since(h.startedAt).String())
		}
	}
}

// connectionEnded decides what a connection's end means for the session.
func (s *Server) connectionEnded(h *hold, p *publisher, readErr, runErr error) {
	kicked := h.detach()
	switch kicked {
	case kickTaken:
		s.dropHold(h, kickTaken)
		return
	case string(livesession.EndReasonDisabled), string(livesession.EndReasonKeyReset),
		string(livesession.EndReasonDeleted), string(livesession.EndReasonMaxDuration), string(livesession.EndReasonNodeLost),
		string(livesession.EndReasonCompleted):
		s.end(h, livesession.EndReason(kicked), "")
		return
	}
	if runErr != nil && !errors.Is(runErr, io.EOF) && !errors.Is(runErr, context.Canceled) {
		s.end(h, livesession.EndReasonError, "live output failed: "+runErr.Error())
		return
	}
	if kicked != kickStall && !isDisconnect(readErr) {
		s.end(h, livesession.EndReasonError, readErr.Error())
		return
	}
	s.disconnected(h, p, nil)
}

// disconnected opens the reconnect window of h's session (or ends it when the
// stream has none). p is the publisher that left (nil if it never started).
func (s *Server) disconnected(h *hold, p *publisher, err error) {
	cause := livesession.EndReasonTimeout
	if p != nil && p.closed.Load() {
		cause = livesession.EndReasonPublisherClosed
	}
	if err != nil {
		s.end(h, livesession.EndReasonError, err.Error())
		return
	}
	h.trans.Lock()
	defer h.trans.Unlock()
	h.mu.Lock()
	h.cause = string(cause)
	h.mu.Unlock()
	if h.window <= 0 {
		s.end(h, cause, "")
		return
	}
	now := time.Now()
	deadline := now.Add(h.window)
	snap := h.snapshot(now)
	h.mu.Lock()
	h.deadline = deadline
	h.mu.Unlock()
	var still bool
	err = s.inTx(s.sys, func(tx *ent.Tx) error {
		err := streamlifecycle.PublisherLeft(s.sys, tx.LiveStream.Update().
			Where(livestream.ID(h.streamID), livestream.CurrentSessionID(h.sessionID), livestream.NodeID(s.cfg.NodeID)).
			SetReconnectDeadline(deadline).
			ClearLeaseUntil())
		if errors.Is(err, streamlifecycle.ErrRefused) {
			return nil
		}
		if err != nil {
			return err
		}
		still = true
		u := tx.LiveSession.UpdateOneID(h.sessionID)
		applySnapshot(u.Mutation(), snap)
		if err := u.Exec(s.sys); err != nil {
			return err
		}
		if err := s.emitWarnings(s.sys, tx, h, snap); err != nil {
			return err
		}
		return s.emit(s.sys, tx, h.streamID, EventDisconnected, map[string]any{
			"session_id": h.sessionID, "cause": string(cause), "reconnect_deadline": deadline.UTC().Format(time.RFC3339),
		})
	})
	if err != nil {
		s.log.Error("open the reconnect window", "stream", h.streamID, "session", h.sessionID, "err", err)
	}
	if !still {
		// Someone else moved the stream on (completed, taken over): let go.
		s.dropHold(h, string(cause))
		return
	}
	h.mu.Lock()
	h.timer = time.AfterFunc(time.Until(deadline), func() { s.expire(h) })
	h.mu.Unlock()
	s.log.Info("publisher disconnected; reconnect window open", "stream", h.streamID, "session", h.sessionID, "cause", cause, "deadline", deadline)
}

// expire ends h's session when its reconnect window closed without a reconnect.
func (s *Server) expire(h *hold) {
	h.mu.Lock()
	waiting := h.pub == nil && !h.connecting && !h.ended
	cause := h.cause
	h.mu.Unlock()
	if !waiting {
		return
	}
	s.end(h, livesession.EndReason(cause), "")
}

// end ends h's session: the history row gets its end, the stream goes idle (or
// stays disabled), livestream.idle is emitted, and the media is closed.
func (s *Server) end(h *hold, reason livesession.EndReason, errText string) {
	h.mu.Lock()
	if h.ended {
		h.mu.Unlock()
		return
	}
	h.ended = true
	if h.timer != nil {
		h.timer.Stop()
	}
	pub := h.pub
	h.mu.Unlock()
	if pub != nil {
		_ = pub.conn.Close()
	}
	h.simulcast.stop()
	s.closeMediaBeforeIdle(h, string(reason))
	now := time.Now()
	snap := h.snapshot(now)
	h.meter.stop(now)
	var recorded []hourInput
	err := s.inTx(s.sys, func(tx *ent.Tx) error {
		var err error
		if recorded, err = s.recordInput(s.sys, tx, h, now, true); err != nil {
			return err
		}
		if err := s.emitWarnings(s.sys, tx, h, snap); err != nil {
			return err
		}
		return s.endStream(s.sys, tx, h.streamID, h.sessionID, reason, errText, now, &snap)
	})
	if errors.Is(err, errMoved) {
		// Another node continues the session (its publisher reconnected
		// there): this node's timer or kick must not end it. Let go.
		s.log.Info("live session continues on another node; letting go", "stream", h.streamID, "session", h.sessionID, "reason", reason)
		s.dropHold(h, kickTaken)
		return
	}
	if err != nil {
		s.log.Error("end live session", "stream", h.streamID, "session", h.sessionID, "err", err)
	} else {
		h.meter.done(recorded)
	}
	s.log.Info("live session ended", "stream", h.streamID, "session", h.sessionID, "reason", reason, "error", errText)
	s.dropHold(h, string(reason))
}

// closeMediaBeforeIdle ends the session's media (ENDLIST, the recording and
// the master naming it) before the stream reads idle, so a player that sees
// idle and asks for the master gets the recording, never the ended live
// playlist. A session another node now holds is left to dropHold (Release).
func (s *Server) closeMediaBeforeIdle(h *hold, reason string) {
	if h.media == nil || s.continuedElsewhere(h) {
		return
	}
	h.mu.Lock()
	if h.mediaClosed {
		h.mu.Unlock()
		return
	}
	h.mediaClosed = true
	h.mu.Unlock()
	ctx, cancel := context.WithTimeout(s.sys, closeTimeout)
	defer cancel()
	if err := h.media.Close(ctx, reason); err != nil {
		s.log.Error("close live media", "stream", h.streamID, "session", h.sessionID, "err", err)
	}
}

// endStream ends a session row and returns its stream to idle (disabled when
// it is no longer enabled), if the stream still points at that session. When
// the stream points at the session but another node holds it (the publisher
// reconnected there), nothing is written: errMoved.
func (s *Server) endStream(ctx context.Context, tx *ent.Tx, streamID, sessionID uuid.UUID, reason livesession.EndReason, errText string, now time.Time, snap *Snapshot) error {
	st, err := tx.LiveStream.Get(ctx, streamID)
	if ent.IsNotFound(err) {
		return endSessionRow(ctx, tx, sessionID, reason, errText, now, snap)
	}
	if err != nil {
		return err
	}
	// The stream's row is written before the session's, in the order of the
	// heartbeat, the reconnect window and the reconnect: the other order let
	// an end and a heartbeat of one session wait on each other, and
	// PostgreSQL aborted the end as a deadlock.
	current := st.CurrentSessionID != nil && *st.CurrentSessionID == sessionID
	if current {
		err := streamlifecycle.SessionEnded(ctx, tx.LiveStream.Update().
			Where(livestream.ID(streamID), livestream.CurrentSessionID(sessionID), livestream.NodeID(s.cfg.NodeID)).
			ClearCurrentSessionID().
			ClearLeaseUntil().
			ClearReconnectDeadline().
			SetNodeID(""), st.Enabled)
		if err != nil && !errors.Is(err, streamlifecycle.ErrRefused) {
			return err
		}
		current = err == nil
		if !current {
			// Read again: the update saw the latest row.
			again, err := tx.LiveStream.Get(ctx, streamID)
			if err != nil && !ent.IsNotFound(err) {
				return err
			}
			if again != nil && again.CurrentSessionID != nil && *again.CurrentSessionID == sessionID {
				return errMoved
			}
		}
	}
	if err := endSessionRow(ctx, tx, sessionID, reason, errText, now, snap); err != nil {
		return err
	}
	if !current {
		return nil
	}
	data := map[string]any{"session_id": sessionID, "end_reason": string(reason)}
	if errText != "" {
		data["end_error"] = errText
	}
	return s.emit(ctx, tx, streamID, EventIdle, data)
}

// dropHold forgets h and closes its media (the recording then goes to VOD).
func (s *Server) dropHold(h *hold, reason string) {
	h.mu.Lock()
	if h.dropped {
		h.mu.Unlock()
		return
	}
	h.dropped = true
	h.ended = true
	if h.timer != nil {
		h.timer.Stop()
	}
	if h.pub != nil {
		_ = h.pub.conn.Close()
	}
	h.mu.Unlock()
	s.mu.Lock()
	if s.holds[h.streamID] == h {
		delete(s.holds, h.streamID)
	}
	s.mu.Unlock()
	// A session another node continues is released: its output stays open
	// for that node, and the hour in progress is that node's to record (it
	// carries this node's part of it).
	moved := s.continuedElsewhere(h)
	// The input not recorded yet (a session taken over, or one whose end
	// could not be written) is still the customer's usage.
	now := time.Now()
	h.meter.stop(now)
	s.flushInput(h, now, !moved)
	h.simulcast.stop()
	h.mu.Lock()
	closed := h.mediaClosed
	h.mediaClosed = true
	h.mu.Unlock()
	if h.media == nil || closed {
		return
	}
	ctx, cancel := context.WithTimeout(s.sys, closeTimeout)
	defer cancel()
	if moved {
		if err := h.media.Release(ctx); err != nil {
			s.log.Error("release live media", "stream", h.streamID, "session", h.sessionID, "err", err)
		}
		return
	}
	if err := h.media.Close(ctx, reason); err != nil {
		s.log.Error("close live media", "stream", h.streamID, "session", h.sessionID, "err", err)
	}
}

// continuedElsewhere reports whether h's session goes on without this node:
// the stream still points at it, not ended, and another node (or, after this
// node's lease expired, nobody yet) holds it.
func (s *Server) continuedElsewhere(h *hold) bool {
	st, err := s.deps.Client.LiveStream.Get(s.sys, h.streamID)
	if err != nil {
		return false
	}
	return st.CurrentSessionID != nil && *st.CurrentSessionID == h.sessionID && st.NodeID != s.cfg.NodeID
}

// emit records a livestream.* event of a stream in tx.
func (s *Server) emit(ctx context.Context, tx *ent.Tx, streamID uuid.UUID, kind string, data map[string]any) error {
	if s.deps.Emit == nil {
		return nil
	}
	st, err := tx.LiveStream.Get(ctx, streamID)
	if err != nil {
		return err
	}
	return s.deps.Emit(ctx, tx, kind, st, data)
}

// emitWarnings emits livestream.warning for each warning snap raised since the
// previous snapshot (none when the stream is gone).
func (s *Server) emitWarnings(ctx context.Context, tx *ent.Tx, h *hold, snap Snapshot) error {
	for _, w := range snap.NewWarnings {
		err := s.emit(ctx, tx, h.streamID, EventWarning, map[string]any{"session_id": h.sessionID, "warning": w})
		if ent.IsNotFound(err) {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// applySnapshot sets a session's statistics from snap.
func applySnapshot(m *ent.LiveSessionMutation, snap Snapshot) {
	m.SetBytes(snap.Bytes)
	m.SetBitrateKbps(snap.BitrateKbps)
	m.SetFps(snap.FPS)
	m.SetKeyframeIntervalSeconds(snap.KeyframeIntervalSeconds)
	m.SetVideoCodec(snap.VideoCodec)
	m.SetAudioCodec(snap.AudioCodec)
	m.SetWidth(snap.Width)
	m.SetHeight(snap.Height)
	m.SetWarnings(snap.Warnings)
	if !snap.LastData.IsZero() {
		m.SetLastDataAt(snap.LastData)
	}
	if snap.Simulcast != nil {
		m.SetSimulcast(snap.Simulcast)
	}
}
