package livehls

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// packetSize is the size of an MPEG-TS packet.
const packetSize = 188

// Errors of a publisher's stream. Run wraps them; errors.Is finds them.
var (
	// ErrNotMPEGTS: the input is not an MPEG transport stream (garbage, or no
	// program map within the first megabytes).
	ErrNotMPEGTS = errors.New("the stream is not MPEG-TS")
	// ErrUnsupportedCodec: the stream carries no codec HLS can play (H.264, H.265
	// video; AAC, MP3, AC-3 audio), or a video codec other than those.
	ErrUnsupportedCodec = errors.New("unsupported codec")
	// ErrNoKeyframe: the video sent no keyframe for too long to cut a segment.
	ErrNoKeyframe = errors.New("no keyframe")
)

// MPEG-TS stream types this package knows.
const (
	streamH264 = 0x1b
	streamH265 = 0x24
	streamAAC  = 0x0f
	streamMP3a = 0x03
	streamMP3b = 0x04
	streamAC3  = 0x81
)

// videoStreamTypes are the stream types of video codecs other than H.264 and
// H.265: MPEG-1/2 video, MPEG-4 part 2, VC-1, AVS, Dirac, AV1-in-TS drafts. A
// stream carrying one of them is refused with ErrUnsupportedCodec.
var videoStreamTypes = map[byte]string{0x01: "MPEG-1 video", 0x02: "MPEG-2 video", 0x10: "MPEG-4 part 2 video",
	0xea: "VC-1", 0x42: "AVS", 0xd1: "Dirac"}

// packet is one 188-byte TS packet, parsed.
type packet struct {
	raw     []byte
	pid     uint16
	pusi    bool // payload unit start
	rai     bool // random access indicator of the adaptation field
	payload []byte
}

// parsePacket parses a packet whose first byte is the sync byte.
func parsePacket(b []byte) packet {
	p := packet{raw: b, pid: uint16(b[1]&0x1f)<<8 | uint16(b[2]), pusi: b[1]&0x40 != 0}
	afc := (b[3] >> 4) & 3
	off := 4
	if afc&2 != 0 {
		afLen := int(b[4])
		if afLen > 0 && 5 < len(b) {
			p.rai = b[5]&0x40 != 0
		}
		off = 5 + afLen
	}
	if afc&1 != 0 && off < len(b) {
		p.payload = b[off:]
	}
	return p
}

// packetReader reads TS packets, re-synchronising on the sync byte after
// garbage; it gives up with ErrNotMPEGTS after maxGarbage bytes without sync.
type packetReader struct {
	r       *bufio.Reader
	garbage int
}

// maxGarbage is how many bytes without a sync byte pattern a stream may send
// before it is refused as not MPEG-TS.
const maxGarbage = 1 << 20

func newPacketReader(r io.Reader) *packetReader {
	return &packetReader{r: bufio.NewReaderSize(r, 64*packetSize)}
}

// next returns the next packet; the slice is valid until the following call
// (the caller copies what it keeps).
func (pr *packetReader) next(buf []byte) ([]byte, error) {
	for {
		head, err := pr.r.Peek(1)
		if err != nil {
			return nil, err
		}
		if head[0] == 0x47 {
			// A second sync byte one packet on confirms the alignment.
			if two, err := pr.r.Peek(packetSize + 1); err == nil && two[packetSize] != 0x47 {
				_, _ = pr.r.Discard(1)
				if pr.garbage++; pr.garbage > maxGarbage {
					return nil, ErrNotMPEGTS
				}
				continue
			}
			if _, err := io.ReadFull(pr.r, buf[:packetSize]); err != nil {
				if errors.Is(err, io.ErrUnexpectedEOF) {
					return nil, io.EOF // a truncated last packet is dropped
				}
				return nil, err
			}
			return buf[:packetSize], nil
		}
		_, _ = pr.r.Discard(1)
		if pr.garbage++; pr.garbage > maxGarbage {
			return nil, ErrNotMPEGTS
		}
	}
}

// section returns the PSI section that starts in a payload unit start packet's
// payload (after the pointer field), or nil.
func section(payload []byte) []byte {
	if len(payload) < 1 {
		return nil
	}
	off := 1 + int(payload[0])
	if off+3 > len(payload) {
		return nil
	}
	s := payload[off:]
	n := int(s[1]&0x0f)<<8 | int(s[2])
	if 3+n > len(s) || n < 9 {
		return nil // spans packets: not handled (a PAT or PMT of live encoders fits in one)
	}
	return s[:3+n]
}

// parsePAT returns the PID of the first program's map table.
func parsePAT(payload []byte) (uint16, bool) {
	s := section(payload)
	if s == nil || s[0] != 0x00 {
		return 0, false
	}
	for i := 8; i+4 <= len(s)-4; i += 4 {
		if program := uint16(s[i])<<8 | uint16(s[i+1]); program != 0 {
			return uint16(s[i+2]&0x1f)<<8 | uint16(s[i+3]), true
		}
	}
	return 0, false
}

// elementary is one stream of a program map.
type elementary struct {
	pid        uint16
	streamType byte
}

// parsePMT returns the program's elementary streams.
func parsePMT(payload []byte) ([]elementary, bool) {
	s := section(payload)
	if s == nil || s[0] != 0x02 || len(s) < 12 {
		return nil, false
	}
	end := len(s) - 4 // CRC
	i := 12 + (int(s[10]&0x0f)<<8 | int(s[11]))
	var out []elementary
	for i+5 <= end {
		out = append(out, elementary{streamType: s[i], pid: uint16(s[i+1]&0x1f)<<8 | uint16(s[i+2])})
		i += 5 + (int(s[i+3]&0x0f)<<8 | int(s[i+4]))
	}
	return out, true
}

// pesTimes returns the PTS and DTS of a PES header (DTS = PTS when absent),
// in 90 kHz units, and the offset of the PES payload.
func pesTimes(payload []byte) (pts, dts int64, body int, ok bool) {
	if len(payload) < 9 || payload[0] != 0 || payload[1] != 0 || payload[2] != 1 {
		return 0, 0, 0, false
	}
	flags := payload[7] >> 6
	body = 9 + int(payload[8])
	if flags&2 == 0 || len(payload) < 14 {
		return 0, 0, min(body, len(payload)), false
	}
	pts = readTimestamp(payload[9:14])
	dts = pts
	if flags == 3 && len(payload) >= 19 {
		dts = readTimestamp(payload[14:19])
	}
	return pts, dts, min(body, len(payload)), true
}

func readTimestamp(b []byte) int64 {
	return int64(b[0]>>1&0x07)<<30 | int64(b[1])<<22 | int64(b[2]>>1)<<15 | int64(b[3])<<7 | int64(b[4]>>1)
}

// tsWrap is the period of 33-bit MPEG timestamps.
const tsWrap = int64(1) << 33

// tsDiff is b-a in 90 kHz units across a timestamp wrap.
func tsDiff(a, b int64) int64 {
	d := (b - a) % tsWrap
	if d > tsWrap/2 {
		d -= tsWrap
	} else if d < -tsWrap/2 {
		d += tsWrap
	}
	return d
}

// hasKeyNAL reports whether an H.264 or H.265 elementary stream chunk holds a
// random access NAL unit (H.264 IDR; H.265 IRAP: BLA, IDR, CRA).
func hasKeyNAL(b []byte, h265 bool) bool {
	for i := 0; i+3 < len(b); i++ {
		if b[i] != 0 || b[i+1] != 0 || b[i+2] != 1 {
			continue
		}
		n := b[i+3]
		if h265 {
			if t := (n >> 1) & 0x3f; t >= 16 && t <= 21 {
				return true
			}
		} else if n&0x1f == 5 {
			return true
		}
		i += 2
	}
	return false
}

// codecName names a stream type for histories and errors.
func codecName(t byte) string {
	switch t {
	case streamH264:
		return "h264"
	case streamH265:
		return "hevc"
	case streamAAC:
		return "aac"
	case streamMP3a, streamMP3b:
		return "mp3"
	case streamAC3:
		return "ac3"
	}
	if n, ok := videoStreamTypes[t]; ok {
		return n
	}
	return fmt.Sprintf("stream type 0x%02x", t)
}
