package ingest

import (
	"errors"
	"fmt"
	"io"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
)

// noKeyframeTicks is how long (in media time, 90 kHz) video may come without a
// single keyframe before the session ends with an error: without one nothing
// can be segmented or played.
const noKeyframeTicks = 10 * clockRate

// errNoKeyframes ends a session whose video never carries a keyframe.
var errNoKeyframes = errors.New("no keyframe in the first 10 s of video: set the encoder's keyframe interval (2 s advised)")

// UnsupportedCodecError ends a session whose publisher sends a codec live HLS
// cannot carry.
type UnsupportedCodecError struct{ Codec string }

// Error says which codec.
func (e UnsupportedCodecError) Error() string {
	return fmt.Sprintf("unsupported codec %s: send H.264 or H.265 video and AAC, MP3, Opus or AC-3 audio", e.Codec)
}

// Codec names as the history reports them.
const (
	codecH264 = "h264"
	codecH265 = "h265"
	codecAAC  = "aac"
	codecOpus = "opus"
	codecMP3  = "mp3"
	codecAC3  = "ac3"
)

// tsMuxer writes one publisher's access units as MPEG-TS and counts them in the
// session's statistics. Every protocol reader ends in one: RTMP re-packs FLV
// access units, SRT re-packs the publisher's own MPEG-TS (which also checks it).
// Timestamps are 90 kHz, unwrapped.
type tsMuxer struct {
	w          *mpegts.Writer
	video      *mpegts.Track
	audio      *mpegts.Track
	videoCodec string
	audioCodec string
	stats      *Stats
	// started turns true at the first video keyframe: video before it cannot
	// be decoded and is dropped (audio-only streams start at once).
	started  bool
	firstDTS int64
	seen     bool
	sized    bool
	// params are the latest parameter sets (H.264: SPS, PPS; H.265: VPS, SPS,
	// PPS), put before each keyframe that lacks them: RTMP sends them once,
	// out of band, and a segment must decode on its own.
	params [3][]byte
	// fan receives every access unit for the simulcast targets; nil when none.
	fan func(au accessUnit)
}

// accessUnit is one access unit as the simulcast targets receive it.
type accessUnit struct {
	video    bool
	pts, dts int64
	nalus    [][]byte
	audio    [][]byte
	keyframe bool
}

// newTSMuxer prepares a muxer writing to out for the given codecs (either may be
// empty, not both).
func newTSMuxer(out io.Writer, videoCodec, audioCodec string, audioTrack tscodecs.Codec, stats *Stats) (*tsMuxer, error) {
	m := &tsMuxer{videoCodec: videoCodec, audioCodec: audioCodec, stats: stats}
	var tracks []*mpegts.Track
	switch videoCodec {
	case "":
	case codecH264:
		m.video = &mpegts.Track{Codec: &tscodecs.H264{}}
	case codecH265:
		m.video = &mpegts.Track{Codec: &tscodecs.H265{}}
	default:
		return nil, UnsupportedCodecError{videoCodec}
	}
	if m.video != nil {
		tracks = append(tracks, m.video)
	}
	if audioCodec != "" {
		if audioTrack == nil {
			return nil, UnsupportedCodecError{audioCodec}
		}
		m.audio = &mpegts.Track{Codec: audioTrack}
		tracks = append(tracks, m.audio)
	}
	if len(tracks) == 0 {
		return nil, errors.New("the stream has neither audio nor video")
	}
	m.w = &mpegts.Writer{W: out, Tracks: tracks}
	if err := m.w.Initialize(); err != nil {
		return nil, err
	}
	stats.SetTracks(videoCodec, audioCodec)
	if m.video == nil {
		m.started = true
	}
	return m, nil
}

// writeVideo writes one H.264 or H.265 access unit.
func (m *tsMuxer) writeVideo(pts, dts int64, au [][]byte) error {
	if m.video == nil || len(au) == 0 {
		return nil
	}
	var key bool
	if m.videoCodec == codecH264 {
		key = h264.IsRandomAccess(au)
	} else {
		key = h265.IsRandomAccess(au)
	}
	if !m.seen {
		m.seen, m.firstDTS = true, dts
	}
	au = m.withParams(au)
	m.stats.VideoFrame(dts, key)
	if key && !m.sized {
		m.readSize(au)
	}
	if !m.started {
		if !key {
			if dts-m.firstDTS > noKeyframeTicks {
				return errNoKeyframes
			}
			return nil
		}
		m.started = true
	}
	if m.fan != nil {
		m.fan(accessUnit{video: true, pts: pts, dts: dts, nalus: au, keyframe: key})
	}
	if m.videoCodec == codecH264 {
		return m.w.WriteH264(m.video, pts, dts, au)
	}
	return m.w.WriteH265(m.video, pts, dts, au)
}

// paramSlot is where a parameter-set NAL unit is kept, or -1.
func (m *tsMuxer) paramSlot(nalu []byte) int {
	if m.videoCodec == codecH264 {
		switch h264.NALUType(nalu[0] & 0x1f) {
		case h264.NALUTypeSPS:
			return 1
		case h264.NALUTypePPS:
			return 2
		}
		return -1
	}
	switch h265.NALUType((nalu[0] >> 1) & 0x3f) {
	case h265.NALUType_VPS_NUT:
		return 0
	case h265.NALUType_SPS_NUT:
		return 1
	case h265.NALUType_PPS_NUT:
		return 2
	}
	return -1
}

// withParams keeps the parameter sets an access unit carries and puts the kept
// ones before a keyframe that lacks them.
func (m *tsMuxer) withParams(au [][]byte) [][]byte {
	var has [3]bool
	random := false
	for _, nalu := range au {
		if len(nalu) == 0 {
			continue
		}
		if i := m.paramSlot(nalu); i >= 0 {
			m.params[i] = nalu
			has[i] = true
		}
	}
	if m.videoCodec == codecH264 {
		random = h264.IsRandomAccess(au)
	} else {
		random = h265.IsRandomAccess(au)
	}
	if !random {
		return au
	}
	var pre [][]byte
	for i, p := range m.params {
		if p != nil && !has[i] {
			pre = append(pre, p)
		}
	}
	if len(pre) == 0 {
		return au
	}
	if !m.sized {
		m.readSize(pre)
	}
	return append(pre, au...)
}

// setParams records parameter sets received out of band (RTMP's sequence header).
func (m *tsMuxer) setParams(nalus ...[]byte) {
	for _, n := range nalus {
		if len(n) > 0 {
			if i := m.paramSlot(n); i >= 0 {
				m.params[i] = n
			}
		}
	}
	m.readSize(nalus)
}

// readSize takes the picture size from the SPS of a keyframe.
func (m *tsMuxer) readSize(au [][]byte) {
	for _, nalu := range au {
		if len(nalu) == 0 {
			continue
		}
		switch m.videoCodec {
		case codecH264:
			if h264.NALUType(nalu[0]&0x1f) == h264.NALUTypeSPS {
				var sps h264.SPS
				if sps.Unmarshal(nalu) == nil {
					m.stats.SetSize(sps.Width(), sps.Height())
					m.sized = true
				}
			}
		case codecH265:
			if h265.NALUType((nalu[0]>>1)&0x3f) == h265.NALUType_SPS_NUT {
				var sps h265.SPS
				if sps.Unmarshal(nalu) == nil {
					m.stats.SetSize(sps.Width(), sps.Height())
					m.sized = true
				}
			}
		}
	}
}

// writeAudio writes audio frames (AAC access units, Opus packets, MP3 frames
// or one AC-3 frame) with the first one's timestamp.
func (m *tsMuxer) writeAudio(pts int64, frames [][]byte) error {
	if m.audio == nil || len(frames) == 0 || !m.started {
		return nil
	}
	if m.fan != nil {
		m.fan(accessUnit{pts: pts, dts: pts, audio: frames})
	}
	switch m.audioCodec {
	case codecAAC:
		return m.w.WriteMPEG4Audio(m.audio, pts, frames)
	case codecOpus:
		return m.w.WriteOpus(m.audio, pts, frames)
	case codecMP3:
		return m.w.WriteMPEG1Audio(m.audio, pts, frames)
	case codecAC3:
		for _, f := range frames {
			if err := m.w.WriteAC3(m.audio, pts, f); err != nil {
				return err
			}
		}
		return nil
	}
	return nil
}
