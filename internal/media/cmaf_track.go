package media

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/Eyevinn/mp4ff/aac"
	"github.com/Eyevinn/mp4ff/avc"
	"github.com/Eyevinn/mp4ff/mp4"
)

// CMAFInit is the name of a CMAF rendition's initialisation segment.
const CMAFInit = "init.mp4"

// AudioRenditionName names the folder of a CMAF video's audio rendition.
const AudioRenditionName = "audio"

// CMAFTrack is what the manifests need of one CMAF rendition's folder (its
// init.mp4 and seg_NNNNN.m4s files, in playlist order), read from the boxes
// themselves rather than from the playlist's rounded #EXTINF: the media
// timescale, the RFC 6381 codec string, and each segment's decode time and
// duration in that timescale.
type CMAFTrack struct {
	// Timescale is the track's media timescale (mdhd), in ticks per second.
	Timescale uint32
	// Codecs is the RFC 6381 codec string, e.g. avc1.64001f or mp4a.40.2.
	Codecs string
	// Audio is true for a sound track; SampleRate and Channels then describe it.
	Audio      bool
	SampleRate int
	Channels   int
	// Segments are the track's segments in order (none from ReadCMAFInit).
	Segments []CMAFSegment
}

// CMAFSegment is one media segment of a track.
type CMAFSegment struct {
	// Name is the file's name, e.g. seg_00003.m4s.
	Name string
	// Start is the decode time of its first sample (tfdt) and Duration the sum
	// of its samples' durations, in the track's timescale.
	Start, Duration uint64
}

// Seconds is the track's length: from its first segment's start to its last one's end.
func (t CMAFTrack) Seconds() float64 {
	if len(t.Segments) == 0 || t.Timescale == 0 {
		return 0
	}
	last := t.Segments[len(t.Segments)-1]
	return float64(last.Start+last.Duration-t.Segments[0].Start) / float64(t.Timescale)
}

// ReadCMAFTrack reads a CMAF rendition from dir: init.mp4 and the segments its
// index.m3u8 names.
func ReadCMAFTrack(dir string) (CMAFTrack, error) {
	t, trex, err := readCMAFInit(dir)
	if err != nil {
		return t, err
	}
	names, err := playlistSegments(filepath.Join(dir, "index.m3u8"))
	if err != nil {
		return t, err
	}
	for _, name := range names {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return t, err
		}
		seg, err := readCMAFSegment(b, trex)
		if err != nil {
			return t, fmt.Errorf("%s: %w", filepath.Join(filepath.Base(dir), name), err)
		}
		seg.Name = name
		t.Segments = append(t.Segments, seg)
	}
	if len(t.Segments) == 0 {
		return t, errors.New("the rendition has no segment")
	}
	return t, nil
}

// ReadCMAFInit reads only a CMAF rendition's init segment (dir/init.mp4):
// the track's timescale, codec string and, for sound, its sample rate and
// channels, without Segments. A master playlist needs no more; a rendition
// still being written is read without decoding its fragments.
func ReadCMAFInit(dir string) (CMAFTrack, error) {
	t, _, err := readCMAFInit(dir)
	return t, err
}

// readCMAFInit reads dir/init.mp4 into a track without segments and returns
// the track's defaults for its fragments.
func readCMAFInit(dir string) (CMAFTrack, *mp4.TrexBox, error) {
	var t CMAFTrack
	b, err := os.ReadFile(filepath.Join(dir, CMAFInit))
	if err != nil {
		return t, nil, err
	}
	trex, err := t.readInit(b)
	if err != nil {
		return t, nil, fmt.Errorf("%s: %w", filepath.Join(filepath.Base(dir), CMAFInit), err)
	}
	return t, trex, nil
}

// readInit fills the timescale and codec of t from an init segment and returns
// the track's defaults for its fragments.
func (t *CMAFTrack) readInit(b []byte) (*mp4.TrexBox, error) {
	f, err := mp4.DecodeFile(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	if f.Init == nil || f.Init.Moov == nil || f.Init.Moov.Trak == nil || f.Init.Moov.Mvex == nil {
		return nil, errors.New("not a CMAF init segment (no moov, trak or mvex)")
	}
	trak := f.Init.Moov.Trak
	t.Timescale = trak.Mdia.Mdhd.Timescale
	if t.Timescale == 0 {
		return nil, errors.New("the track's timescale is 0")
	}
	stsd := trak.Mdia.Minf.Stbl.Stsd
	switch {
	case stsd.AvcX != nil && stsd.AvcX.AvcC != nil && len(stsd.AvcX.AvcC.SPSnalus) > 0:
		sps, err := avc.ParseSPSNALUnit(stsd.AvcX.AvcC.SPSnalus[0], false)
		if err != nil {
			return nil, fmt.Errorf("SPS: %w", err)
		}
		t.Codecs = avc.CodecString(stsd.AvcX.Type(), sps)
	case stsd.Mp4a != nil:
		t.Audio = true
		t.SampleRate = int(stsd.Mp4a.SampleRate)
		t.Channels = int(stsd.Mp4a.ChannelCount)
		t.Codecs = "mp4a.40.2"
		if e := stsd.Mp4a.Esds; e != nil && e.DecConfigDescriptor != nil && e.DecConfigDescriptor.DecSpecificInfo != nil {
			asc, err := aac.DecodeAudioSpecificConfig(bytes.NewReader(e.DecConfigDescriptor.DecSpecificInfo.DecConfig))
			if err == nil {
				t.Codecs = fmt.Sprintf("mp4a.40.%d", asc.ObjectType)
				if asc.SamplingFrequency > 0 {
					t.SampleRate = asc.SamplingFrequency
				}
			}
		}
	default:
		return nil, errors.New("the track is neither H.264 video nor AAC audio")
	}
	return f.Init.Moov.Mvex.Trex, nil
}

// readCMAFSegment reads a media segment's decode time and duration.
func readCMAFSegment(b []byte, trex *mp4.TrexBox) (CMAFSegment, error) {
	var s CMAFSegment
	f, err := mp4.DecodeFile(bytes.NewReader(b))
	if err != nil {
		return s, err
	}
	first := true
	for _, ms := range f.Segments {
		for _, frag := range ms.Fragments {
			if frag.Moof == nil || frag.Moof.Traf == nil || frag.Moof.Traf.Tfdt == nil {
				return s, errors.New("a fragment without moof/traf/tfdt")
			}
			if first {
				s.Start = frag.Moof.Traf.Tfdt.BaseMediaDecodeTime()
				first = false
			}
			samples, err := frag.GetFullSamples(trex)
			if err != nil {
				return s, err
			}
			for _, x := range samples {
				s.Duration += uint64(x.Dur)
			}
		}
	}
	if first {
		return s, errors.New("no media fragment")
	}
	return s, nil
}

// playlistSegments lists the segment URIs of a local media playlist, in order.
func playlistSegments(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, l := range strings.Split(string(b), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			names = append(names, l)
		}
	}
	return names, nil
}
