package media

import (
	"bufio"
	"context"
	"fmt"
	"strconv"
	"strings"
)

// SpeechAudio writes the first sound stream of in to out as what speech
// engines read: mono, 16 kHz, 16-bit PCM WAV, in one ffmpeg run that reads
// only in.
func (t Tools) SpeechAudio(ctx context.Context, in Input, out string) error {
	return t.runTo(ctx, out, append(in.Args(), "-map", "0:a:0", "-vn", "-sn", "-dn",
		"-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", out)...)
}

// SpeechAudioPart writes seconds of a WAV file SpeechAudio made, from start, to
// out in the same format: a chunk of a long recording for an engine. PCM has
// no frames to snap to, so the cut is exact to the sample.
func (t Tools) SpeechAudioPart(ctx context.Context, wav Input, start, seconds float64, out string) error {
	return t.runTo(ctx, out, append(wav.Args("-ss", formatSeconds(start), "-t", formatSeconds(seconds)),
		"-map", "0:a:0", "-c:a", "pcm_s16le", "-f", "wav", out)...)
}

// Silence is a stretch of a recording quieter than the threshold, in seconds.
type Silence struct {
	Start, End float64
}

// Silences lists the stretches of in's first sound stream quieter than
// noiseDB (e.g. -35) for at least minSeconds, in time order, with ffmpeg's
// silencedetect filter. A silence that runs to the end is left out: no speech
// follows it.
func (t Tools) Silences(ctx context.Context, in Input, noiseDB, minSeconds float64) ([]Silence, error) {
	if err := t.usable(); err != nil {
		return nil, err
	}
	args := append([]string{"-hide_banner", "-nostdin", "-nostats", "-loglevel", "info"}, in.Args()...)
	args = append(args, "-map", "0:a:0", "-af",
		fmt.Sprintf("silencedetect=noise=%gdB:duration=%g", noiseDB, minSeconds), "-f", "null", "-")
	cmd := command(ctx, t.FFmpeg, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	var out []Silence
	var last []string // the last lines, for an error
	open := -1.0
	sc := bufio.NewScanner(stderr)
	for sc.Scan() {
		line := sc.Text()
		if len(last) == 4 {
			last = last[1:]
		}
		last = append(last, line)
		if v, ok := silenceField(line, "silence_start: "); ok {
			open = v
		} else if v, ok := silenceField(line, "silence_end: "); ok && open >= 0 {
			out = append(out, Silence{Start: open, End: v})
			open = -1
		}
	}
	if err := cmd.Wait(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("ffmpeg silencedetect: %w: %s", err, strings.Join(last, " | "))
	}
	return out, nil
}

// silenceField reads the number after key in a silencedetect log line.
func silenceField(line, key string) (float64, bool) {
	i := strings.Index(line, key)
	if i < 0 {
		return 0, false
	}
	f := strings.Fields(line[i+len(key):])
	if len(f) == 0 {
		return 0, false
	}
	v, err := strconv.ParseFloat(f[0], 64)
	return v, err == nil
}
