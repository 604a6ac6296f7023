package ingest

import (
	"fmt"

	"github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts"
	tscodecs "github.com/bluenviron/mediacommon/v2/pkg/formats/mpegts/codecs"
	srt "github.com/datarhei/gosrt"
)

// srtPublisher wraps an accepted SRT connection: its payload is MPEG-TS, which
// is demultiplexed (that checks it and gives the statistics) and written again
// by the session's muxer. shutdown is closed when the peer sends SHUTDOWN: a
// connection that ends after it was closed by the publisher (publisher_closed),
// not lost (timeout).
func srtPublisher(c srt.Conn, key string, shutdown <-chan struct{}) *publisher {
	cc := newCountingConn(c)
	p := &publisher{protocol: ProtocolSRT, key: key, remote: c.RemoteAddr().String(), conn: cc}
	p.readMedia = func(open openMuxer) error {
		err := readMPEGTS(cc, open)
		if isDisconnect(err) && sentShutdown(shutdown) {
			p.closed.Store(true)
		}
		return err
	}
	return p
}

// readMPEGTS reads MPEG-TS from r into the muxer open builds.
func readMPEGTS(r *countingConn, open openMuxer) error {
	tr := &mpegts.Reader{R: r}
	if err := tr.Initialize(); err != nil {
		return fmt.Errorf("reading the MPEG-TS tables: %w", err)
	}
	var video, audio *mpegts.Track
	var videoCodec, audioCodec string
	var audioTrack tscodecs.Codec
	for _, t := range tr.Tracks() {
		switch c := t.Codec.(type) {
		case *tscodecs.H264, *tscodecs.H265:
			if video == nil {
				video, videoCodec = t, codecH264
				if _, ok := c.(*tscodecs.H265); ok {
					videoCodec = codecH265
				}
			}
		case *tscodecs.MPEG4Audio:
			if audio == nil {
				audio, audioCodec, audioTrack = t, codecAAC, &tscodecs.MPEG4Audio{Config: c.Config}
			}
		case *tscodecs.Opus:
			if audio == nil {
				audio, audioCodec, audioTrack = t, codecOpus, &tscodecs.Opus{Desc: c.Desc}
			}
		case *tscodecs.MPEG1Audio:
			if audio == nil {
				audio, audioCodec, audioTrack = t, codecMP3, &tscodecs.MPEG1Audio{}
			}
		case *tscodecs.AC3:
			if audio == nil {
				audio, audioCodec, audioTrack = t, codecAC3, &tscodecs.AC3{SampleRate: c.SampleRate, ChannelCount: c.ChannelCount}
			}
		default:
			if c.IsVideo() && video == nil {
				return UnsupportedCodecError{fmt.Sprintf("%T", c)}
			}
		}
	}
	if video == nil && audio == nil && len(tr.Tracks()) > 0 {
		return UnsupportedCodecError{fmt.Sprintf("%T", tr.Tracks()[0].Codec)}
	}
	m, err := open(videoCodec, audioCodec, audioTrack)
	if err != nil {
		return err
	}
	var videoTime, audioTime mpegts.TimeDecoder
	if video != nil {
		onVideo := func(pts, dts int64, au [][]byte) error {
			d := videoTime.Decode(dts)
			return m.writeVideo(d+(pts-dts), d, au)
		}
		if videoCodec == codecH264 {
			tr.OnDataH264(video, onVideo)
		} else {
			tr.OnDataH265(video, onVideo)
		}
	}
	if audio != nil {
		switch audioCodec {
		case codecAAC:
			tr.OnDataMPEG4Audio(audio, func(pts int64, aus [][]byte) error { return m.writeAudio(audioTime.Decode(pts), aus) })
		case codecOpus:
			tr.OnDataOpus(audio, func(pts int64, packets [][]byte) error { return m.writeAudio(audioTime.Decode(pts), packets) })
		case codecMP3:
			tr.OnDataMPEG1Audio(audio, func(pts int64, frames [][]byte) error { return m.writeAudio(audioTime.Decode(pts), frames) })
		case codecAC3:
			tr.OnDataAC3(audio, func(pts int64, frame []byte) error { return m.writeAudio(audioTime.Decode(pts), [][]byte{frame}) })
		}
	}
	for {
		if err := tr.Read(); err != nil {
			return err
		}
	}
}
