package speech

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/vidra-dev/vidra/internal/media"
)

// DefaultPocketsphinxModel is where Debian's pocketsphinx-en-us puts the US
// English model (acoustic model, language model and dictionary).
const DefaultPocketsphinxModel = "/usr/share/pocketsphinx/model/en-us"

// Pocketsphinx is the built-in engine: CMU's pocketsphinx_continuous run as a
// child process on the WAV file alone, with its US English model. It works
// offline with what Debian ships. It knows English only, and writes lower-case
// words without punctuation, each timed.
type Pocketsphinx struct {
	// Bin is the program (default pocketsphinx_continuous, looked up on PATH).
	Bin string
	// ModelDir holds en-us/ (the acoustic model), en-us.lm.bin and
	// cmudict-en-us.dict (default DefaultPocketsphinxModel).
	ModelDir string
	// Timeout bounds one run (default: 2 minutes plus the audio's length,
	// measured by the caller as MaxSeconds; 10 minutes when that is 0).
	Timeout time.Duration
	// MaxSeconds is the length of the audio in seconds, when the caller knows
	// it: the run's time limit follows it.
	MaxSeconds float64
	// MemoryBytes caps the child's address space with prlimit(1) where it is
	// installed (default 1 GiB; the model needs about 110 MB).
	MemoryBytes int64
}

// Name implements Engine.
func (p Pocketsphinx) Name() string { return "pocketsphinx" }

// Model implements Engine: the model's folder name, e.g. "en-us".
func (p Pocketsphinx) Model() string { return filepath.Base(p.modelDir()) }

func (p Pocketsphinx) bin() string {
	if p.Bin != "" {
		return p.Bin
	}
	return "pocketsphinx_continuous"
}

func (p Pocketsphinx) modelDir() string {
	if p.ModelDir != "" {
		return p.ModelDir
	}
	return DefaultPocketsphinxModel
}

// Available returns nil when the program and the model are installed, else an
// error saying what is missing and how to install it.
func (p Pocketsphinx) Available() error {
	if _, err := exec.LookPath(p.bin()); err != nil {
		return fmt.Errorf("the built-in speech engine is not installed (%s not found): install Debian's pocketsphinx and pocketsphinx-en-us (scripts/deps-speech.sh)", p.bin())
	}
	if _, err := os.Stat(filepath.Join(p.modelDir(), "en-us.lm.bin")); err != nil {
		return fmt.Errorf("the built-in speech engine has no model in %s: install Debian's pocketsphinx-en-us", p.modelDir())
	}
	return nil
}

// Check implements Checker: the language must be English ("", "en" or
// "en-*"), since the installed model is US English, and the engine installed.
func (p Pocketsphinx) Check(language string) error {
	if lang := primarySubtag(language); lang != "" && lang != "en" {
		return fmt.Errorf("%w: the built-in engine (pocketsphinx, model en-us) transcribes English only, not %q", ErrLanguage, language)
	}
	return p.Available()
}

// Transcribe implements Engine; it refuses what Check refuses.
func (p Pocketsphinx) Transcribe(ctx context.Context, wav, language string) (Transcript, error) {
	if err := p.Check(language); err != nil {
		return Transcript{}, err
	}
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = 10 * time.Minute
		if p.MaxSeconds > 0 {
			timeout = 2*time.Minute + time.Duration(p.MaxSeconds*float64(time.Second))
		}
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	model := p.modelDir()
	args := []string{"-infile", wav, "-time", "yes", "-logfn", os.DevNull,
		"-hmm", filepath.Join(model, "en-us"), "-lm", filepath.Join(model, "en-us.lm.bin"),
		"-dict", filepath.Join(model, "cmudict-en-us.dict")}
	name := p.bin()
	if prlimit, err := exec.LookPath("prlimit"); err == nil {
		mem := p.MemoryBytes
		if mem <= 0 {
			mem = 1 << 30
		}
		cpu := int64(timeout / time.Second)
		args = append([]string{"--as=" + strconv.FormatInt(mem, 10), "--cpu=" + strconv.FormatInt(cpu, 10), "--", name}, args...)
		name = prlimit
	}
	cmd := media.Command(ctx, name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if ctx.Err() != nil {
		return Transcript{}, fmt.Errorf("pocketsphinx: stopped after %s: %w", timeout, ctx.Err())
	}
	if err != nil {
		return Transcript{}, fmt.Errorf("pocketsphinx: %w: %s", err, lastLine(stderr.String()))
	}
	segs, err := parsePocketsphinx(out)
	if err != nil {
		return Transcript{}, err
	}
	cpu := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	return Transcript{Segments: segs, Language: "en", CPUSeconds: cpu.Seconds()}, nil
}

// parsePocketsphinx reads pocketsphinx_continuous -time yes output: for each
// utterance its hypothesis on one line, then one line per token, "word start
// end confidence", between <s> and </s>. Fillers (<sil>, [NOISE], ++...++) are
// dropped and alternate pronunciations ("the(2)") named by their word. Each
// utterance with words becomes a segment.
func parsePocketsphinx(out []byte) ([]Segment, error) {
	var segs []Segment
	var cur []Word
	flush := func() {
		if len(cur) == 0 {
			return
		}
		segs = append(segs, Segment{Start: cur[0].Start, End: cur[len(cur)-1].End, Text: joinWords(cur), Words: cur})
		cur = nil
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 {
			continue // a hypothesis line
		}
		start, err1 := strconv.ParseFloat(f[1], 64)
		end, err2 := strconv.ParseFloat(f[2], 64)
		if _, err3 := strconv.ParseFloat(f[3], 64); err1 != nil || err2 != nil || err3 != nil {
			continue // a hypothesis of four words
		}
		word := f[0]
		switch {
		case word == "<s>":
			flush()
			continue
		case word == "</s>":
			flush()
			continue
		case strings.HasPrefix(word, "<") || strings.HasPrefix(word, "[") || strings.HasPrefix(word, "++"):
			continue // silence and fillers
		}
		if i := strings.IndexByte(word, '('); i > 0 {
			word = word[:i]
		}
		cur = append(cur, Word{Text: word, Start: start, End: end})
	}
	flush()
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("pocketsphinx output: %w", err)
	}
	return segs, nil
}

// lastLine is the last non-empty line of s, for an error message.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if l := strings.TrimSpace(lines[len(lines)-1]); l != "" {
		return l
	}
	return "no message"
}
