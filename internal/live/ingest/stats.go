package ingest

import (
	"github.com/vidra-dev/vidra/internal/live"
	"slices"
	"sync"
	"time"
)

// Warnings a session's history can carry (live_session.warnings).
const (
	// WarnKeyframeInterval: the publisher's keyframes are more than 4 s apart,
	// so segments are long and latency grows.
	WarnKeyframeInterval = live.WarningKeyframeInterval
	// WarnAudioOnly: the stream has no video track.
	WarnAudioOnly = live.WarningAudioOnly
	// WarnVideoOnly: the stream has no audio track.
	WarnVideoOnly = live.WarningVideoOnly
	// WarnBitrateOverLimit: the incoming bitrate exceeds the configured limit.
	WarnBitrateOverLimit = live.WarningBitrate
)

// maxKeyframeTicks is the keyframe interval (4 s, in 90 kHz units) above which
// a warning is raised.
const maxKeyframeTicks = 4 * clockRate

// clockRate is the MPEG-TS timestamp rate.
const clockRate = 90000

// Stats accumulates what a session's history reports about the media: bytes,
// bitrate, frame rate, keyframe interval, codecs, size and warnings. Media
// timestamps are in 90 kHz units, unwrapped (monotonic across 33-bit wraps).
// It is safe for concurrent use: the connection writes, the flusher reads.
type Stats struct {
	mu sync.Mutex

	// bitrateLimitKbps raises WarnBitrateOverLimit when exceeded (0: none).
	bitrateLimitKbps int

	bytes         int64
	lastData      time.Time
	videoCodec    string
	audioCodec    string
	width, height int

	// The current connection: its video frames and their decode time span
	// (each connection's timestamps start anew), its first and last data.
	frames    int64
	firstDTS  int64
	lastDTS   int64
	haveVideo bool
	connFirst time.Time
	connLast  time.Time
	// The connections before it: frame intervals over decode ticks, and the
	// seconds during which the publisher was sending.
	doneIntervals int64
	doneTicks     int64
	doneSeconds   float64
	// carried is a session another node began: its share of the averages.
	carried carriedStats

	keyframes   int64
	lastKeyDTS  int64
	haveKey     bool
	gopSum      int64
	gopCount    int64
	warnings    []string
	newWarnings []string

	// The bitrate limit's warning watches the rate since the last snapshot.
	rateAt    time.Time
	rateBytes int64
	kbps      int
}

// NewStats returns empty statistics that warn above bitrateLimitKbps (0: never).
func NewStats(bitrateLimitKbps int) *Stats {
	return &Stats{bitrateLimitKbps: bitrateLimitKbps}
}

// carriedStats is what the history of a session another node began says of
// its averages: the previous node's publishing seconds (its bytes over its
// average bitrate) and frames over them.
type carriedStats struct {
	seconds float64
	// frames over mediaSeconds: zero when the previous node saw no video.
	frames       float64
	mediaSeconds float64
}

// Continue starts the statistics of a session another node began from what
// its history holds: the bytes so far with their average bitrate and frame
// rate (the session's averages go on from them, weighted by the time they
// cover) and the warnings already raised (not raised again).
func (s *Stats) Continue(bytes int64, bitrateKbps int, fps float64, warnings []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bytes, s.rateBytes = bytes, bytes
	if bitrateKbps > 0 {
		sec := float64(bytes) * 8 / (float64(bitrateKbps) * 1000)
		s.carried = carriedStats{seconds: sec}
		if fps > 0 {
			s.carried.frames, s.carried.mediaSeconds = fps*sec, sec
		}
	}
	for _, w := range warnings {
		if !slices.Contains(s.warnings, w) {
			s.warnings = append(s.warnings, w)
		}
	}
}

// SetTracks records the codecs and raises the audio-only or video-only warning.
func (s *Stats) SetTracks(videoCodec, audioCodec string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.videoCodec, s.audioCodec = videoCodec, audioCodec
	if videoCodec == "" {
		s.warnLocked(WarnAudioOnly)
	}
	if audioCodec == "" {
		s.warnLocked(WarnVideoOnly)
	}
}

// SetSize records the picture size read from the parameter sets.
func (s *Stats) SetSize(width, height int) {
	s.mu.Lock()
	s.width, s.height = width, height
	s.mu.Unlock()
}

// BeginConnection starts a new connection of the session: the previous one's
// frames, decode time and publishing time are kept for the session's averages,
// and the new one's timestamps are measured on their own (a publisher that
// reconnects starts its clock again).
func (s *Stats) BeginConnection() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if span := s.lastDTS - s.firstDTS; s.haveVideo && s.frames > 1 && span > 0 {
		s.doneIntervals += s.frames - 1
		s.doneTicks += span
	}
	if !s.connFirst.IsZero() {
		s.doneSeconds += s.connLast.Sub(s.connFirst).Seconds()
	}
	s.frames, s.firstDTS, s.lastDTS, s.haveVideo = 0, 0, 0, false
	s.connFirst, s.connLast = time.Time{}, time.Time{}
	s.haveKey = false
}

// AddBytes counts bytes received from the publisher, at time now.
func (s *Stats) AddBytes(n int64, now time.Time) {
	s.mu.Lock()
	s.bytes += n
	s.lastData = now
	if s.rateAt.IsZero() {
		s.rateAt = now
	}
	if s.connFirst.IsZero() {
		s.connFirst = now
	}
	s.connLast = now
	s.mu.Unlock()
}

// VideoFrame counts one video access unit with its decode timestamp (90 kHz).
func (s *Stats) VideoFrame(dts int64, keyframe bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.haveVideo {
		s.haveVideo, s.firstDTS = true, dts
	}
	s.frames++
	s.lastDTS = dts
	if !keyframe {
		// A missing keyframe shows before the next one comes.
		if s.haveKey && dts-s.lastKeyDTS > maxKeyframeTicks {
			s.warnLocked(WarnKeyframeInterval)
		}
		return
	}
	s.keyframes++
	if s.haveKey {
		gop := dts - s.lastKeyDTS
		if gop > maxKeyframeTicks {
			s.warnLocked(WarnKeyframeInterval)
		}
		if gop > 0 {
			s.gopSum += gop
			s.gopCount++
		}
	}
	s.haveKey, s.lastKeyDTS = true, dts
}

// Keyframes is how many keyframes came so far.
func (s *Stats) Keyframes() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.keyframes
}

// VideoFrames is how many video access units came so far.
func (s *Stats) VideoFrames() int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.frames
}

// LastData is when the publisher last sent bytes.
func (s *Stats) LastData() time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastData
}

// warnLocked records a warning once.
func (s *Stats) warnLocked(w string) {
	if slices.Contains(s.warnings, w) {
		return
	}
	s.warnings = append(s.warnings, w)
	s.newWarnings = append(s.newWarnings, w)
}

// Snapshot is the statistics at one moment, as the history stores them.
type Snapshot struct {
	Bytes                   int64
	BitrateKbps             int
	FPS                     float64
	KeyframeIntervalSeconds float64
	VideoCodec, AudioCodec  string
	Width, Height           int
	Warnings                []string
	// NewWarnings are the warnings raised since the previous snapshot.
	NewWarnings []string
	LastData    time.Time
	// Simulcast are the simulcast targets' states (nil: no targets).
	Simulcast []live.SimulcastState
}

// Snapshot computes the figures at now: the session's average bitrate (its
// bytes over the time its publishers were sending, reconnect gaps left out),
// its frame rate (frames over the media time of every connection), the mean
// keyframe interval; and hands over the warnings raised since the previous
// snapshot. The bitrate limit's warning looks at the rate since the previous
// snapshot, so a burst shows even in a long session.
func (s *Stats) Snapshot(now time.Time) Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.rateAt.IsZero() {
		// A silent period keeps the last measured rate: the history reports
		// what the publisher sent, not the disconnect after it.
		if el := now.Sub(s.rateAt); el >= time.Second && s.bytes > s.rateBytes {
			s.kbps = int((s.bytes - s.rateBytes) * 8 / el.Milliseconds())
			s.rateAt, s.rateBytes = now, s.bytes
			if s.bitrateLimitKbps > 0 && s.kbps > s.bitrateLimitKbps {
				s.warnLocked(WarnBitrateOverLimit)
			}
		}
	}
	snap := Snapshot{
		Bytes:       s.bytes,
		BitrateKbps: s.averageKbps(),
		VideoCodec:  s.videoCodec,
		AudioCodec:  s.audioCodec,
		Width:       s.width,
		Height:      s.height,
		Warnings:    slices.Clone(s.warnings),
		NewWarnings: s.newWarnings,
		LastData:    s.lastData,
	}
	s.newWarnings = nil
	snap.FPS = s.averageFPS()
	if s.gopCount > 0 {
		snap.KeyframeIntervalSeconds = round2(float64(s.gopSum) / float64(s.gopCount) / clockRate)
	}
	return snap
}

// publishingSeconds is how long the session's publishers were sending:
// every connection from its first to its last data.
func (s *Stats) publishingSeconds() float64 {
	sec := s.carried.seconds + s.doneSeconds
	if !s.connFirst.IsZero() {
		sec += s.connLast.Sub(s.connFirst).Seconds()
	}
	return sec
}

// averageKbps is the session's bytes over its publishing time (0 before a
// second of it).
func (s *Stats) averageKbps() int {
	sec := s.publishingSeconds()
	if sec < 1 {
		return 0
	}
	return int(float64(s.bytes) * 8 / sec / 1000)
}

// averageFPS is the session's video frames over their media time, each
// connection's span measured on its own timestamps.
func (s *Stats) averageFPS() float64 {
	intervals, ticks := s.doneIntervals, s.doneTicks
	if span := s.lastDTS - s.firstDTS; s.haveVideo && s.frames > 1 && span > 0 {
		intervals += s.frames - 1
		ticks += span
	}
	frames, seconds := float64(intervals), float64(ticks)/clockRate
	frames += s.carried.frames
	seconds += s.carried.mediaSeconds
	if seconds <= 0 {
		return 0
	}
	return round2(frames / seconds)
}

// round2 rounds to two decimals, so histories read 29.97 rather than 29.970029.
func round2(f float64) float64 {
	return float64(int64(f*100+0.5)) / 100
}
