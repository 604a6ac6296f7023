package livehls

import (
	"fmt"
	"math"
	"strings"
	"time"
)

// segment is one published media segment.
type segment struct {
	seq   int
	dur   float64
	start time.Time // wall clock of its first frame's arrival: PROGRAM-DATE-TIME
	disc  bool      // first segment of a publisher connection after the first
	parts []part
	bytes int
}

// part is one published partial segment (LL-HLS).
type part struct {
	// index numbers the part in its segment's part names; it starts above 0
	// only for the first segment after a resume that found a dead node's
	// parts of that segment number (never listed again, maybe cached).
	index       int
	dur         float64
	independent bool
}

// Blob names inside a video's live folder.
func segmentName(seq int) string          { return fmt.Sprintf("seg_%05d.ts", seq) }
func discName(seq int) string             { return fmt.Sprintf("disc_%05d", seq) }
func partName(seq, index int) string      { return fmt.Sprintf("part_%05d_%d.ts", seq, index) }
func targetDuration(max float64) int      { return max1(int(math.Round(max))) }
func max1(n int) int                      { return max(n, 1) }
func formatPDT(t time.Time) string        { return t.UTC().Format("2006-01-02T15:04:05.000Z") }
func formatSeconds(d float64) string      { return fmt.Sprintf("%.3f", d) }
func partHoldBack(target float64) float64 { return 3 * target }

// mediaPlaylist is what a live media playlist shows.
type mediaPlaylist struct {
	segs       []segment // the window (oldest first)
	discSeq    int       // discontinuities that slid out of the window
	target     int       // EXT-X-TARGETDURATION
	partTarget float64   // LL-HLS part target; 0: no parts
	// pending are the parts of the segment being written (LL-HLS), which will
	// have sequence number next; pendingDisc says it starts a new connection.
	pending     []part
	pendingDisc bool
	pendingPDT  time.Time
	next        int
	// partBase is the first part index of segment next (see part.index).
	partBase int
	keyURI   string // AES-128 key URI; "" when not encrypted
	ended    bool
	vod      bool // a recording: PLAYLIST-TYPE VOD, no parts
}

// partsShown is how many of the last segments keep their parts listed
// (the LL-HLS spec asks for at least those within three target durations).
const partsShown = 3

// render writes the playlist.
func (m mediaPlaylist) render() []byte {
	var b strings.Builder
	ll := m.partTarget > 0 && !m.vod
	b.WriteString("#EXTM3U\n")
	if ll {
		b.WriteString("#EXT-X-VERSION:6\n")
	} else {
		b.WriteString("#EXT-X-VERSION:3\n")
	}
	fmt.Fprintf(&b, "#EXT-X-TARGETDURATION:%d\n", m.target)
	if ll {
		fmt.Fprintf(&b, "#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=%s\n", formatSeconds(partHoldBack(m.partTarget)))
		fmt.Fprintf(&b, "#EXT-X-PART-INF:PART-TARGET=%s\n", formatSeconds(m.partTarget))
	}
	first := m.next
	if len(m.segs) > 0 {
		first = m.segs[0].seq
	}
	fmt.Fprintf(&b, "#EXT-X-MEDIA-SEQUENCE:%d\n", first)
	if m.discSeq > 0 {
		fmt.Fprintf(&b, "#EXT-X-DISCONTINUITY-SEQUENCE:%d\n", m.discSeq)
	}
	if m.vod {
		b.WriteString("#EXT-X-PLAYLIST-TYPE:VOD\n")
	}
	if m.keyURI != "" {
		fmt.Fprintf(&b, "#EXT-X-KEY:METHOD=AES-128,URI=\"%s\"\n", m.keyURI)
	}
	for i, s := range m.segs {
		if s.disc {
			b.WriteString("#EXT-X-DISCONTINUITY\n")
		}
		fmt.Fprintf(&b, "#EXT-X-PROGRAM-DATE-TIME:%s\n", formatPDT(s.start))
		if ll && i >= len(m.segs)-partsShown {
			for _, p := range s.parts {
				writePart(&b, s.seq, p)
			}
		}
		fmt.Fprintf(&b, "#EXTINF:%s,\n%s\n", formatSeconds(s.dur), segmentName(s.seq))
	}
	if ll && len(m.pending) > 0 && !m.ended {
		if m.pendingDisc {
			b.WriteString("#EXT-X-DISCONTINUITY\n")
		}
		fmt.Fprintf(&b, "#EXT-X-PROGRAM-DATE-TIME:%s\n", formatPDT(m.pendingPDT))
		for _, p := range m.pending {
			writePart(&b, m.next, p)
		}
	}
	if ll && !m.ended {
		// Every live version ends with the part to come (RFC 8216bis
		// 4.4.5.3): after a completed segment that is part 0 of the next. A
		// playlist ending on a bare segment makes hls.js count that segment
		// twice and jump its live edge.
		fmt.Fprintf(&b, "#EXT-X-PRELOAD-HINT:TYPE=PART,URI=\"%s\"\n", m.hint())
	}
	if m.ended {
		b.WriteString("#EXT-X-ENDLIST\n")
	}
	return []byte(b.String())
}

// hint is the name of the next part, which a live LL-HLS playlist announces
// in EXT-X-PRELOAD-HINT.
func (m mediaPlaylist) hint() string { return partName(m.next, m.partBase+len(m.pending)) }

func writePart(b *strings.Builder, seq int, p part) {
	fmt.Fprintf(b, "#EXT-X-PART:DURATION=%s,URI=\"%s\"", formatSeconds(p.dur), partName(seq, p.index))
	if p.independent {
		b.WriteString(",INDEPENDENT=YES")
	}
	b.WriteString("\n")
}

// masterPlaylist names the one live rendition (the transmuxed stream) or the
// recording, relative to /v1/play/{videoId}/, with its codecs and size.
func masterPlaylist(media string, bandwidth int, info streamInfo) []byte {
	return []byte(fmt.Sprintf("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n#EXT-X-STREAM-INF:BANDWIDTH=%d%s\nlive/%s\n",
		max(bandwidth, 100_000), info.attrs(), media))
}
