package speech_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/speech"
)

// ffmpeg runs ffmpeg quietly with args, failing the test when it fails.
func ffmpeg(t *testing.T, args ...string) {
	t.Helper()
	args = append([]string{"-hide_banner", "-loglevel", "error", "-y"}, args...)
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg %s: %v %s", strings.Join(args, " "), err, out)
	}
}

// openInput opens a media file the test made.
func openInput(t *testing.T, path string) media.Input {
	t.Helper()
	in, err := media.OpenInput(path)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// TestTranscribeFile transcribes an MP4 whose sound is knownSpeech (26 s) in
// chunks of at most 15 s: the words and cue times are within the bounds of the
// engine's on the WAV, the WebVTT track is made, and the audio heard is the
// whole recording. (Chunks of 10 s, as TestLongAudioIsTranscribedInChunks
// cuts, put the word error rate at 14-22% with the random noise of
// speechFile, too near the bound; chunks of 15 s at 6-20%.)
func TestTranscribeFile(t *testing.T) {
	requireTools(t, "pocketsphinx_continuous", "flite", "ffmpeg", "ffprobe")
	wav, starts := speechFile(t)
	audio := duration(t, wav)
	video := filepath.Join(t.TempDir(), "talk.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", fmt.Sprintf("color=c=navy:s=160x120:r=10:d=%.2f", audio), "-i", wav,
		"-map", "0:v", "-map", "1:a", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", "-b:a", "128k", video)

	res, err := speech.TranscribeFile(context.Background(), media.FindTools("", ""), speech.Pocketsphinx{},
		openInput(t, video), "en", t.TempDir(), speech.FileOptions{ChunkSeconds: 15})
	if err != nil {
		t.Fatal(err)
	}
	wer, hyp := heard(res.Transcript)
	t.Logf("%.2f s of audio (the WAV: %.2f s) in chunks of 15 s: WER %.1f%%, %.2f s of CPU; heard: %s",
		res.AudioSeconds, audio, wer*100, res.Transcript.CPUSeconds, strings.Join(hyp, " | "))
	if wer > 0.25 {
		t.Errorf("word error rate %.1f%%, want at most 25%%", wer*100)
	}
	cuesStartWithSentences(t, res.Transcript, starts)
	if !bytes.HasPrefix(res.WebVTT, []byte("WEBVTT\n")) || !bytes.Contains(res.WebVTT, []byte(" --> ")) {
		t.Errorf("WebVTT track:\n%s", res.WebVTT)
	}
	if math.Abs(res.AudioSeconds-audio) > 0.1 {
		t.Errorf("audio heard %.3f s, want the recording's %.3f s", res.AudioSeconds, audio)
	}
	if res.Transcript.Language != "en" || res.Transcript.CPUSeconds <= 0 {
		t.Errorf("language %q, CPU %.2f s", res.Transcript.Language, res.Transcript.CPUSeconds)
	}
}

// TestTranscribeFileWithoutSound: a video without a sound stream has no speech.
func TestTranscribeFileWithoutSound(t *testing.T) {
	requireTools(t, "ffmpeg", "ffprobe")
	video := filepath.Join(t.TempDir(), "silent.mp4")
	ffmpeg(t, "-f", "lavfi", "-i", "color=c=navy:s=160x120:r=10:d=2", "-c:v", "libx264", "-preset", "ultrafast", video)
	engine := &fakeEngine{}
	_, err := speech.TranscribeFile(context.Background(), media.FindTools("", ""), engine,
		openInput(t, video), "en", t.TempDir(), speech.FileOptions{})
	if !errors.Is(err, speech.ErrNoSpeech) || engine.calls != 0 {
		t.Errorf("error %v after %d engine calls, want ErrNoSpeech before any", err, engine.calls)
	}
}

// fakeEngine answers each call with answer(call), counting from 1.
type fakeEngine struct {
	calls  int
	answer func(call int) (speech.Transcript, error)
}

func (e *fakeEngine) Name() string  { return "fake" }
func (e *fakeEngine) Model() string { return "fake" }
func (e *fakeEngine) Transcribe(ctx context.Context, wav, language string) (speech.Transcript, error) {
	e.calls++
	if e.answer == nil {
		return speech.Transcript{}, nil
	}
	return e.answer(e.calls)
}

// TestTranscribeFileStops: a context canceled before the call or while a chunk
// is transcribed stops the transcription before the next chunk with an error
// wrapping context.Canceled; the engine's errors and an empty transcript come
// back as errors.Is tells them.
func TestTranscribeFileStops(t *testing.T) {
	requireTools(t, "ffmpeg", "ffprobe")
	tone := filepath.Join(t.TempDir(), "tone.wav")
	ffmpeg(t, "-f", "lavfi", "-i", "sine=frequency=440:duration=25", tone)
	tools := media.FindTools("", "")
	o := speech.FileOptions{ChunkSeconds: 10}
	word := speech.Transcript{Segments: []speech.Segment{{Start: 1, End: 2, Text: "hello", Words: []speech.Word{{Text: "hello", Start: 1, End: 2}}}}}

	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	engine := &fakeEngine{}
	_, err := speech.TranscribeFile(canceled, tools, engine, openInput(t, tone), "en", t.TempDir(), o)
	if !errors.Is(err, context.Canceled) || engine.calls != 0 {
		t.Errorf("canceled before: error %v after %d engine calls, want context.Canceled before any", err, engine.calls)
	}

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	engine = &fakeEngine{answer: func(int) (speech.Transcript, error) { cancel(); return word, nil }}
	_, err = speech.TranscribeFile(ctx, tools, engine, openInput(t, tone), "en", t.TempDir(), o)
	if !errors.Is(err, context.Canceled) || engine.calls != 1 {
		t.Errorf("canceled during chunk 1: error %v after %d engine calls, want context.Canceled after 1", err, engine.calls)
	}

	engine = &fakeEngine{answer: func(call int) (speech.Transcript, error) {
		if call == 2 {
			return speech.Transcript{}, fmt.Errorf("busy: %w", speech.ErrTransient)
		}
		return word, nil
	}}
	_, err = speech.TranscribeFile(context.Background(), tools, engine, openInput(t, tone), "en", t.TempDir(), o)
	if !errors.Is(err, speech.ErrTransient) || engine.calls != 2 {
		t.Errorf("engine failing on chunk 2: error %v after %d calls, want ErrTransient after 2", err, engine.calls)
	}

	engine = &fakeEngine{}
	_, err = speech.TranscribeFile(context.Background(), tools, engine, openInput(t, tone), "en", t.TempDir(), o)
	if !errors.Is(err, speech.ErrNoSpeech) || engine.calls != 3 {
		t.Errorf("no words heard: error %v after %d calls, want ErrNoSpeech after 3 (25 s in chunks of 10 s)", err, engine.calls)
	}
}

// slowEngine hears one word a second into each chunk, after wait, and keeps
// the most calls it had in flight at once.
type slowEngine struct {
	wait              time.Duration
	inFlight, maxSeen atomic.Int32
}

func (e *slowEngine) Name() string  { return "slow" }
func (e *slowEngine) Model() string { return "slow" }
func (e *slowEngine) Transcribe(ctx context.Context, wav, language string) (speech.Transcript, error) {
	n := e.inFlight.Add(1)
	defer e.inFlight.Add(-1)
	for {
		seen := e.maxSeen.Load()
		if n <= seen || e.maxSeen.CompareAndSwap(seen, n) {
			break
		}
	}
	select {
	case <-time.After(e.wait):
	case <-ctx.Done():
		return speech.Transcript{}, ctx.Err()
	}
	w := speech.Word{Text: filepath.Base(wav), Start: 1, End: 1.5}
	return speech.Transcript{Segments: []speech.Segment{{Start: 1, End: 1.5, Text: w.Text, Words: []speech.Word{w}}}}, nil
}

// TestTranscribeFileInParallel: with Parallel 3, the three chunks of 25 s
// (chunks of 10 s) are transcribed at once, and their words come back in
// chunk order, each timed from its own chunk's start.
func TestTranscribeFileInParallel(t *testing.T) {
	requireTools(t, "ffmpeg", "ffprobe")
	tone := filepath.Join(t.TempDir(), "tone.wav")
	ffmpeg(t, "-f", "lavfi", "-i", "sine=frequency=440:duration=25", tone)
	engine := &slowEngine{wait: 300 * time.Millisecond}
	res, err := speech.TranscribeFile(context.Background(), media.FindTools("", ""), engine, openInput(t, tone), "en",
		t.TempDir(), speech.FileOptions{ChunkSeconds: 10, Parallel: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.maxSeen.Load(); got != 3 {
		t.Errorf("%d chunks transcribed at once, want 3", got)
	}
	var words []speech.Word
	for _, s := range res.Transcript.Segments {
		words = append(words, s.Words...)
	}
	if len(words) != 3 {
		t.Fatalf("words %+v, want one per chunk", words)
	}
	for i, w := range words {
		if w.Text != fmt.Sprintf("chunk%d.wav", i) || (i > 0 && w.Start <= words[i-1].Start+5) {
			t.Errorf("word %d = %+v: want chunk %d's, a chunk later than the one before", i, w, i)
		}
	}
}
