package livehls

import (
	"fmt"
	"sync"
	"time"
)

// cutter turns a transport stream into segments cut on keyframes (and, in
// low-latency mode, partial segments cut on any frame). It works on access
// units: the packets from one video PES start to the next (audio-only streams:
// one audio PES to the next), so a cut never splits a frame.
type cutter struct {
	target     int64 // segment target, 90 kHz
	partTarget int64 // part target, 90 kHz; 0: no parts
	now        func() time.Time
	onPart     func(data []byte, dur float64, independent bool, segStart time.Time)
	onSegment  func(data []byte, dur float64, start time.Time)
	onStreams  func(video, audio string)

	pmtPID           uint16
	pat, pmt         []byte
	mainPID          uint16 // PID whose PES starts begin units (video, else audio)
	video, h265      bool
	audio            bool
	videoCodec       string
	audioCodec       string
	programKnown     bool
	bytesBeforeStart int

	// the unit being read
	unit        []byte
	unitPTS     int64
	unitDTS     int64
	unitTimed   bool
	unitKey     bool
	unitArrived time.Time
	unitScan    []byte // the unit's video payload while its keyframe status is unknown

	// the segment being built
	seg      []byte
	segOpen  bool
	segStart int64
	segMax   int64
	// clock maps the publisher's timestamps on our clock (see tick)
	clock        wallClock
	partOff      int
	partStart    int64
	partKey      bool
	lastDTS      int64
	frameDur     int64
	frameMax     int64 // longest frame of the segment so far (from the one before it)
	droppedSince int64
	dropping     bool
}

// partSlack (1 ms) is the millisecond rounding of RTMP timestamps: 30 fps
// arrives as frames of 33 and 34 ms, 15 of which are exactly 500 ms. Without
// it the frame of 34 ms before the 15th ended each part at 14 frames, and each
// 2 s segment with a part of one frame, at whose edge hls.js 1.7.4 sometimes
// stopped loading (a stall of 3.5-4 s).
const partSlack = 90

// Limits on a publisher's keyframes.
const (
	// maxLeadIn is how much video may arrive before the first keyframe.
	maxLeadIn = 10 * 90000
	// maxSegment is the longest segment a missing keyframe may make.
	maxSegment = 30 * 90000
	// maxLeadInBytes bounds the bytes read before a program map or keyframe.
	maxLeadInBytes = 16 << 20
)

// packet takes one TS packet (copied as needed).
func (c *cutter) packet(raw []byte) error {
	p := parsePacket(raw)
	switch {
	case p.pid == 0 && p.pusi:
		if pid, ok := parsePAT(p.payload); ok {
			c.pmtPID = pid
			c.pat = append(c.pat[:0], raw...)
		}
		return nil
	case c.pmtPID != 0 && p.pid == c.pmtPID && p.pusi:
		streams, ok := parsePMT(p.payload)
		if !ok {
			return nil
		}
		if err := c.program(streams); err != nil {
			return err
		}
		c.pmt = append(c.pmt[:0], raw...)
		return nil
	case p.pid == 0 || p.pid == c.pmtPID:
		return nil
	}
	if !c.programKnown {
		c.bytesBeforeStart += len(raw)
		if c.bytesBeforeStart > maxLeadInBytes {
			return fmt.Errorf("%w: no program map table in the first %d MB", ErrNotMPEGTS, maxLeadInBytes>>20)
		}
		return nil
	}
	if p.pid == c.mainPID && p.pusi {
		if pts, dts, body, ok := pesTimes(p.payload); ok {
			if err := c.flushUnit(); err != nil {
				return err
			}
			c.unitPTS, c.unitDTS, c.unitTimed = pts, dts, true
			c.unitArrived = c.now()
			c.unitKey = !c.video || p.rai
			c.unitScan = c.unitScan[:0]
			if c.video && !c.unitKey {
				c.unitScan = append(c.unitScan, p.payload[body:]...)
			}
			c.unit = append(c.unit, raw...)
			return nil
		}
	} else if p.pid == c.mainPID && c.video && !c.unitKey && c.unitTimed && len(c.unitScan) < 64<<10 {
		c.unitScan = append(c.unitScan, p.payload...)
	}
	c.unit = append(c.unit, raw...)
	return nil
}

// program applies a program map: the streams to cut on.
func (c *cutter) program(streams []elementary) error {
	var video, audio *elementary
	for i := range streams {
		s := &streams[i]
		switch s.streamType {
		case streamH264, streamH265:
			if video == nil {
				video = s
			}
		case streamAAC, streamMP3a, streamMP3b, streamAC3:
			if audio == nil {
				audio = s
			}
		default:
			if name, ok := videoStreamTypes[s.streamType]; ok {
				return fmt.Errorf("%w: video codec %s (send H.264 or H.265)", ErrUnsupportedCodec, name)
			}
		}
	}
	if video == nil && audio == nil {
		return fmt.Errorf("%w: no H.264/H.265 video or AAC/MP3/AC-3 audio in the stream", ErrUnsupportedCodec)
	}
	c.video, c.audio = video != nil, audio != nil
	vc, ac := "", ""
	if video != nil {
		c.mainPID, c.h265 = video.pid, video.streamType == streamH265
		vc = codecName(video.streamType)
	} else {
		c.mainPID = audio.pid
	}
	if audio != nil {
		ac = codecName(audio.streamType)
	}
	if !c.programKnown || vc != c.videoCodec || ac != c.audioCodec {
		c.videoCodec, c.audioCodec = vc, ac
		if c.onStreams != nil {
			c.onStreams(vc, ac)
		}
	}
	c.programKnown = true
	return nil
}

// flushUnit adds the unit read so far to the segment, cutting before it when
// it starts a new segment or part.
func (c *cutter) flushUnit() error {
	if len(c.unit) == 0 {
		return nil
	}
	defer func() { c.unit = c.unit[:0]; c.unitTimed = false }()
	if !c.unitTimed {
		if c.segOpen {
			c.seg = append(c.seg, c.unit...) // packets before the first timed PES of a segment's unit
		}
		return nil
	}
	c.tick(c.unitDTS, c.unitArrived)
	key := c.unitKey || (c.video && hasKeyNAL(c.unitScan, c.h265))
	if c.segOpen && c.unitDTS != c.lastDTS {
		if d := tsDiff(c.lastDTS, c.unitDTS); d > 0 && d < 90000 {
			c.frameDur = d
			c.frameMax = max(c.frameMax, d)
		}
	}
	c.lastDTS = c.unitDTS
	if !c.segOpen {
		if !key {
			if !c.dropping {
				c.dropping, c.droppedSince = true, c.unitPTS
			}
			if tsDiff(c.droppedSince, c.unitPTS) > maxLeadIn {
				return fmt.Errorf("%w: the video sent no keyframe in %d s", ErrNoKeyframe, maxLeadIn/90000)
			}
			return nil
		}
		c.open(key)
	} else {
		elapsed := tsDiff(c.segStart, c.unitPTS)
		switch {
		case key && elapsed >= c.target:
			c.closeSegment(c.unitPTS)
			c.open(key)
		case elapsed > maxSegment:
			return fmt.Errorf("%w: no keyframe for %d s (set the keyframe interval to 2 s)", ErrNoKeyframe, maxSegment/90000)
		case c.partTarget > 0 && tsDiff(c.partStart, c.unitPTS)+c.frameMax > c.partTarget+partSlack:
			// A part ends before the frame that could take it past
			// PART-TARGET (its duration MUST NOT exceed it, RFC 8216bis
			// 4.4.4.9): frames of a millisecond-timed source (RTMP) are
			// not all as long, so the longest recent one is the measure,
			// with partSlack for the rounding (see there).
			c.closePart(c.unitPTS)
			c.partOff, c.partStart, c.partKey = len(c.seg), c.unitPTS, key
			if key {
				// An independent part is where a player may start (hls.js
				// starts a new demux there): it carries the program tables
				// too, as a segment's start does.
				c.seg = append(c.seg, c.pat...)
				c.seg = append(c.seg, c.pmt...)
			}
		}
	}
	if tsDiff(c.segMax, c.unitPTS) > 0 {
		c.segMax = c.unitPTS
	}
	c.seg = append(c.seg, c.unit...)
	return nil
}

// tick maps the publisher's clock on ours with one more access unit: the
// wall clock of timestamp dts is the earliest that any unit read so far
// allows (a unit never arrives before its time, but may arrive late: an
// ingest that reads the first seconds of a stream before passing them on,
// as RTMP's track analysis does, sends them in a burst). PROGRAM-DATE-TIME
// is that mapping of a segment's first timestamp, so it is the time of its
// first frame even when that frame arrived late, and the segments' times
// keep the spacing of their media.
func (c *cutter) tick(dts int64, arrived time.Time) { c.clock.tick(dts, arrived) }

// wallAt is the wall clock of timestamp ts (see tick): the latest estimate,
// which a part of an open segment is listed with.
func (c *cutter) wallAt(ts int64) time.Time { return c.clock.at(ts) }

// publishedAt is the date a segment starting at ts is published with when it
// closes: the estimate then, kept (wallClock.pin), so the transcoded rungs'
// segments of the same instant carry it however the mapping moves afterwards.
func (c *cutter) publishedAt(ts int64) time.Time { return c.clock.pin(ts) }

// wallClock maps a stream's 90 kHz timestamps on the wall clock (see
// cutter.tick); the transcoded ladder reads the source's (its encoder keeps
// the input's timestamps), so every variant's PROGRAM-DATE-TIME agrees.
type wallClock struct {
	mu   sync.Mutex
	dts  int64
	wall time.Time
	set  bool
	// pins are the dates published for the latest closed segments' starts,
	// oldest first.
	pins []clockPin
}

// clockPin is the date published for a segment's first timestamp.
type clockPin struct {
	ts   int64
	wall time.Time
}

// maxClockPins is how many published dates a clock keeps: the rungs' encoder
// lags the source by a segment or two, never by this many.
const maxClockPins = 32

// pin returns the date published for a segment that starts at ts: the one
// given before for ts, else the mapping's now, kept. The zero time before any
// tick.
func (w *wallClock) pin(ts int64) time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	for i := len(w.pins) - 1; i >= 0; i-- {
		if w.pins[i].ts == ts {
			return w.pins[i].wall
		}
	}
	if !w.set {
		return time.Time{}
	}
	at := w.wall.Add(ticks(tsDiff(w.dts, ts)))
	if len(w.pins) == maxClockPins {
		w.pins = append(w.pins[:0], w.pins[1:]...)
	}
	w.pins = append(w.pins, clockPin{ts: ts, wall: at})
	return at
}

// dated is the wall clock of timestamp ts as the source published it: from the
// latest closed segment that starts at or before ts, so a rung's segment that
// starts where a source segment starts gets that segment's date; the mapping's
// estimate (at) before the first segment closes.
func (w *wallClock) dated(ts int64) time.Time {
	w.mu.Lock()
	for i := len(w.pins) - 1; i >= 0; i-- {
		if d := tsDiff(w.pins[i].ts, ts); d >= 0 {
			p := w.pins[i]
			w.mu.Unlock()
			return p.wall.Add(ticks(d))
		}
	}
	w.mu.Unlock()
	return w.at(ts)
}

func (w *wallClock) tick(dts int64, arrived time.Time) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.set {
		if est := w.wall.Add(ticks(tsDiff(w.dts, dts))); est.Before(arrived) {
			arrived = est
		}
	}
	w.dts, w.wall, w.set = dts, arrived, true
}

// at is the wall clock of timestamp ts; the zero time before any tick.
func (w *wallClock) at(ts int64) time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.set {
		return time.Time{}
	}
	return w.wall.Add(ticks(tsDiff(w.dts, ts)))
}

// ticks converts 90 kHz ticks to a duration.
func ticks(t int64) time.Duration { return time.Duration(t) * time.Second / 90000 }

// open starts a segment with the unit in hand: the program tables first, so
// every segment decodes on its own.
func (c *cutter) open(key bool) {
	c.seg = make([]byte, 0, max(len(c.seg), 256<<10))
	c.seg = append(c.seg, c.pat...)
	c.seg = append(c.seg, c.pmt...)
	c.segOpen, c.dropping = true, false
	c.segStart, c.segMax = c.unitPTS, c.unitPTS
	c.frameMax = c.frameDur
	c.partOff, c.partStart, c.partKey = 0, c.unitPTS, key
}

// closePart emits the part from partOff to the end of the segment so far.
func (c *cutter) closePart(end int64) {
	if c.partTarget == 0 || len(c.seg) == c.partOff {
		return
	}
	c.onPart(c.seg[c.partOff:len(c.seg):len(c.seg)], float64(tsDiff(c.partStart, end))/90000, c.partKey, c.wallAt(c.segStart))
}

// closeSegment emits the segment, which ends where the next starts (end).
func (c *cutter) closeSegment(end int64) {
	c.closePart(end)
	c.onSegment(c.seg[:len(c.seg):len(c.seg)], float64(tsDiff(c.segStart, end))/90000, c.publishedAt(c.segStart))
	c.segOpen = false
}

// finish flushes the last unit and the last segment (at the end of a publisher's
// stream); its end is the last frame's time plus one frame.
func (c *cutter) finish() error {
	err := c.flushUnit()
	if c.segOpen {
		fd := c.frameDur
		if fd <= 0 {
			fd = 3000 // one frame at 30 fps
		}
		c.closeSegment(c.segMax + fd)
	}
	return err
}
