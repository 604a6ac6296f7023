package livehls

import (
	"math"
	"time"

	"github.com/vidra-dev/vidra/internal/media"
)

// rendition is one rung of a transcoded session: its sliding playlist under
// live/{name}/ (the same tags as the source's, PROGRAM-DATE-TIME included),
// written by the session's publisher goroutine.
type rendition struct {
	l      *ladderState
	rung   media.Rung
	window int
	// seqBase numbers its segments apart from the other renditions' (their
	// AES-128 IVs, the sequence numbers, never meet under the session's key).
	seqBase int
	pl      mediaPlaylist
	segs    []segment // the window and the two before it (deleted after)
	count   int
	maxDur  float64
	peak    int // highest segment bit rate, bits per second
	// discGone counts the discontinuities of segments dropped from segs.
	discGone int
	// info is the rendition's codecs and size, from its first segment.
	info streamInfo
}

// playlistName is the rendition's playlist, relative to live/.
func (r *rendition) playlistName() string { return r.rung.Name + "/index.m3u8" }

// key is a blob of the rendition's folder.
func (r *rendition) key(name string) string {
	return Prefix(r.l.s.o.VideoID) + r.rung.Name + "/" + name
}

// bandwidth is what the master announces: the profile's peak (as VOD
// announces it) or the measured peak when higher.
func (r *rendition) bandwidth() int {
	return max(media.Rendition{Rung: r.rung}.Bandwidth(true), r.peak)
}

// addSegment publishes one of the rendition's segments, then its playlist;
// the rendition's first segment puts it in the master.
func (r *rendition) addSegment(data []byte, dur float64, start time.Time, disc bool) {
	p := &r.l.s.pub
	seq := r.seqBase + r.count
	body := data
	if p.key != nil {
		body = encrypt(p.key, seq, data)
		r.pl.keyURI = "../key"
	}
	if p.write(r.key(segmentName(seq)), body) != nil {
		return
	}
	if r.info == (streamInfo{}) {
		r.info = probeSegment(data)
	}
	r.count++
	r.segs = append(r.segs, segment{seq: seq, dur: dur, start: start, disc: disc, bytes: len(data)})
	r.maxDur = math.Max(r.maxDur, dur)
	r.peak = max(r.peak, int(float64(len(data))*8/math.Max(dur, 0.5)*1.1))
	// Segments two past the window go: the recording is the source's.
	if len(r.segs) > r.window+2 {
		old := r.segs[0]
		r.segs = r.segs[1:]
		if old.disc {
			r.discGone++
		}
		p.remove(r.key(segmentName(old.seq)))
	}
	r.slide()
	// The state before the playlist that names the segment (ladder_state.go).
	if err := r.saveState(); err != nil {
		r.l.s.log.Warn("live rendition state not saved; a resume on another node restarts its numbering", "rendition", r.rung.Name, "err", err)
	}
	_ = p.write(r.key("index.m3u8"), r.pl.render())
	r.l.updateMaster()
}

// slide sets the playlist from the rendition's segments: the window, the
// discontinuity sequence, the next sequence number and the target duration.
func (r *rendition) slide() {
	from := max(0, len(r.segs)-r.window)
	r.pl.segs = r.segs[from:]
	r.pl.discSeq = 0
	for _, s := range r.segs[:from] {
		if s.disc {
			r.pl.discSeq++
		}
	}
	r.pl.discSeq += r.discGone
	r.pl.next = r.segs[len(r.segs)-1].seq + 1
	r.pl.target = max(r.pl.target, targetDuration(math.Max(r.maxDur, r.l.s.o.SegmentSeconds)))
}

// end writes the rendition's playlist with #EXT-X-ENDLIST.
func (r *rendition) end() {
	if r.count == 0 || r.pl.ended {
		return
	}
	r.pl.ended = true
	_ = r.l.s.pub.write(r.key("index.m3u8"), r.pl.render())
}
