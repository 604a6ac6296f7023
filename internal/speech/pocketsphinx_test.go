package speech_test

import (
	"context"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/vidra-dev/vidra/internal/browsertest"
	"github.com/vidra-dev/vidra/internal/media"
	"github.com/vidra-dev/vidra/internal/speech"
)

// requireTools skips the test when a program is missing on a developer's
// machine, and fails it where the tests' dependencies are required
// (browsertest.Required: CI, VIDRA_REQUIRE_POSTGRES=1): scripts/deps-speech.sh
// installs them.
func requireTools(t *testing.T, names ...string) {
	t.Helper()
	for _, name := range names {
		if _, err := exec.LookPath(name); err != nil {
			if browsertest.Required() {
				t.Fatalf("%s is not installed (scripts/deps-speech.sh --test installs it)", name)
			}
			t.Skipf("%s is not installed", name)
		}
	}
}

// spoken is a known sentence and the voice that speaks it.
type spoken struct{ voice, text string }

// knownSpeech is everyday English read by three of flite's voices, which are
// built from recordings of CMU's speakers. (espeak-ng's formant voice was
// tried first: pocketsphinx's acoustic model, trained on human speech, got
// about 90% of its words wrong, which says nothing about real speech.)
var knownSpeech = []spoken{
	{"rms", "We will meet at the station tomorrow morning."},
	{"awb", "The quick brown fox jumps over the lazy dog."},
	{"slt", "Please upload the video before the meeting starts."},
	{"rms", "The weather should be warm and sunny this weekend."},
	{"awb", "Video platforms should run where their users are."},
	{"slt", "She bought three apples and a loaf of bread."},
}

// speechFile speaks knownSpeech with flite, a second and a half of silence
// between sentences, mixes in noise about 30 dB under the voice, and returns
// the WAV an engine reads (mono 16 kHz, made by media.SpeechAudio) and when
// each sentence starts in it.
func speechFile(t *testing.T) (wav string, starts []float64) {
	t.Helper()
	dir := t.TempDir()
	var parts []string
	at := 0.0
	for i, s := range knownSpeech {
		p := filepath.Join(dir, fmt.Sprintf("s%d.wav", i))
		if out, err := exec.Command("flite", "-voice", s.voice, "-t", s.text, "-o", p).CombinedOutput(); err != nil {
			t.Fatalf("flite: %v %s", err, out)
		}
		d := duration(t, p)
		starts = append(starts, at+leadingSilence(t, p))
		parts = append(parts, p)
		at += d + 1.5
	}
	// Join with silences, add noise, as one file of the format ffmpeg reads.
	args := []string{"-hide_banner", "-loglevel", "error", "-y"}
	var graph strings.Builder
	for i, p := range parts {
		args = append(args, "-i", p)
		fmt.Fprintf(&graph, "[%d:a]aresample=16000,aformat=channel_layouts=mono,apad=pad_dur=1.5[p%d];", i, i)
	}
	for i := range parts {
		fmt.Fprintf(&graph, "[p%d]", i)
	}
	fmt.Fprintf(&graph, "concat=n=%d:v=0:a=1[speech];anoisesrc=r=16000:a=0.01:c=pink:d=%.2f[noise];[speech][noise]amix=inputs=2:duration=first:normalize=0", len(parts), at)
	mixed := filepath.Join(dir, "mixed.mka")
	args = append(args, "-filter_complex", graph.String(), "-c:a", "flac", mixed)
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		t.Fatalf("ffmpeg: %v %s", err, out)
	}
	in, err := media.OpenInput(mixed)
	if err != nil {
		t.Fatal(err)
	}
	wav = filepath.Join(dir, "speech.wav")
	if err := media.FindTools("", "").SpeechAudio(context.Background(), in, wav); err != nil {
		t.Fatal(err)
	}
	return wav, starts
}

// duration is a media file's length in seconds.
func duration(t *testing.T, path string) float64 {
	t.Helper()
	out, err := exec.Command("ffprobe", "-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", path).Output()
	d, perr := strconv.ParseFloat(strings.TrimSpace(string(out)), 64)
	if err != nil || perr != nil {
		t.Fatalf("duration of %s: %v %v", path, err, perr)
	}
	return d
}

// leadingSilence is when the voice starts in a file flite wrote: the end of
// the silence ffmpeg's silencedetect finds at its start (0 when none).
func leadingSilence(t *testing.T, path string) float64 {
	t.Helper()
	out, _ := exec.Command("ffmpeg", "-hide_banner", "-nostats", "-i", path, "-af", "silencedetect=n=-40dB:d=0.05", "-f", "null", "-").CombinedOutput()
	for _, line := range strings.Split(string(out), "\n") {
		if i := strings.Index(line, "silence_end: "); i >= 0 {
			f := strings.Fields(line[i+len("silence_end: "):])
			if v, err := strconv.ParseFloat(f[0], 64); err == nil && v < 1 {
				return v
			}
			return 0
		}
		if strings.Contains(line, "silence_start: ") && !strings.Contains(line, "silence_start: 0") {
			return 0
		}
	}
	return 0
}

// heard is the word error rate of a transcript against knownSpeech, and what
// it heard, utterance by utterance.
func heard(tr speech.Transcript) (wer float64, hyp []string) {
	var ref []string
	for _, s := range knownSpeech {
		ref = append(ref, s.text)
	}
	for _, s := range tr.Segments {
		hyp = append(hyp, s.Text)
	}
	return speech.WordErrorRate(strings.Join(ref, " "), strings.Join(hyp, " ")), hyp
}

// cuesStartWithSentences checks that a cue starts within 0.5 s of each
// sentence's start, and logs the farthest.
func cuesStartWithSentences(t *testing.T, tr speech.Transcript, starts []float64) {
	t.Helper()
	cues := speech.Cues(tr)
	worst := 0.0
	for i, start := range starts {
		best := math.Inf(1)
		for _, c := range cues {
			best = math.Min(best, math.Abs(c.Start-start))
		}
		if best > 0.5 {
			t.Errorf("sentence %d (%q) starts at %.2f s; the nearest cue starts %.2f s away", i, knownSpeech[i].text, start, best)
		}
		worst = math.Max(worst, best)
	}
	t.Logf("%d cues; each sentence has one starting within %.2f s of it", len(cues), worst)
}

// TestPocketsphinxTranscribesKnownSpeech runs the built-in engine on known
// sentences in noise: the word error rate stays under a bound, each sentence's
// first cue starts within 0.5 s of the sentence, and the WebVTT track is valid.
// It logs the figures the docs report (WER, real-time factor).
func TestPocketsphinxTranscribesKnownSpeech(t *testing.T) {
	requireTools(t, "pocketsphinx_continuous", "flite", "ffmpeg", "ffprobe")
	engine := speech.Pocketsphinx{}
	if err := engine.Available(); err != nil {
		t.Fatal(err)
	}
	wav, starts := speechFile(t)
	audio := duration(t, wav)
	tr, err := engine.Transcribe(context.Background(), wav, "en-US")
	if err != nil {
		t.Fatal(err)
	}
	wer, hyp := heard(tr)
	t.Logf("pocketsphinx en-us: WER %.1f%%, %.2f s of CPU for %.2f s of audio (real-time factor %.2f)\nheard: %s",
		wer*100, tr.CPUSeconds, audio, tr.CPUSeconds/audio, strings.Join(hyp, " | "))
	if wer > 0.25 {
		t.Errorf("word error rate %.1f%%, want at most 25%%", wer*100)
	}
	if tr.Language != "en" || tr.CPUSeconds <= 0 {
		t.Errorf("language %q, CPU %.2f s", tr.Language, tr.CPUSeconds)
	}
	cuesStartWithSentences(t, tr, starts)
	if _, err := engine.Transcribe(context.Background(), wav, "fr"); err == nil || !strings.Contains(err.Error(), "English only") {
		t.Errorf("French with the English model: %v", err)
	}
}

// TestLongAudioIsTranscribedInChunks: the recording is cut at its silences
// into chunks of at most 10 s (overlapping by 1 s), each transcribed alone,
// and the merged transcript reads and times as well as the whole one.
func TestLongAudioIsTranscribedInChunks(t *testing.T) {
	requireTools(t, "pocketsphinx_continuous", "flite", "ffmpeg", "ffprobe")
	wav, starts := speechFile(t)
	tools := media.FindTools("", "")
	in, err := media.OpenInput(wav)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	silences, err := tools.Silences(ctx, in, -35, 0.3)
	if err != nil || len(silences) < len(knownSpeech)-1 {
		t.Fatalf("silences = %+v, %v: want one between each two sentences", silences, err)
	}
	chunks := speech.SplitAtSilences(duration(t, wav), silences, 10, 1)
	if len(chunks) < 3 {
		t.Fatalf("chunks of a %.1f s recording = %+v", duration(t, wav), chunks)
	}
	parts := make([]speech.Transcript, len(chunks))
	for i, c := range chunks {
		part := filepath.Join(t.TempDir(), "part.wav")
		if err := tools.SpeechAudioPart(ctx, in, c.Start, c.End-c.Start, part); err != nil {
			t.Fatal(err)
		}
		if parts[i], err = (speech.Pocketsphinx{}).Transcribe(ctx, part, "en"); err != nil {
			t.Fatal(err)
		}
	}
	tr := speech.Merge(chunks, parts)
	wer, hyp := heard(tr)
	t.Logf("%d chunks: WER %.1f%%, %.2f s of CPU; heard: %s", len(chunks), wer*100, tr.CPUSeconds, strings.Join(hyp, " | "))
	if wer > 0.25 {
		t.Errorf("word error rate in chunks %.1f%%, want at most 25%%", wer*100)
	}
	cuesStartWithSentences(t, tr, starts)
}
