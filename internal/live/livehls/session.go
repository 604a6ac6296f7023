// Package livehls turns a live publisher's MPEG-TS into live HLS in blob storage:
// segments cut on keyframes (2 s target) and uploaded as they are written, a
// sliding media playlist with PROGRAM-DATE-TIME, LL-HLS partial segments in the
// low latency mode, #EXT-X-DISCONTINUITY when a publisher reconnects into the
// same session, #EXT-X-ENDLIST and a whole-session VOD playlist when the session
// ends, then a River job (FinalizeArgs) that turns the recording into the
// video's source for the VOD pipeline. It segments in Go (no ffmpeg child):
// packets are passed through untouched, so transmuxing costs little CPU. A
// transcoded session (Options.Transcode) adds the project's ladder, encoded by
// one ffmpeg child per publisher connection under the node's live transcode
// budget (ladder.go, transcode.go).
package livehls

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"
	"gocloud.dev/blob"

	"github.com/vidra-dev/vidra/ent"
	"github.com/vidra-dev/vidra/internal/playback"
	"github.com/vidra-dev/vidra/internal/tenancy"
	"github.com/vidra-dev/vidra/internal/webhooks"
)

// Latency modes of a live stream.
const (
	LatencyStandard = "standard"
	LatencyLow      = "low"
)

// Defaults of Options.
const (
	DefaultSegmentSeconds = 2.0
	DefaultPartSeconds    = 0.5
	DefaultWindow         = 6
)

// Inserter enqueues River jobs (jobs.Queue).
type Inserter interface {
	Insert(ctx context.Context, args river.JobArgs) error
}

// Options of one live session's HLS output.
type Options struct {
	ProjectID, StreamID, SessionID, VideoID uuid.UUID
	// LatencyMode is "standard" (2 s segments) or "low" (LL-HLS parts as well).
	LatencyMode string
	// Transcode adds the project's ladder (Ladder) to the transmuxed stream,
	// which stays the recording; without a free slot in Ladder.Slots the
	// session is transmuxed only, with a warning (ladder.go).
	Transcode bool
	// Ladder configures the transcoded ladder (Transcode).
	Ladder TranscodeOptions
	// Record keeps every segment and turns the session into a VOD video when it
	// ends; without it segments leaving the window are deleted.
	Record bool
	// Resume continues a session another node started (its publisher
	// reconnected here): numbering, window, recording and AES key come from
	// the state the session keeps in the bucket, and the next connection
	// starts after #EXT-X-DISCONTINUITY.
	Resume bool

	// Bucket is the blob storage the playlists and segments are written to.
	Bucket *blob.Bucket
	// Policies gives the project's playback policy: AES-128 encryption per
	// session when the project encrypts playback. Nil: not encrypted.
	Policies playback.PolicySource
	// Queue receives the finalize job at Close; nil: none is queued.
	Queue Inserter
	// Client and Events record livestream.active on each connection's first
	// playable segment; either nil: no event.
	Client *ent.Client
	Events *webhooks.Recorder
	// Log receives the session's logs; slog.Default when nil.
	Log *slog.Logger
	// Now is the clock of PROGRAM-DATE-TIME; time.Now when nil.
	Now func() time.Time

	// SegmentSeconds is the segment target (DefaultSegmentSeconds when 0);
	// PartSeconds the LL-HLS part target (DefaultPartSeconds when 0); Window
	// the segments the live playlist lists (DefaultWindow when 0).
	SegmentSeconds, PartSeconds float64
	Window                      int
}

// Errors of Open and Run.
var (
	// ErrClosed: the session has been closed.
	ErrClosed = errors.New("livehls: the session is closed")
	// ErrBusy: a publisher connection is already running in the session.
	ErrBusy = errors.New("livehls: a publisher connection is already running in this session")
)

// Session is one live session's HLS output: one playlist and one recording,
// fed by one or more publisher connections in turn.
type Session struct {
	o     Options
	log   *slog.Logger
	now   func() time.Time
	tasks chan func()
	done  chan struct{}
	first chan struct{}

	mu       sync.Mutex
	running  bool
	cancel   context.CancelFunc
	runDone  chan struct{}
	closed   bool
	runs     int
	ctx      context.Context // the publisher's context (Open's, without its cancel)
	segCount int

	// Owned by the publisher goroutine.
	pub publisher
	// ladder is the transcoded ladder; nil when transmuxed (ladder.go).
	ladder *ladderState
}

// Open prepares a session's output: the encryption key when the project
// encrypts playback. Nothing is written until the first segment.
func Open(ctx context.Context, o Options) (*Session, error) {
	if o.Bucket == nil {
		return nil, errors.New("livehls: Options.Bucket is required")
	}
	if o.VideoID == uuid.Nil {
		return nil, errors.New("livehls: Options.VideoID is required")
	}
	switch o.LatencyMode {
	case "":
		o.LatencyMode = LatencyStandard
	case LatencyStandard, LatencyLow:
	default:
		return nil, fmt.Errorf("livehls: unknown latency mode %q", o.LatencyMode)
	}
	if o.SegmentSeconds <= 0 {
		o.SegmentSeconds = DefaultSegmentSeconds
	}
	if o.PartSeconds <= 0 {
		o.PartSeconds = DefaultPartSeconds
	}
	if o.Window <= 0 {
		o.Window = DefaultWindow
	}
	s := &Session{o: o, log: o.Log, now: o.Now, tasks: make(chan func(), 256),
		done: make(chan struct{}), first: make(chan struct{}), ctx: context.WithoutCancel(ctx)}
	if s.log == nil {
		s.log = slog.Default()
	}
	s.log = s.log.With("video_id", o.VideoID, "live_session_id", o.SessionID)
	if s.now == nil {
		s.now = time.Now
	}
	s.pub = publisher{s: s, window: o.Window}
	// EXT-X-TARGETDURATION may not change during a session (RFC 8216bis
	// 4.4.3.1): it is the segment target from the first playlist on, which
	// the first part's playlist writes before any segment is complete.
	s.pub.pl.target = targetDuration(o.SegmentSeconds)
	if o.LatencyMode == LatencyLow {
		s.pub.pl.partTarget = o.PartSeconds
	}
	if o.Resume {
		st, err := loadState(ctx, o.Bucket, o.VideoID)
		if err != nil {
			return nil, fmt.Errorf("livehls: resume the session: %w", err)
		}
		s.pub.resume(st)
		s.runs, s.segCount = st.runs, len(st.segs)
		if len(st.segs) > 0 {
			s.runs = max(s.runs, 1)
		}
		if st.key != nil {
			s.pub.key, s.pub.pl.keyURI = st.key, "key"
		}
		s.log.InfoContext(ctx, "live session resumed", "segments", len(st.segs), "connections", s.runs, "encrypted", st.key != nil)
	} else if o.Policies != nil {
		// The ingest acts for no principal: the stream key authorised the session.
		policy, err := o.Policies.PolicyFor(tenancy.SystemContext(ctx, "live session playback policy"), o.ProjectID)
		if err != nil {
			return nil, fmt.Errorf("livehls: playback policy: %w", err)
		}
		if policy.Encrypt {
			key := make([]byte, 16)
			if _, err := rand.Read(key); err != nil {
				return nil, err
			}
			if err := o.Bucket.WriteAll(ctx, EncryptionKeyKey(o.VideoID), key, nil); err != nil {
				return nil, fmt.Errorf("livehls: store the session key: %w", err)
			}
			// LL-HLS parts are encrypted too: each part on its own (see addPart).
			s.pub.key, s.pub.pl.keyURI = key, "key"
		}
	}
	if o.Transcode {
		s.ladder = s.openLadder(ctx)
	}
	go s.pub.run()
	return s, nil
}

// FirstSegment is closed when the first segment is playable (livestream.active):
// it is in the bucket and the playlists name it.
func (s *Session) FirstSegment() <-chan struct{} { return s.first }

// Segments is how many segments the session has published so far.
func (s *Session) Segments() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.segCount
}

// Run consumes one publisher connection's MPEG-TS until EOF or ctx end. A second Run after the
// first returned continues the same playlist and recording with #EXT-X-DISCONTINUITY.
// It returns once what it read is published.
// It returns nil at EOF, ctx's error when ctx ended (ts is closed then when it is an
// io.Closer, to end a blocked read), and an error wrapping ErrNotMPEGTS,
// ErrUnsupportedCodec or ErrNoKeyframe for a stream that cannot be played. The
// media read up to an error is published either way.
func (s *Session) Run(ctx context.Context, ts io.Reader) error {
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		return ErrClosed
	case s.running:
		s.mu.Unlock()
		return ErrBusy
	}
	ctx, cancel := context.WithCancel(ctx)
	s.running, s.cancel, s.runDone = true, cancel, make(chan struct{})
	s.runs++
	disc := s.runs > 1
	runDone := s.runDone
	s.mu.Unlock()
	defer func() {
		cancel()
		s.mu.Lock()
		s.running = false
		close(runDone)
		s.mu.Unlock()
	}()
	if c, ok := ts.(io.Closer); ok {
		stop := make(chan struct{})
		defer close(stop)
		go func() {
			select {
			case <-ctx.Done():
				_ = c.Close()
			case <-stop:
			}
		}()
	}

	// A transcoded session's encoder reads what this connection reads.
	enc := s.ladder.start(ctx, disc)
	if enc != nil {
		ts = io.TeeReader(ts, enc)
	}
	firstOfRun := true
	c := &cutter{
		target: int64(s.o.SegmentSeconds * 90000),
		now:    s.now,
		onPart: func(data []byte, dur float64, independent bool, start time.Time) {
			d := disc && firstOfRun
			s.tasks <- func() { s.pub.addPart(data, dur, independent, d, start) }
		},
		onSegment: func(data []byte, dur float64, start time.Time) {
			d := disc && firstOfRun
			announce := firstOfRun
			firstOfRun = false
			s.tasks <- func() { s.pub.addSegment(data, dur, start, d, announce) }
		},
		onStreams: func(video, audio string) {
			s.log.InfoContext(ctx, "live stream tracks", "video", video, "audio", audio)
		},
	}
	if s.pub.pl.partTarget > 0 {
		c.partTarget = int64(s.pub.pl.partTarget * 90000)
	}
	enc.useClock(&c.clock)
	pr := newPacketReader(ts)
	buf := make([]byte, packetSize)
	var err error
	for {
		if err = ctx.Err(); err != nil {
			break
		}
		var raw []byte
		raw, err = pr.next(buf)
		if errors.Is(err, io.EOF) {
			err = nil
			break
		}
		if err != nil {
			if ctx.Err() != nil {
				err = ctx.Err() // the read failed because ctx closed the connection
			}
			break
		}
		if err = c.packet(raw); err != nil {
			break
		}
	}
	if ferr := c.finish(); err == nil {
		err = ferr
	}
	enc.finish()
	// Return once this connection's media is published: a reconnect's
	// discontinuity, or Close's ENDLIST, then follows it in the playlists.
	published := make(chan struct{})
	s.tasks <- func() { close(published) }
	<-published
	if err != nil && !errors.Is(err, context.Canceled) {
		s.log.WarnContext(ctx, "live publisher stream ended with an error", "err", err)
	}
	return err
}

// Release stops the session's output without ending it, when another node
// continues the session: a running connection is stopped and what it read is
// published, but no ENDLIST, recording playlist or finalize job is written.
// The session is closed afterwards (Run and Close return ErrClosed).
func (s *Session) Release(ctx context.Context) error {
	if err := s.stop(ctx); err != nil {
		return err
	}
	s.ladder.release()
	if err := s.drain(ctx); err != nil {
		return err
	}
	s.log.InfoContext(ctx, "live session released to another node", "segments", s.Segments())
	return nil
}

// Close ends the session: #EXT-X-ENDLIST (the video plays as VOD at once), then the recording goes
// to the VOD pipeline (source key, process_video: ladder, thumbnails, storyboard) by a River job.
// A running connection is stopped first. reason is the session's end reason
// (for the logs and the job).
func (s *Session) Close(ctx context.Context, reason string) error {
	if err := s.stop(ctx); err != nil {
		return err
	}
	s.ladder.end()
	endErr := make(chan error, 1)
	s.tasks <- func() { endErr <- s.pub.end(reason) }
	if err := s.drain(ctx); err != nil {
		return err
	}
	err := <-endErr
	s.log.InfoContext(ctx, "live session closed", "reason", reason, "segments", s.Segments(), "err", err)
	return err
}

// stop closes the session to new connections and stops a running one,
// waiting until what it read is queued for the publisher (Release, Close).
func (s *Session) stop(ctx context.Context) error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return ErrClosed
	}
	s.closed = true
	running, cancel, runDone := s.running, s.cancel, s.runDone
	s.mu.Unlock()
	if !running {
		return nil
	}
	cancel()
	select {
	case <-runDone:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// drain ends the publisher's queue and waits until it has published all of it.
func (s *Session) drain(ctx context.Context) error {
	close(s.tasks)
	select {
	case <-s.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
