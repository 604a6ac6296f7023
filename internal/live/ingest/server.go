// Package ingest is Vidra's live ingest node: it takes publishers on RTMP,
// RTMPS and SRT, checks their stream key, claims the stream's lease in the
// database (one publisher per stream across every node), turns what they send
// into MPEG-TS for the session's live HLS output, and keeps the stream's state
// and its session's history: reconnect window, stalls, maximum duration,
// statistics and warnings, kicks on disable, key reset or delete.
package ingest

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"sync"
	"sync/atomic"
	"time"

	srt "github.com/datarhei/gosrt"
	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/ent/livesession"
	"github.com/vidra-dev/vidra/internal/changefeed"
	"github.com/vidra-dev/vidra/internal/netguard"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// Config is an ingest node's configuration.
type Config struct {
	// RTMPAddr is the RTMP listen address (":1935"); empty turns RTMP off.
	RTMPAddr string
	// RTMPSAddr is the RTMPS listen address; empty (or no TLS) turns RTMPS off.
	RTMPSAddr string
	// TLS holds the RTMPS certificate.
	TLS *tls.Config
	// SRTAddr is the SRT listen address (":6000", UDP); empty turns SRT off.
	SRTAddr string
	// NodeID names this node in leases and histories; host name and process id
	// when empty.
	NodeID string
	// StallTimeout is how long a publisher may send nothing before it counts as
	// disconnected (5 s).
	StallTimeout time.Duration
	// Lease is how long a claim on a stream lasts without renewal (15 s).
	Lease time.Duration
	// Heartbeat is how often leases are renewed, statistics written and expired
	// leases and reconnect windows swept (5 s).
	Heartbeat time.Duration
	// BitrateLimitKbps raises the bitrate warning above it (0: never).
	BitrateLimitKbps int
	// MaxDuration caps every session's continuous duration on this node,
	// whatever its stream allows (0: the stream's max_duration_seconds alone).
	MaxDuration time.Duration
	// MaxUnauthenticated caps the RTMP(S) connections that have not yet been
	// admitted with a valid key; a connection beyond it is closed at once
	// (256).
	MaxUnauthenticated int
	// AuthTimeout is how long an RTMP(S) connection has for its handshake,
	// its publish command and the check of its key; it is closed after it
	// (10 s).
	AuthTimeout time.Duration
	// Outbound is the address policy of the simulcast connections: the zero
	// policy refuses non-public addresses (see package netguard).
	Outbound netguard.Policy
}

// Defaults of the pre-authentication limits.
const (
	defaultMaxUnauthenticated = 256
	defaultAuthTimeout        = 10 * time.Second
)

// withDefaults fills the zero fields.
func (c Config) withDefaults() Config {
	if c.NodeID == "" {
		host, _ := os.Hostname()
		c.NodeID = fmt.Sprintf("%s-%d", host, os.Getpid())
	}
	if c.StallTimeout <= 0 {
		c.StallTimeout = 5 * time.Second
	}
	if c.Lease <= 0 {
		c.Lease = 15 * time.Second
	}
	if c.Heartbeat <= 0 {
		c.Heartbeat = 5 * time.Second
	}
	if c.MaxUnauthenticated <= 0 {
		c.MaxUnauthenticated = defaultMaxUnauthenticated
	}
	if c.AuthTimeout <= 0 {
		c.AuthTimeout = defaultAuthTimeout
	}
	return c
}

// Media is one session's live output: live HLS and the recording
// (livehls.Session in production).
type Media interface {
	// Run consumes one publisher connection's MPEG-TS until EOF or ctx's end; a
	// later Run continues the same output after a discontinuity.
	Run(ctx context.Context, ts io.Reader) error
	// FirstSegment is closed when the first segment is playable.
	FirstSegment() <-chan struct{}
	// Close ends the output (the end reason is recorded with it).
	Close(ctx context.Context, reason string) error
	// Release stops the output without ending it: another node continues
	// the session (no end of playlist, no recording job).
	Release(ctx context.Context) error
}

// MediaOptions say which session a Media is opened for.
type MediaOptions struct {
	ProjectID, StreamID, SessionID, VideoID uuid.UUID
	LatencyMode                             string
	Transcode                               bool
	Record                                  bool
	// Resume continues the output of a session another node started (its
	// publisher reconnected here inside the window) from what that node
	// stored.
	Resume bool
	// Warn raises a warning in the session's history (and livestream.warning):
	// the output's own, such as a transcoded ladder falling back to transmux.
	Warn func(warning string)
}

// OpenMedia opens a session's Media.
type OpenMedia func(ctx context.Context, o MediaOptions) (Media, error)

// EmitEvent records a livestream.* event about stream in tx (the webhook
// recorder of live-api's helper).
type EmitEvent func(ctx context.Context, tx *ent.Tx, kind string, stream *ent.LiveStream, data map[string]any) error

// Inserter enqueues River jobs (jobs.Queue).
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs) error
}

// Deps are what the node works with.
type Deps struct {
	Client  *ent.Client
	Changes *changefeed.Bus
	Media   OpenMedia
	Emit    EmitEvent
	// Queue receives the recording's finalize job of a session whose node was
	// lost (its media was never closed); nil: none.
	Queue Inserter
	Log   *slog.Logger
}

// Server is a running ingest node.
type Server struct {
	cfg  Config
	deps Deps
	log  *slog.Logger
	// sys is the context of the node's own work: no principal, tenancy bypassed.
	sys    context.Context
	cancel context.CancelFunc

	tcp []net.Listener
	srt srt.Listener
	// srtShut tells a clean SRT stop from a timeout (nil: no SRT listener).
	srtShut *srtShutdowns

	mu    sync.Mutex
	holds map[uuid.UUID]*hold

	// unauthenticated counts the RTMP(S) connections not yet admitted.
	unauthenticated atomic.Int64

	// wg counts the connections and listeners; loops the background loops.
	wg    sync.WaitGroup
	loops sync.WaitGroup
}

// Start opens the listeners and starts the node's loops; it returns once the
// listeners are bound (Addrs tells their addresses).
func Start(ctx context.Context, cfg Config, deps Deps) (*Server, error) {
	cfg = cfg.withDefaults()
	if deps.Log == nil {
		deps.Log = slog.Default()
	}
	s := &Server{cfg: cfg, deps: deps, holds: map[uuid.UUID]*hold{}}
	s.log = deps.Log.With("component", "ingest", "node", cfg.NodeID)
	base, cancel := context.WithCancel(context.WithoutCancel(ctx))
	s.sys = tenancy.RoutineContext(base, "live ingest")
	s.cancel = cancel
	if cfg.RTMPAddr != "" {
		ln, err := net.Listen("tcp", cfg.RTMPAddr)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("rtmp listener: %w", err)
		}
		s.tcp = append(s.tcp, ln)
		s.goServeTCP(ln, ProtocolRTMP)
	}
	if cfg.RTMPSAddr != "" && cfg.TLS != nil {
		ln, err := tls.Listen("tcp", cfg.RTMPSAddr, cfg.TLS)
		if err != nil {
			s.Close()
			return nil, fmt.Errorf("rtmps listener: %w", err)
		}
		s.tcp = append(s.tcp, ln)
		s.goServeTCP(ln, ProtocolRTMPS)
	}
	if cfg.SRTAddr != "" {
		sc := srt.DefaultConfig()
		shut := newSRTShutdowns()
		sc.Logger = shut.logger
		ln, err := srt.Listen("srt", cfg.SRTAddr, sc)
		if err != nil {
			shut.close()
			s.Close()
			return nil, fmt.Errorf("srt listener: %w", err)
		}
		s.srt, s.srtShut = ln, shut
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.serveSRT(ln)
		}()
	}
	s.loops.Add(2)
	go func() {
		defer s.loops.Done()
		s.heartbeatLoop()
	}()
	go func() {
		defer s.loops.Done()
		s.watchChanges()
	}()
	s.log.Info("ingest listening", "rtmp", s.Addr(ProtocolRTMP), "rtmps", s.Addr(ProtocolRTMPS), "srt", s.Addr(ProtocolSRT))
	return s, nil
}

// NodeID is the name this node claims leases with.
func (s *Server) NodeID() string { return s.cfg.NodeID }

// Addr is the bound address of a protocol's listener, empty when it is off.
func (s *Server) Addr(protocol string) string {
	switch protocol {
	case ProtocolSRT:
		if s.srt != nil {
			return s.srt.Addr().String()
		}
	case ProtocolRTMP:
		if len(s.tcp) > 0 && s.cfg.RTMPAddr != "" {
			return s.tcp[0].Addr().String()
		}
	case ProtocolRTMPS:
		if s.cfg.RTMPSAddr != "" && s.cfg.TLS != nil {
			return s.tcp[len(s.tcp)-1].Addr().String()
		}
	}
	return ""
}

// Close stops taking publishers and ends the sessions this node holds
// (node_lost, "ingest node shut down"): their recordings are finalized and
// the streams can be taken at once by a publisher on another node. It waits
// for the node's goroutines.
func (s *Server) Close() {
	for _, ln := range s.tcp {
		_ = ln.Close()
	}
	if s.srt != nil {
		s.srt.Close()
	}
	s.mu.Lock()
	holds := make([]*hold, 0, len(s.holds))
	for _, h := range s.holds {
		holds = append(holds, h)
	}
	s.mu.Unlock()
	for _, h := range holds {
		if !h.kick(string(livesession.EndReasonNodeLost)) {
			s.end(h, livesession.EndReasonNodeLost, "ingest node shut down")
		}
	}
	s.wg.Wait()
	if s.srtShut != nil {
		s.srtShut.close()
	}
	s.cancel()
	s.loops.Wait()
}

// goServeTCP accepts RTMP or RTMPS connections until ln closes.
func (s *Server) goServeTCP(ln net.Listener, protocol string) {
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			nc, err := ln.Accept()
			if err != nil {
				if !errors.Is(err, net.ErrClosed) {
					s.log.Error("accept", "protocol", protocol, "err", err)
				}
				return
			}
			if !s.enterUnauthenticated() {
				s.log.Debug("rtmp connection refused: too many unauthenticated connections",
					"protocol", protocol, "remote", nc.RemoteAddr().String(), "max", s.cfg.MaxUnauthenticated)
				_ = nc.Close()
				continue
			}
			s.wg.Add(1)
			go func() {
				defer s.wg.Done()
				s.handleRTMP(nc, protocol)
			}()
		}
	}()
}

// handleRTMP runs one RTMP(S) connection, counted as unauthenticated
// (enterUnauthenticated) until admit finds its key's stream, before the
// stream is claimed and goes active.
func (s *Server) handleRTMP(nc net.Conn, protocol string) {
	defer func() { _ = nc.Close() }()
	var leave sync.Once
	leaveUnauthenticated := func() { leave.Do(func() { s.unauthenticated.Add(-1) }) }
	defer leaveUnauthenticated()
	p, err := acceptRTMP(nc, protocol, s.cfg.AuthTimeout)
	if err != nil {
		s.log.Info("rtmp connection refused", "remote", nc.RemoteAddr().String(), "err", err)
		return
	}
	p.keyAccepted = leaveUnauthenticated
	h, err := s.admit(p)
	if err != nil {
		s.log.Info("publisher refused", "protocol", protocol, "remote", p.remote, "reason", err)
		return
	}
	p.guard.open()
	s.serve(h, p)
}

// enterUnauthenticated counts a new RTMP(S) connection as unauthenticated;
// false (and nothing counted) when MaxUnauthenticated are already.
func (s *Server) enterUnauthenticated() bool {
	if s.unauthenticated.Add(1) > int64(s.cfg.MaxUnauthenticated) {
		s.unauthenticated.Add(-1)
		return false
	}
	return true
}

// Unauthenticated is how many RTMP(S) connections are open that have not yet
// been admitted with a valid key.
func (s *Server) Unauthenticated() int { return int(s.unauthenticated.Load()) }

// serveSRT accepts SRT connections until ln closes. A refused key is rejected
// in the handshake, with the SRT reason code.
func (s *Server) serveSRT(ln srt.Listener) {
	for {
		req, err := ln.Accept2()
		if err != nil {
			if !errors.Is(err, srt.ErrListenerClosed) {
				s.log.Error("accept", "protocol", ProtocolSRT, "err", err)
			}
			return
		}
		s.wg.Add(1)
		go func() {
			defer s.wg.Done()
			s.handleSRT(req)
		}()
	}
}

// handleSRT admits or rejects one SRT connection request and runs it.
func (s *Server) handleSRT(req srt.ConnRequest) {
	key, ok := keyFromSRTStreamID(req.StreamId())
	if !ok {
		s.log.Info("srt connection refused", "remote", req.RemoteAddr().String(), "err", "stream id is not publish:KEY")
		req.Reject(srt.REJX_BAD_MODE)
		return
	}
	p := &publisher{protocol: ProtocolSRT, key: key, remote: req.RemoteAddr().String()}
	h, err := s.admit(p)
	if err != nil {
		s.log.Info("publisher refused", "protocol", ProtocolSRT, "remote", p.remote, "reason", err)
		req.Reject(srtReason(err))
		return
	}
	c, err := req.Accept()
	if err != nil {
		s.log.Warn("srt accept", "err", err)
		s.disconnected(h, nil, fmt.Errorf("srt accept: %w", err))
		return
	}
	defer func() { _ = c.Close() }()
	notice := s.srtShut.watch(c.SocketId())
	defer s.srtShut.forget(c.SocketId())
	sp := srtPublisher(c, key, notice)
	sp.remote = p.remote
	s.serve(h, sp)
}
