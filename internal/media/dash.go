package media

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/Eyevinn/dash-mpd/mpd"
)

// DASHManifestName is the name of a CMAF video's MPD, beside its HLS master playlist.
const DASHManifestName = "manifest.mpd"

// CMAFVideo is one video rendition of a CMAF ladder with its track as written.
type CMAFVideo struct {
	Rendition
	Track CMAFTrack
}

// CMAFAudio is the audio rendition of a CMAF ladder.
type CMAFAudio struct {
	// Kbps is the AAC bit rate it was encoded at.
	Kbps  int
	Track CMAFTrack
}

// Bandwidth is the audio rendition's announced bit rate in bits per second.
func (a CMAFAudio) Bandwidth() int { return a.Kbps * 1000 }

// DASHManifest is the static MPD (ISO/IEC 23009-1, live profile: one
// SegmentTemplate with a SegmentTimeline per representation) over the same
// CMAF files the HLS playlists name: a video adaptation set with a
// representation per rendition (none for an audio-only video) and an audio
// adaptation set when there is sound. URLs are relative to the MPD, whose
// folder holds one folder per rendition. Each timeline is written from the
// segments' own decode times (tfdt), so it is continuous exactly where the
// media is, and each representation's presentationTimeOffset is its first
// decode time, so every track starts at 0.
func DASHManifest(videos []CMAFVideo, audio *CMAFAudio) ([]byte, error) {
	if len(videos) == 0 && audio == nil {
		return nil, fmt.Errorf("an MPD needs a video or an audio rendition")
	}
	m := mpd.NewMPD("static")
	m.Profiles = "urn:mpeg:dash:profile:isoff-live:2011"
	m.MinBufferTime = durationOf(float64(SegmentSeconds))
	period := mpd.NewPeriod()
	period.Id = "0"
	period.Start = durationOf(0)
	m.AppendPeriod(period)

	var longest, maxSegment float64
	if len(videos) > 0 {
		set := mpd.NewAdaptationSetWithParams("video", "video/mp4", true, 1)
		set.Id = mpd.Ptr(uint32(0))
		for _, v := range videos {
			rep := mpd.NewVideoRepresentation(v.Name, v.Track.Codecs, "", "", v.Bandwidth(false), v.Width, v.Height)
			rep.Sar = "1:1"
			tmpl, err := segmentTemplate(v.Name, v.Track)
			if err != nil {
				return nil, err
			}
			rep.SegmentTemplate = tmpl
			set.AppendRepresentation(rep)
			longest = max(longest, v.Track.Seconds())
			maxSegment = max(maxSegment, longestSegment(v.Track))
		}
		period.AppendAdaptationSet(set)
	}
	if audio != nil {
		set := mpd.NewAdaptationSetWithParams("audio", "audio/mp4", true, 1)
		set.Id = mpd.Ptr(uint32(1))
		set.Lang = "und"
		rep := mpd.NewAudioRepresentation(AudioRenditionName, audio.Track.Codecs, "", audio.Bandwidth(), audio.Track.SampleRate)
		if audio.Track.Channels > 0 {
			rep.AudioChannelConfigurations = []*mpd.DescriptorType{mpd.NewDescriptor(
				"urn:mpeg:dash:23003:3:audio_channel_configuration:2011", strconv.Itoa(audio.Track.Channels), "")}
		}
		tmpl, err := segmentTemplate(AudioRenditionName, audio.Track)
		if err != nil {
			return nil, err
		}
		rep.SegmentTemplate = tmpl
		set.AppendRepresentation(rep)
		period.AppendAdaptationSet(set)
		longest = max(longest, audio.Track.Seconds())
		maxSegment = max(maxSegment, longestSegment(audio.Track))
	}
	m.MediaPresentationDuration = durationOf(longest)
	m.MaxSegmentDuration = durationOf(maxSegment)
	out, err := m.WriteToString("  ", true)
	if err != nil {
		return nil, err
	}
	return []byte(out), nil
}

// segmentTemplate names a track's files under folder and lists its segments'
// times. Segment files are numbered without gaps (seg_%05d.m4s), as ffmpeg's
// HLS muxer writes them; a track whose names skip a number is refused rather
// than described wrongly.
func segmentTemplate(folder string, t CMAFTrack) (*mpd.SegmentTemplateType, error) {
	var first int
	if _, err := fmt.Sscanf(t.Segments[0].Name, "seg_%d.m4s", &first); err != nil {
		return nil, fmt.Errorf("%s: segment name %q", folder, t.Segments[0].Name)
	}
	for i, s := range t.Segments {
		if want := fmt.Sprintf("seg_%05d.m4s", first+i); s.Name != want {
			return nil, fmt.Errorf("%s: segment %d is %q, want %q", folder, i, s.Name, want)
		}
	}
	tmpl := mpd.NewSegmentTemplate()
	tmpl.Initialization = folder + "/" + CMAFInit
	tmpl.Media = folder + "/seg_$Number%05d$.m4s"
	tmpl.StartNumber = mpd.Ptr(uint32(first))
	tmpl.Timescale = mpd.Ptr(t.Timescale)
	tmpl.PresentationTimeOffset = mpd.Ptr(t.Segments[0].Start)
	tmpl.SegmentTimeline = timeline(t.Segments)
	return tmpl, nil
}

// timeline writes segments as S elements: a run of equal durations is one S
// with a repeat count, and t is written for the first segment and wherever a
// segment does not start where the one before it ended.
func timeline(segs []CMAFSegment) *mpd.SegmentTimelineType {
	tl := mpd.NewSegmentTimeline()
	var last *mpd.S
	var end uint64
	for i, s := range segs {
		continuous := i > 0 && s.Start == end
		if continuous && last != nil && last.D == s.Duration {
			last.R++
		} else {
			last = &mpd.S{D: s.Duration}
			if !continuous {
				last.T = mpd.Ptr(s.Start)
			}
			tl.S = append(tl.S, last)
		}
		end = s.Start + s.Duration
	}
	return tl
}

// longestSegment is the longest segment of a track, in seconds.
func longestSegment(t CMAFTrack) float64 {
	var d uint64
	for _, s := range t.Segments {
		d = max(d, s.Duration)
	}
	return float64(d) / float64(t.Timescale)
}

// durationOf is seconds as an MPD duration, to the millisecond.
func durationOf(seconds float64) *mpd.Duration {
	d := mpd.Duration(time.Duration(seconds*1000+0.5) * time.Millisecond)
	return &d
}

// CMAFMasterPlaylist is the HLS master playlist (version 7) of a CMAF ladder:
// the sound is one EXT-X-MEDIA audio rendition that every video variant names
// in its AUDIO group, the video variants come highest first (players start
// from the first entry), and an audio-only variant comes last for clients that
// want sound alone (an audio-only video has that variant only).
func CMAFMasterPlaylist(videos []CMAFVideo, audio *CMAFAudio) []byte {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	audioCodecs, group := "", ""
	if audio != nil {
		audioCodecs = codecsOr(audio.Track.Codecs, "mp4a.40.2")
		group = `,AUDIO="` + audioGroup + `"`
		channels := max(audio.Track.Channels, 2)
		fmt.Fprintf(&b, "#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=\"%s\",NAME=\"Audio\",LANGUAGE=\"und\",DEFAULT=YES,AUTOSELECT=YES,CHANNELS=\"%d\",URI=\"%s/index.m3u8\"\n",
			audioGroup, channels, AudioRenditionName)
	}
	for i := len(videos) - 1; i >= 0; i-- {
		v := videos[i]
		codecs := codecsOr(v.Track.Codecs, "avc1.640028")
		bandwidth := v.Bandwidth(false)
		if audio != nil {
			codecs += "," + audioCodecs
			bandwidth += audio.Bandwidth()
		}
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,RESOLUTION=%dx%d,CODECS=\"%s\"%s,NAME=\"%s\"\n%s/index.m3u8\n",
			bandwidth, v.Width, v.Height, codecs, group, v.Name, v.Name)
	}
	if audio != nil {
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,CODECS=\"%s\"%s,NAME=\"%s\"\n%s/index.m3u8\n",
			audio.Bandwidth(), audioCodecs, group, AudioRenditionName, AudioRenditionName)
	}
	return []byte(b.String())
}

// audioGroup is the GROUP-ID of a CMAF master playlist's audio rendition.
const audioGroup = "aac"

func codecsOr(codecs, fallback string) string {
	if codecs == "" {
		return fallback
	}
	return codecs
}
