// Package speech turns speech into timed text on the machine Vidra runs on, for
// automatic captions (docs/api/captions.md): engines behind one interface (the
// built-in pocketsphinx, or any server speaking the OpenAI audio transcription
// API, such as whisper.cpp's), and the cues of a WebVTT track made from their
// word or segment times.
package speech

import (
	"context"
	"errors"
)

// Word is one recognised word and when it is spoken, in seconds from the start
// of the audio.
type Word struct {
	Text       string
	Start, End float64
}

// Segment is a stretch of recognised speech (a sentence or a phrase, as the
// engine cuts it) with its words when the engine times them.
type Segment struct {
	Start, End float64
	Text       string
	// Words are the segment's words in order, or nil when the engine gives
	// only segment times.
	Words []Word
}

// Transcript is what an engine heard in one audio file.
type Transcript struct {
	// Segments are in time order and do not overlap.
	Segments []Segment
	// Language is the language the engine transcribed (BCP 47, e.g. "en").
	Language string
	// CPUSeconds is the processor time the engine spent on this machine (a
	// child process's user and system time; 0 for a server elsewhere).
	CPUSeconds float64
}

// Engine transcribes speech. Transcribe reads wav, a mono 16 kHz 16-bit PCM
// WAV file Vidra made (no other file is read), in language (BCP 47, "" lets
// the engine decide when it can).
type Engine interface {
	// Name is the engine's kind, recorded on the captions it makes
	// ("pocketsphinx", "openai").
	Name() string
	// Model names the model the engine uses, recorded on the captions it makes.
	Model() string
	Transcribe(ctx context.Context, wav, language string) (Transcript, error)
}

// Checker is an Engine that can tell before any work whether it can
// transcribe a language here: an error wrapping ErrLanguage for a language it
// does not know, another error when it is not installed. An engine without
// it (a server) finds out when it transcribes.
type Checker interface {
	Check(language string) error
}

// Check asks e whether it can transcribe language, when e is a Checker.
func Check(e Engine, language string) error {
	if c, ok := e.(Checker); ok {
		return c.Check(language)
	}
	return nil
}

// ErrLanguage is wrapped when an engine cannot transcribe the language asked for.
var ErrLanguage = errors.New("the speech engine does not know this language")

// ErrTransient is wrapped when an engine failed in a way a later try may not
// (a server busy, unreachable or answering 5xx): the job retries.
var ErrTransient = errors.New("the speech engine failed for now")
