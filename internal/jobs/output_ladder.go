package jobs

import (
	"path/filepath"

	"github.com/vidra-dev/vidra/internal/media"
)

// outputLadder is what one processing run of a video writes: its video
// renditions (none for a sound-only source), the rendition of its sound alone
// (CMAF's shared sound, or a sound-only source's), and the packaging.
type outputLadder struct {
	video     []media.Rendition
	audio     *media.Rendition
	packaging media.Packaging
	// muxedAudio is true when the sound is muxed into every TS video rendition.
	muxedAudio bool
}

// planOutputLadder plans the renditions of a probed source under the project's
// ladder: CMAF unless the project encrypts (AES-128 whole-segment encryption
// stays on MPEG-TS, which every HLS player decrypts; DASH would need CENC and
// a key system, which Vidra does not run).
func planOutputLadder(rungs []media.Rung, probe *media.Probe, encrypt bool) (outputLadder, error) {
	l := outputLadder{packaging: media.PackagingCMAF}
	if encrypt {
		l.packaging = media.PackagingTS
	}
	if probe.HasVideo {
		rends, err := media.PlanLadder(rungs, probe.Width, probe.Height)
		if err != nil {
			return l, err
		}
		l.video = rends
	}
	switch {
	case !probe.HasAudio:
	case l.packaging == media.PackagingCMAF || len(l.video) == 0:
		a := media.AudioRendition(media.AudioKbps(l.video))
		l.audio = &a
	default:
		l.muxedAudio = true
	}
	return l, nil
}

// all is every rendition, video first, lowest first.
func (l outputLadder) all() []media.Rendition {
	out := append([]media.Rendition{}, l.video...)
	if l.audio != nil {
		out = append(out, *l.audio)
	}
	return out
}

// first is the part of the ladder published while the rest is encoded: the
// lowest video rendition and the sound rendition.
func (l outputLadder) first() outputLadder {
	f := l
	if len(l.video) > 1 {
		f.video = l.video[:1]
	}
	return f
}

// hlsOptions are the transcode options of the ladder.
func (l outputLadder) hlsOptions(probe *media.Probe) media.HLSOptions {
	return media.HLSOptions{FPS: probe.FPS, HasAudio: probe.HasAudio, Packaging: l.packaging}
}

// manifests are the master playlist of the renditions written under dir and,
// for CMAF when complete, the DASH MPD (nil otherwise). CMAF manifests are
// read from the files themselves: codec strings from the init segments, the
// DASH timeline from each segment's decode times. Before the renditions are
// complete (the early publisher) only the init segments are read: the master
// playlist needs no more.
func (l outputLadder) manifests(dir string, complete bool) (master, mpd []byte, err error) {
	if l.packaging != media.PackagingCMAF {
		return media.MasterPlaylist(l.video, l.muxedAudio || l.audio != nil), nil, nil
	}
	read := media.ReadCMAFInit
	if complete {
		read = media.ReadCMAFTrack
	}
	videos := make([]media.CMAFVideo, len(l.video))
	for i, r := range l.video {
		t, err := read(filepath.Join(dir, r.Name))
		if err != nil {
			return nil, nil, err
		}
		videos[i] = media.CMAFVideo{Rendition: r, Track: t}
	}
	var audio *media.CMAFAudio
	if l.audio != nil {
		t, err := read(filepath.Join(dir, l.audio.Name))
		if err != nil {
			return nil, nil, err
		}
		audio = &media.CMAFAudio{Kbps: l.audio.AudioKbps, Track: t}
	}
	master = media.CMAFMasterPlaylist(videos, audio)
	if complete {
		if mpd, err = media.DASHManifest(videos, audio); err != nil {
			return nil, nil, err
		}
	}
	return master, mpd, nil
}
