package livehls

import (
	"context"
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/vidra-dev/vidra/internal/live"
	"github.com/vidra-dev/vidra/internal/live/liveslots"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/tenancy"
)

// TranscodeOptions configure a transcoded session (Options.Transcode): the
// project's encoding ladder produced from the live input by one ffmpeg child
// per publisher connection, each rendition cut and published like the
// transmuxed stream, which stays the recording and is listed as the source.
type TranscodeOptions struct {
	// Ladders gives the project's encoding ladder (its default encoding
	// profile's, as VOD uses).
	Ladders media.LadderSource
	// FFmpeg is the ffmpeg executable ("ffmpeg" on PATH when empty).
	FFmpeg string
	// Slots is the node's live transcode budget; a session takes one slot
	// per rendition for its whole life, or falls back to transmux.
	Slots *liveslots.Budget
	// Warn records a warning in the session's history (livestream.warning):
	// live.WarningTranscodeUnavailable or live.WarningTranscodeFailed.
	Warn func(warning string)
	// Preset is the x264 preset (veryfast when empty).
	Preset string
}

// ladderState is a transcoded session's ladder: its renditions, the slots
// it holds, and whether it has failed over to transmux. The renditions'
// playlists are written by the session's publisher goroutine (tasks).
type ladderState struct {
	s     *Session
	o     TranscodeOptions
	lease *liveslots.Lease
	rends []*rendition

	mu     sync.Mutex
	failed bool
	run    *transcodeRun // the running connection's encoder, nil between connections
	// encoderCPU is the CPU time of the session's finished encoders.
	encoderCPU time.Duration

	// Owned by the publisher goroutine.
	listed int // renditions the master lists (ladderMaster)
}

// openLadder plans a transcoded session's ladder and takes its slots. It
// returns nil, having warned, when the session must be transmuxed instead:
// the budget is full, or the ladder cannot be read.
func (s *Session) openLadder(ctx context.Context) *ladderState {
	o := s.o.Ladder
	warn := func(msg string, args ...any) *ladderState {
		s.log.WarnContext(ctx, msg+"; the session is transmuxed", args...)
		if o.Warn != nil {
			o.Warn(live.WarningTranscodeUnavailable)
		}
		return nil
	}
	if o.Ladders == nil {
		return warn("transcoded live ladder: no encoding ladder source")
	}
	rungs, err := o.Ladders.LadderFor(tenancy.SystemContext(ctx, "live session ladder"), s.o.ProjectID)
	if err != nil || len(rungs) == 0 {
		return warn("transcoded live ladder: read the project's encoding ladder", "err", err)
	}
	lease, ok := o.Slots.Acquire(len(rungs))
	if !ok {
		return warn("transcoded live ladder: the node's live transcode budget is full",
			"renditions", len(rungs), "slots_in_use", o.Slots.InUse(), "slots", o.Slots.Total())
	}
	l := &ladderState{s: s, o: o, lease: lease}
	for i, r := range rungs {
		l.rends = append(l.rends, &rendition{l: l, rung: r, seqBase: (i + 1) * media.RenditionSequenceStride, window: s.o.Window})
	}
	if s.o.Resume {
		for _, r := range l.rends {
			if err := r.restore(ctx); err != nil {
				// Numbering from scratch would overwrite the segments viewers
				// hold: transmux rather than that.
				lease.Release()
				return warn("transcoded live ladder: resume the renditions", "err", err)
			}
		}
	}
	s.log.InfoContext(ctx, "transcoded live ladder", "renditions", len(rungs), "slots_in_use", o.Slots.InUse(), "resumed", s.o.Resume)
	return l
}

// active reports whether the ladder still runs (not failed over to transmux).
func (l *ladderState) active() bool {
	if l == nil {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	return !l.failed
}

// fail moves the session to transmux for good: the encoder is stopped, the
// slots given back, the warning raised, and (in the publisher goroutine) the
// renditions' playlists ended and the master rewritten with the source alone.
// Only the first call acts.
func (l *ladderState) fail(err error) {
	l.mu.Lock()
	if l.failed {
		l.mu.Unlock()
		return
	}
	l.failed = true
	run := l.run
	l.mu.Unlock()
	l.s.log.Warn("transcoded live ladder failed; the session goes on transmuxed", "err", err)
	if run != nil {
		run.kill()
	}
	l.lease.Release()
	if l.o.Warn != nil {
		l.o.Warn(live.WarningTranscodeFailed)
	}
	l.s.tasks <- func() {
		l.endRenditions()
		if l.s.pub.firstDone {
			_ = l.s.pub.writeMaster(masterPlaylist("index.m3u8", l.sourceBandwidth(), l.s.pub.info))
		}
		l.listed = 0
	}
}

// release gives the slots back and leaves the renditions' playlists open:
// another node goes on with the session (Session.Release).
func (l *ladderState) release() {
	if l == nil {
		return
	}
	l.mu.Lock()
	l.failed = true
	l.mu.Unlock()
	l.lease.Release()
}

// end ends the renditions' playlists (in the publisher goroutine) and gives
// the slots back, at the session's end.
func (l *ladderState) end() {
	if l == nil {
		return
	}
	l.mu.Lock()
	wasFailed := l.failed
	l.failed = true
	cpu := l.encoderCPU
	l.mu.Unlock()
	l.lease.Release()
	l.s.log.Info("transcoded live ladder ended", "renditions", len(l.rends), "encoder_cpu_seconds", cpu.Seconds())
	if !wasFailed {
		l.s.tasks <- l.endRenditions
	}
}

// endRenditions writes #EXT-X-ENDLIST in every rendition's playlist.
func (l *ladderState) endRenditions() {
	for _, r := range l.rends {
		r.end()
	}
}

// sourceBandwidth is the transmuxed source's peak bit rate so far (bits per
// second, with the margin masterPlaylist's callers use).
func (l *ladderState) sourceBandwidth() int {
	bw := 0
	for _, sg := range l.s.pub.all {
		bw = max(bw, int(float64(sg.bytes)*8/math.Max(sg.dur, 0.5)*1.25))
	}
	return bw
}

// updateMaster writes the master listing the source and the renditions that
// have a segment, once the source's first segment is out (the publisher
// writes the source-only master then) and whenever a rendition joins.
func (l *ladderState) updateMaster() {
	if !l.s.pub.firstDone || !l.active() {
		return
	}
	n := 0
	for _, r := range l.rends {
		if r.count > 0 {
			n++
		}
	}
	if n == l.listed {
		return
	}
	if l.s.pub.writeMaster(l.master()) == nil {
		l.listed = n
	}
}

// master is the transcoded session's master playlist: the source (passthrough,
// the recording's quality) and every rendition with a segment, relative to
// /v1/play/{videoId}/.
func (l *ladderState) master() []byte {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d%s\nlive/index.m3u8\n", max(l.sourceBandwidth(), 100_000), l.s.pub.info.attrs())
	for _, r := range l.rends {
		if r.count == 0 {
			continue
		}
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d%s\nlive/%s\n", r.bandwidth(), r.info.attrs(), r.playlistName())
	}
	return []byte(b.String())
}
