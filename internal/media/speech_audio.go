package media

import "context"

// SpeechAudio writes the first sound stream of in to out as what speech
// engines read: mono, 16 kHz, 16-bit PCM WAV, in one ffmpeg run that reads
// only in.
func (t Tools) SpeechAudio(ctx context.Context, in Input, out string) error {
	return t.runTo(ctx, out, append(in.Args(), "-map", "0:a:0", "-vn", "-sn", "-dn",
		"-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", out)...)
}
