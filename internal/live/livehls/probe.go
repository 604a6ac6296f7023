package livehls

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h264"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/h265"
	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
)

// streamInfo is what a master playlist says of a variant besides its bit
// rate: its codecs (RFC 6381) and picture size, read from its first segment.
type streamInfo struct {
	codecs        string
	width, height int
}

// attrs are the EXT-X-STREAM-INF attributes of the info ("" when unknown).
func (i streamInfo) attrs() string {
	var b strings.Builder
	if i.width > 0 && i.height > 0 {
		fmt.Fprintf(&b, ",RESOLUTION=%dx%d", i.width, i.height)
	}
	if i.codecs != "" {
		fmt.Fprintf(&b, ",CODECS=\"%s\"", i.codecs)
	}
	return b.String()
}

// probeSegment reads a segment's program: the first video access unit's
// sequence parameter set (codec profile and level, picture size) and the
// first audio frame's header. mediacommon parses the parameter sets and
// ADTS; the codec strings are RFC 6381's (ISO/IEC 14496-15 for H.264/H.265).
func probeSegment(seg []byte) streamInfo {
	var pmtPID uint16
	types := map[uint16]byte{}
	first := map[uint16][]byte{} // the first PES of each stream, while open
	done := map[uint16]bool{}
	for off := 0; off+packetSize <= len(seg); off += packetSize {
		if seg[off] != 0x47 {
			continue
		}
		p := parsePacket(seg[off : off+packetSize])
		switch {
		case p.pid == 0 && p.pusi:
			if pid, ok := parsePAT(p.payload); ok {
				pmtPID = pid
			}
			continue
		case pmtPID != 0 && p.pid == pmtPID && p.pusi:
			if streams, ok := parsePMT(p.payload); ok {
				for _, s := range streams {
					types[s.pid] = s.streamType
				}
			}
			continue
		}
		if _, known := types[p.pid]; !known || done[p.pid] {
			continue
		}
		if p.pusi {
			if _, open := first[p.pid]; open {
				done[p.pid] = true
				continue
			}
			_, _, body, ok := pesTimes(p.payload)
			if !ok {
				continue
			}
			first[p.pid] = append([]byte(nil), p.payload[body:]...)
		} else if b, open := first[p.pid]; open {
			first[p.pid] = append(b, p.payload...)
		}
	}
	var info streamInfo
	var video, audio string
	for pid, pes := range first {
		switch types[pid] {
		case streamH264:
			if video == "" {
				video, info.width, info.height = probeH264(pes)
			}
		case streamH265:
			if video == "" {
				video, info.width, info.height = probeH265(pes)
			}
		case streamAAC:
			var pkts mpeg4audio.ADTSPackets
			if audio == "" && pkts.Unmarshal(pes) == nil && len(pkts) > 0 {
				audio = fmt.Sprintf("mp4a.40.%d", int(pkts[0].Type))
			}
		case streamMP3a, streamMP3b:
			if audio == "" {
				audio = "mp4a.40.34"
			}
		case streamAC3:
			if audio == "" {
				audio = "ac-3"
			}
		}
	}
	if video != "" && audio != "" {
		info.codecs = video + "," + audio
	} else {
		info.codecs = video + audio
	}
	return info
}

// probeH264 reads an access unit's SPS: avc1.PPCCLL and the cropped size.
func probeH264(au []byte) (string, int, int) {
	var nalus h264.AnnexB
	if nalus.Unmarshal(au) != nil {
		return "", 0, 0
	}
	for _, n := range nalus {
		if len(n) < 4 || h264.NALUType(n[0]&0x1f) != h264.NALUTypeSPS {
			continue
		}
		var sps h264.SPS
		if sps.Unmarshal(n) != nil {
			return "", 0, 0
		}
		return fmt.Sprintf("avc1.%02x%02x%02x", n[1], n[2], n[3]), sps.Width(), sps.Height()
	}
	return "", 0, 0
}

// probeH265 reads an access unit's SPS: hvc1.{space}{profile}.{compat}.{tier}{level}[.{constraints}]
// (ISO/IEC 14496-15 E.3) and the size.
func probeH265(au []byte) (string, int, int) {
	var nalus h264.AnnexB // the same Annex B byte stream
	if nalus.Unmarshal(au) != nil {
		return "", 0, 0
	}
	for _, n := range nalus {
		if len(n) < 2 || h265.NALUType((n[0]>>1)&0x3f) != h265.NALUType_SPS_NUT {
			continue
		}
		var sps h265.SPS
		if sps.Unmarshal(n) != nil {
			return "", 0, 0
		}
		raw := h264.EmulationPreventionRemove(n)
		// NAL header (2), vps id/sub-layers (1), then profile_tier_level:
		// space/tier/profile (1), compatibility flags (4), constraint flags
		// (6), level (1).
		if len(raw) < 15 {
			return "", sps.Width(), sps.Height()
		}
		ptl := raw[3:]
		space := [...]string{"", "A", "B", "C"}[ptl[0]>>6]
		tier := "L"
		if ptl[0]&0x20 != 0 {
			tier = "H"
		}
		compat := bits.Reverse32(uint32(ptl[1])<<24 | uint32(ptl[2])<<16 | uint32(ptl[3])<<8 | uint32(ptl[4]))
		s := fmt.Sprintf("hvc1.%s%d.%X.%s%d", space, ptl[0]&0x1f, compat, tier, ptl[11])
		cons := ptl[5:11]
		last := len(cons)
		for last > 0 && cons[last-1] == 0 {
			last--
		}
		for _, c := range cons[:last] {
			s += fmt.Sprintf(".%X", c)
		}
		return s, sps.Width(), sps.Height()
	}
	return "", 0, 0
}
