package ingest

import (
	"errors"
	"fmt"
	"io"
	"net"
	"time"

	"github.com/bluenviron/gortmplib"
	"github.com/bluenviron/gortmplib/pkg/codecs"
	"github.com/bluenviron/gortmplib/pkg/message"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/substructs"
)

// rtmpTimeOffset shifts RTMP timestamps (which start at 0) so that the MPEG-TS
// clock reference, written a little before each timestamp, never goes negative.
const rtmpTimeOffset = clockRate

// acceptRTMP runs the RTMP handshake on nc and returns the publisher it
// announces. A connection that wants to play, or names no key, is refused.
// The handshake, the commands up to publish and the key's check must end
// within authTimeout; until the key is admitted (p.guard.open) what the
// client sends is checked by a preAuthGuard.
func acceptRTMP(nc net.Conn, protocol string, authTimeout time.Duration) (*publisher, error) {
	_ = nc.SetDeadline(time.Now().Add(authTimeout))
	cc := newCountingConn(nc)
	guard := newPreAuthGuard(cc)
	sc := &gortmplib.ServerConn{RW: struct {
		io.Reader
		io.Writer
	}{guard, cc}}
	if err := sc.Initialize(); err != nil {
		return nil, fmt.Errorf("rtmp handshake: %w", err)
	}
	if err := sc.Accept(); err != nil {
		return nil, fmt.Errorf("rtmp accept: %w", err)
	}
	if !sc.Publish {
		return nil, errors.New("rtmp: playing is not offered; this endpoint only takes publishers")
	}
	key := keyFromRTMPURL(sc.URL)
	if key == "" {
		return nil, errors.New("rtmp: no stream key in the publish URL")
	}
	p := &publisher{protocol: protocol, key: key, remote: nc.RemoteAddr().String(), conn: cc, guard: guard}
	p.readMedia = func(open openMuxer) error {
		// The stall watchdog ends a silent connection; the socket itself waits.
		_ = nc.SetDeadline(time.Time{})
		return readRTMP(sc, p, open)
	}
	return p, nil
}

// readRTMP reads the tracks, builds the muxer and copies access units into it
// until the connection ends.
func readRTMP(sc *gortmplib.ServerConn, p *publisher, open openMuxer) error {
	conn := &unpublishWatcher{ServerConn: sc, p: p}
	r := &gortmplib.Reader{Conn: conn}
	if err := r.Initialize(); err != nil {
		return fmt.Errorf("reading the stream's tracks: %w", err)
	}
	var video, audio *gortmplib.Track
	var videoCodec, audioCodec string
	var audioTrack tscodecs.Codec
	for _, t := range r.Tracks() {
		if t.Codec.IsVideo() {
			if video != nil {
				continue
			}
			video = t
			switch t.Codec.(type) {
			case *codecs.H264:
				videoCodec = codecH264
			case *codecs.H265:
				videoCodec = codecH265
			default:
				return UnsupportedCodecError{codecName(t.Codec)}
			}
			continue
		}
		if audio != nil {
			continue
		}
		audio = t
		switch c := t.Codec.(type) {
		case *codecs.MPEG4Audio:
			audioCodec, audioTrack = codecAAC, &tscodecs.MPEG4Audio{Config: *c.Config}
		case *codecs.Opus:
			audioCodec, audioTrack = codecOpus, &tscodecs.Opus{Desc: opusDescriptor(c.IDHeader.ChannelCount)}
		case *codecs.MPEG1Audio:
			audioCodec, audioTrack = codecMP3, &tscodecs.MPEG1Audio{}
		case *codecs.AC3:
			audioCodec, audioTrack = codecAC3, &tscodecs.AC3{SampleRate: c.SampleRate, ChannelCount: c.ChannelCount}
		default:
			return UnsupportedCodecError{codecName(t.Codec)}
		}
	}
	m, err := open(videoCodec, audioCodec, audioTrack)
	if err != nil {
		return err
	}
	if video != nil {
		switch c := video.Codec.(type) {
		case *codecs.H264:
			m.setParams(c.SPS, c.PPS)
		case *codecs.H265:
			m.setParams(c.VPS, c.SPS, c.PPS)
		}
	}
	var werr error
	ticks := func(d time.Duration) int64 { return int64(d)*clockRate/int64(time.Second) + rtmpTimeOffset }
	onVideo := func(pts, dts time.Duration, au [][]byte) {
		if werr == nil {
			werr = m.writeVideo(ticks(pts), ticks(dts), au)
		}
	}
	if video != nil {
		if videoCodec == codecH264 {
			r.OnDataH264(video, onVideo)
		} else {
			r.OnDataH265(video, onVideo)
		}
	}
	if audio != nil {
		onAudio := func(pts time.Duration, frame []byte) {
			if werr == nil {
				werr = m.writeAudio(ticks(pts), [][]byte{frame})
			}
		}
		switch audio.Codec.(type) {
		case *codecs.MPEG4Audio:
			r.OnDataMPEG4Audio(audio, onAudio)
		case *codecs.Opus:
			r.OnDataOpus(audio, onAudio)
		case *codecs.MPEG1Audio:
			r.OnDataMPEG1Audio(audio, onAudio)
		case *codecs.AC3:
			r.OnDataAC3(audio, onAudio)
		}
	}
	for {
		if err := r.Read(); err != nil {
			return err
		}
		if werr != nil {
			return werr
		}
	}
}

// codecName names a codec of an RTMP track for an error message.
func codecName(c codecs.Codec) string {
	switch c.(type) {
	case *codecs.AV1:
		return "av1"
	case *codecs.VP9:
		return "vp9"
	case *codecs.FLAC:
		return "flac"
	case *codecs.G711:
		return "g711"
	case *codecs.LPCM:
		return "lpcm"
	}
	return fmt.Sprintf("%T", c)
}

// unpublishWatcher notes the publisher's own end of the stream (FCUnpublish or
// deleteStream, which OBS and ffmpeg send on a clean stop) before the reader
// sees the socket close.
type unpublishWatcher struct {
	*gortmplib.ServerConn
	p *publisher
}

// Read reads a message and watches for the unpublish commands.
func (u *unpublishWatcher) Read() (message.Message, error) {
	msg, err := u.ServerConn.Read()
	if cmd, ok := msg.(*message.CommandAMF0); ok && (cmd.Name == "FCUnpublish" || cmd.Name == "deleteStream" || cmd.Name == "closeStream") {
		u.p.closed.Store(true)
	}
	return msg, err
}

// opusDescriptor is the MPEG-TS opus_audio_descriptor of an RTMP Opus track with
// channels channels: channel_config_code 1 to 8 is that many channels in the
// default mapping (ETSI TS Opus 0.1.3, table 4-3), which is what the muxer wrote
// for the deprecated Opus.ChannelCount.
func opusDescriptor(channels uint8) *substructs.OpusAudioDescriptor {
	return &substructs.OpusAudioDescriptor{ChannelConfigCode: channels}
}
