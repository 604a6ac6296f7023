package speech

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/sync/errgroup"

	"github.com/vidra-dev/vidra/internal/media"
)

// FileOptions tune TranscribeFile.
type FileOptions struct {
	// ChunkSeconds bounds the audio one engine call hears (default 30).
	ChunkSeconds float64
	// OverlapSeconds is how much consecutive chunks share when no silence
	// falls near a cut (default 1).
	OverlapSeconds float64
	// Parallel is how many chunks are transcribed at once (default 1): the
	// built-in engine uses one core per run, a server may take several
	// requests.
	Parallel int
}

// Result is a media file's speech as a caption track.
type Result struct {
	// Transcript is what the engine heard, timed from the start of the file's
	// sound; its CPUSeconds add up all the engine's runs.
	Transcript Transcript
	// WebVTT is the caption track made of the transcript's cues (Cues).
	WebVTT []byte
	// AudioSeconds is the length of the audio heard.
	AudioSeconds float64
}

// ErrNoSpeech is returned when the file has no sound stream, or the engine
// heard no words in it.
var ErrNoSpeech = errors.New("the file has no speech")

// The silences a long recording is cut at: quieter than silenceDB for at
// least silenceSeconds.
const (
	silenceDB      = -35
	silenceSeconds = 0.3
)

// TranscribeFile transcribes the first sound stream of in with engine, in
// language (as Engine.Transcribe takes it), and lays it out as captions. The
// file is probed for a sound stream, which is extracted into dir, a work
// folder the caller owns and removes. A recording longer than ChunkSeconds is
// cut at its silences (SplitAtSilences), each chunk transcribed alone and the
// parts merged (Merge), Parallel chunks at a time; ctx is checked before each chunk. Errors wrap the
// engine's (ErrTransient, ErrLanguage), ctx.Err() when ctx ends, and
// ErrNoSpeech.
func TranscribeFile(ctx context.Context, tools media.Tools, engine Engine, in media.Input, language, dir string, o FileOptions) (Result, error) {
	if o.ChunkSeconds <= 0 {
		o.ChunkSeconds = 30
	}
	if o.OverlapSeconds <= 0 {
		o.OverlapSeconds = 1
	}
	probe, err := tools.ProbeFile(ctx, in.Path)
	if err != nil {
		return Result{}, stopped(ctx, fmt.Errorf("speech: %w", err))
	}
	if !probe.HasAudio {
		return Result{}, fmt.Errorf("%w: it has no sound stream", ErrNoSpeech)
	}
	wav := filepath.Join(dir, "speech.wav")
	if err := tools.SpeechAudio(ctx, in, wav); err != nil {
		return Result{}, stopped(ctx, fmt.Errorf("speech: extracting the audio: %w", err))
	}
	seconds, err := wavSeconds(wav)
	if err != nil {
		return Result{}, fmt.Errorf("speech: %w", err)
	}
	wavIn, err := media.OpenInput(wav)
	if err != nil {
		return Result{}, fmt.Errorf("speech: %w", err)
	}
	var silences []media.Silence
	if seconds > o.ChunkSeconds {
		if silences, err = tools.Silences(ctx, wavIn, silenceDB, silenceSeconds); err != nil {
			return Result{}, stopped(ctx, fmt.Errorf("speech: finding silences: %w", err))
		}
	}
	chunks := SplitAtSilences(seconds, silences, o.ChunkSeconds, o.OverlapSeconds)
	parts, err := transcribeChunks(ctx, tools, engine, wavIn, wav, language, dir, chunks, max(o.Parallel, 1))
	if err != nil {
		return Result{}, err
	}
	tr := Merge(chunks, parts)
	cues := Cues(tr)
	if len(cues) == 0 {
		return Result{}, fmt.Errorf("%w: %s heard no words in %.1f s of audio", ErrNoSpeech, engine.Name(), seconds)
	}
	return Result{Transcript: tr, WebVTT: WebVTT(cues), AudioSeconds: seconds}, nil
}

// transcribeChunks transcribes each chunk of the WAV file wav (wavIn), up to
// parallel at once, and returns their transcripts in chunk order. A single
// chunk is the whole file, read as it is. The first failure stops the others
// (their engines killed with the context) and is returned.
func transcribeChunks(ctx context.Context, tools media.Tools, engine Engine, wavIn media.Input, wav, language, dir string, chunks []Chunk, parallel int) ([]Transcript, error) {
	parts := make([]Transcript, len(chunks))
	if len(chunks) == 1 {
		var err error
		parts[0], err = engine.Transcribe(ctx, wav, language)
		if err != nil {
			return nil, stopped(ctx, fmt.Errorf("speech: %w", err))
		}
		return parts, nil
	}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(parallel)
	for i, c := range chunks {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			if err := gctx.Err(); err != nil {
				return fmt.Errorf("speech: stopped before chunk %d of %d: %w", i+1, len(chunks), err)
			}
			audio := filepath.Join(dir, fmt.Sprintf("chunk%d.wav", i))
			defer func() { _ = os.Remove(audio) }()
			if err := tools.SpeechAudioPart(gctx, wavIn, c.Start, c.End-c.Start, audio); err != nil {
				return stopped(gctx, fmt.Errorf("speech: cutting chunk %d of %d: %w", i+1, len(chunks), err))
			}
			var err error
			if parts[i], err = engine.Transcribe(gctx, audio, language); err != nil {
				return stopped(gctx, fmt.Errorf("speech: chunk %d of %d (%.1f-%.1f s): %w", i+1, len(chunks), c.Start, c.End, err))
			}
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("speech: stopped: %w", err)
	}
	return parts, nil
}

// stopped is err, made to wrap ctx.Err() too when ctx has ended (a child
// process killed by ctx fails with its own error).
func stopped(ctx context.Context, err error) error {
	if ctxErr := ctx.Err(); ctxErr != nil && !errors.Is(err, ctxErr) {
		return fmt.Errorf("%w: %w", err, ctxErr)
	}
	return err
}

// wavSeconds is the length of a WAV file's sound: the size of its data chunk
// over the byte rate its fmt chunk gives. A data size past the end of the file
// (left unset by a writer that could not seek back) counts to the end.
func wavSeconds(path string) (float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return 0, err
	}
	var riff [12]byte
	if _, err := io.ReadFull(f, riff[:]); err != nil || string(riff[:4]) != "RIFF" || string(riff[8:]) != "WAVE" {
		return 0, fmt.Errorf("%s is not a WAV file", path)
	}
	at, byteRate := int64(len(riff)), uint32(0)
	for {
		var head [8]byte
		if _, err := f.ReadAt(head[:], at); err != nil {
			return 0, fmt.Errorf("%s has no data chunk", path)
		}
		id, size := string(head[:4]), int64(binary.LittleEndian.Uint32(head[4:]))
		at += int64(len(head))
		switch id {
		case "fmt ":
			var rate [4]byte
			if _, err := f.ReadAt(rate[:], at+8); err != nil {
				return 0, fmt.Errorf("%s has a short fmt chunk", path)
			}
			byteRate = binary.LittleEndian.Uint32(rate[:])
		case "data":
			if byteRate == 0 {
				return 0, fmt.Errorf("%s has no byte rate before its data", path)
			}
			return float64(min(size, info.Size()-at)) / float64(byteRate), nil
		}
		at += size + size%2 // chunks are padded to an even size
	}
}
