package media

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// SegmentSeconds is the target HLS segment length; segments start on keyframes.
const SegmentSeconds = 4

// KeyframeSeconds is the ladder's keyframe (IDR) interval, as Apple's HLS
// authoring specification asks (1.9: "Key frames (IDRs) SHOULD be present every
// two seconds"): every segment opens on one and holds one more at its middle, so
// a still or a clip starts decoding at most two seconds before its frame.
const KeyframeSeconds = 2

// RenditionSequenceStride separates the media sequence numbers of an encrypted
// video's renditions: rendition i numbers its segments from i times it, so their
// IVs (the sequence numbers) never meet. Segment names keep to 5 to 9 digits.
const RenditionSequenceStride = 10_000_000

// HLSOptions tune a transcode.
type HLSOptions struct {
	// FPS is the source's frame rate, for the keyframe interval; 30 when unknown.
	FPS float64
	// HasAudio adds an AAC audio track to every rendition.
	HasAudio bool
	// KeyInfoFile, when set, is an ffmpeg -hls_key_info_file: segments are AES-128 encrypted.
	KeyInfoFile string
	// Preset is the x264 preset; veryfast when empty.
	Preset string
	// Progress, when set, receives the seconds of output done so far.
	Progress func(seconds float64)
	// Threads caps each rendition encoder's threads (-threads); 0 leaves the
	// encoder its own choice. The VOD workers set it to yield CPUs to the
	// transcoded live renditions of the same node (internal/live/liveslots).
	Threads int
	// Packaging is PackagingTS (the default: MPEG-TS segments, sound muxed into
	// every rendition) or PackagingCMAF (fragmented MP4: video-only renditions
	// and one AAC rendition, AudioRenditionName, that HLS and DASH share).
	// CMAF is never combined with KeyInfoFile: encrypted videos stay TS.
	Packaging Packaging
}

// Packaging names how a video's renditions are segmented.
type Packaging string

const (
	// PackagingTS is MPEG-TS segments with the sound in every rendition (HLS
	// version 3), what every video had before CMAF and encrypted videos keep.
	PackagingTS Packaging = "ts"
	// PackagingCMAF is fragmented MP4 (an init.mp4 and seg_N.m4s per
	// rendition, HLS version 7 with EXT-X-MAP) with the sound in its own
	// rendition, served as HLS and as DASH from the same files.
	PackagingCMAF Packaging = "cmaf"
)

// AudioKbps is the bit rate of a CMAF ladder's one audio rendition: the
// highest any rung asks for, 128 when none does.
func AudioKbps(rends []Rendition) int {
	kbps := 0
	for _, r := range rends {
		kbps = max(kbps, r.AudioKbps)
	}
	if kbps == 0 {
		kbps = 128
	}
	return kbps
}

// HLSArgs returns the ffmpeg arguments that transcode the input into one HLS rendition per
// entry of rends under outDir/<name>/index.m3u8, from a single decode of the source; a
// CMAF ladder with sound adds outDir/audio (and is that alone for a source without video).
// It is exported so the benchmark can run the same ladder as one plain command.
func HLSArgs(in Input, outDir string, rends []Rendition, o HLSOptions) []string {
	fps := o.FPS
	if fps <= 0 || fps > 120 {
		fps = 30
	}
	gop := strconv.Itoa(int(math.Round(fps * KeyframeSeconds)))
	preset := o.Preset
	if preset == "" {
		preset = "veryfast"
	}
	cmaf := o.Packaging == PackagingCMAF
	args := in.Args()
	if len(rends) > 0 {
		var graph strings.Builder
		fmt.Fprintf(&graph, "[0:v]split=%d", len(rends))
		for i := range rends {
			fmt.Fprintf(&graph, "[s%d]", i)
		}
		for i, r := range rends {
			fmt.Fprintf(&graph, ";[s%d]scale=%d:%d,setsar=1[v%d]", i, r.Width, r.Height, i)
		}
		args = append(args, "-filter_complex", graph.String())
	}
	for i, r := range rends {
		dir := filepath.Join(outDir, r.Name)
		args = append(args,
			"-map", fmt.Sprintf("[v%d]", i),
			"-c:v", "libx264", "-preset", preset, "-profile:v", "high", "-pix_fmt", "yuv420p",
			"-b:v", fmt.Sprintf("%dk", r.VideoKbps),
			"-maxrate", fmt.Sprintf("%dk", r.VideoKbps*107/100),
			"-bufsize", fmt.Sprintf("%dk", r.VideoKbps*3/2),
			"-g", gop, "-keyint_min", gop, "-sc_threshold", "0",
		)
		if o.Threads > 0 {
			args = append(args, "-threads", strconv.Itoa(o.Threads))
		}
		if o.HasAudio && !cmaf {
			// MPEG-TS: the sound is muxed into every rendition.
			args = append(args, "-map", "0:a:0")
			args = append(args, audioArgs(r.AudioKbps)...)
		}
		// EVENT: ffmpeg rewrites the playlist after every segment (a VOD playlist
		// is only written at the end), so the lowest rendition can be published
		// while the ladder is encoded; the finished playlist ends with ENDLIST.
		flags := "independent_segments"
		if o.KeyInfoFile != "" && !cmaf {
			// The key info file names no IV, and periodic_rekey makes ffmpeg take
			// each segment's IV from its media sequence number (written in the
			// playlist), not the first segment's for all. Renditions number their
			// segments from their own start, so no two segments of a video share
			// an IV under its one key.
			flags += "+periodic_rekey"
			args = append(args, "-hls_key_info_file", o.KeyInfoFile,
				"-start_number", strconv.Itoa(i*RenditionSequenceStride))
		}
		args = append(args, hlsOutputArgs(dir, flags, cmaf)...)
	}
	if o.HasAudio && (cmaf || len(rends) == 0) {
		// CMAF's one sound rendition, or a TS audio-only source's.
		args = append(args, "-map", "0:a:0")
		args = append(args, audioArgs(AudioKbps(rends))...)
		flags := "independent_segments"
		if o.KeyInfoFile != "" && !cmaf {
			flags += "+periodic_rekey"
			args = append(args, "-hls_key_info_file", o.KeyInfoFile, "-start_number", "0")
		}
		args = append(args, hlsOutputArgs(filepath.Join(outDir, AudioRenditionName), flags, cmaf)...)
	}
	return args
}

// audioArgs encode the first audio stream as stereo AAC at kbps.
func audioArgs(kbps int) []string {
	return []string{"-c:a", "aac", "-b:a", fmt.Sprintf("%dk", kbps), "-ac", "2"}
}

// hlsOutputArgs write one rendition's HLS EVENT playlist and segments into dir:
// MPEG-TS segments, or CMAF (an init.mp4 and .m4s fragments) when cmaf.
func hlsOutputArgs(dir, flags string, cmaf bool) []string {
	args := []string{"-f", "hls", "-hls_time", strconv.Itoa(SegmentSeconds), "-hls_playlist_type", "event"}
	if cmaf {
		args = append(args, "-hls_segment_type", "fmp4", "-hls_fmp4_init_filename", CMAFInit,
			"-hls_flags", flags, "-hls_segment_filename", filepath.Join(dir, "seg_%05d.m4s"))
	} else {
		args = append(args, "-hls_segment_type", "mpegts",
			"-hls_flags", flags, "-hls_segment_filename", filepath.Join(dir, "seg_%05d.ts"))
	}
	return append(args, filepath.Join(dir, "index.m3u8"))
}

// TranscodeHLS runs ffmpeg with HLSArgs, reporting progress from -progress.
func (t Tools) TranscodeHLS(ctx context.Context, in Input, outDir string, rends []Rendition, o HLSOptions) error {
	if err := t.usable(); err != nil {
		return err
	}
	dirs := make([]string, 0, len(rends)+1)
	for _, r := range rends {
		dirs = append(dirs, r.Name)
	}
	if o.HasAudio && (o.Packaging == PackagingCMAF || len(rends) == 0) {
		dirs = append(dirs, AudioRenditionName)
	}
	for _, d := range dirs {
		if err := os.MkdirAll(filepath.Join(outDir, d), 0o750); err != nil {
			return err
		}
	}
	args := append([]string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1"},
		HLSArgs(in, outDir, rends, o)...)
	cmd := command(ctx, t.FFmpeg, args...)
	var stderr tailBuffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start ffmpeg: %w", err)
	}
	readProgress(stdout, o.Progress)
	if err := cmd.Wait(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("ffmpeg transcode: %w: %s", err, stderr.String())
	}
	return nil
}

// readProgress parses ffmpeg's -progress key=value stream until it ends.
func readProgress(r io.Reader, report func(float64)) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		k, v, ok := strings.Cut(sc.Text(), "=")
		if !ok || k != "out_time_us" || report == nil {
			continue
		}
		if us, err := strconv.ParseInt(v, 10, 64); err == nil && us > 0 {
			report(float64(us) / 1e6)
		}
	}
	_, _ = io.Copy(io.Discard, r)
}

// MasterPlaylist writes the HLS master playlist of MPEG-TS renditions, highest
// first (players pick their start from the first entry, so the order is the
// bandwidth's); an audio-only source's one rendition is AudioRenditionName.
func MasterPlaylist(rends []Rendition, hasAudio bool) []byte {
	var b strings.Builder
	b.WriteString("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-INDEPENDENT-SEGMENTS\n")
	for i := len(rends) - 1; i >= 0; i-- {
		r := rends[i]
		codecs := "avc1.640028"
		if hasAudio {
			codecs += ",mp4a.40.2"
		}
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,RESOLUTION=%dx%d,CODECS=\"%s\",NAME=\"%s\"\n%s/index.m3u8\n",
			r.Bandwidth(hasAudio), r.Width, r.Height, codecs, r.Name, r.Name)
	}
	if len(rends) == 0 && hasAudio {
		fmt.Fprintf(&b, "#EXT-X-STREAM-INF:BANDWIDTH=%d,CODECS=\"mp4a.40.2\",NAME=\"%s\"\n%s/index.m3u8\n",
			AudioKbps(nil)*1000, AudioRenditionName, AudioRenditionName)
	}
	return []byte(b.String())
}
