package media

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
)

// Tools locates the ffmpeg and ffprobe executables.
type Tools struct {
	// FFmpeg and FFprobe are the executables' paths; empty when not found.
	FFmpeg, FFprobe string
	// Missing says why the tools cannot be used; empty when both were found.
	Missing string
}

// ErrNoFFmpeg is returned by every operation when ffmpeg or ffprobe is not installed.
var ErrNoFFmpeg = errors.New("ffmpeg is not installed on this server")

// FindTools looks up ffmpeg and ffprobe by name (on PATH) or by the given paths.
func FindTools(ffmpeg, ffprobe string) Tools {
	if ffmpeg == "" {
		ffmpeg = "ffmpeg"
	}
	if ffprobe == "" {
		ffprobe = "ffprobe"
	}
	var t Tools
	var missing []string
	if p, err := exec.LookPath(ffmpeg); err == nil {
		t.FFmpeg = p
	} else {
		missing = append(missing, fmt.Sprintf("%s not found", ffmpeg))
	}
	if p, err := exec.LookPath(ffprobe); err == nil {
		t.FFprobe = p
	} else {
		missing = append(missing, fmt.Sprintf("%s not found", ffprobe))
	}
	if t.FFmpeg != "" {
		// Run it once here, at start-up, so that /health (probed every few
		// seconds by load balancers) need not start a process each time.
		if err := probeVersion(t.FFmpeg); err != nil {
			missing = append(missing, err.Error())
		}
	}
	if len(missing) > 0 {
		t.Missing = strings.Join(missing, ", ") + ": install ffmpeg (Debian package ffmpeg) to process videos"
	}
	return t
}

// probeVersion runs ffmpeg -version and checks that it answers as ffmpeg.
func probeVersion(ffmpeg string) error {
	out, err := exec.Command(ffmpeg, "-hide_banner", "-version").Output()
	if err != nil {
		return fmt.Errorf("ffmpeg -version: %w", err)
	}
	if !strings.HasPrefix(string(out), "ffmpeg version") {
		return fmt.Errorf("ffmpeg -version printed %.40q", out)
	}
	return nil
}

// Check reports whether the tools are installed, for /health: they answered
// at start-up (FindTools) and their executables are still in place.
func (t Tools) Check(context.Context) error {
	if t.Missing != "" {
		return errors.New(t.Missing)
	}
	for _, path := range []string{t.FFmpeg, t.FFprobe} {
		info, err := os.Stat(path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if info.IsDir() || info.Mode().Perm()&0o111 == 0 {
			return fmt.Errorf("%s is not an executable file", path)
		}
	}
	return nil
}

// usable returns ErrNoFFmpeg (with the reason) when the tools are missing.
func (t Tools) usable() error {
	if t.Missing != "" {
		return fmt.Errorf("%w (%s)", ErrNoFFmpeg, t.Missing)
	}
	return nil
}

// run executes ffmpeg with args and returns its standard error tail on failure.
func (t Tools) run(ctx context.Context, args ...string) error {
	if err := t.usable(); err != nil {
		return err
	}
	cmd := command(ctx, t.FFmpeg, append([]string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error"}, args...)...)
	var stderr tailBuffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("ffmpeg: %w: %s", err, stderr.String())
	}
	return nil
}

// tailBuffer keeps the last few KB written to it: enough of ffmpeg's errors to say why.
type tailBuffer struct{ b []byte }

const tailMax = 4096

func (w *tailBuffer) Write(p []byte) (int, error) {
	w.b = append(w.b, p...)
	if len(w.b) > tailMax {
		w.b = w.b[len(w.b)-tailMax:]
	}
	return len(p), nil
}

func (w *tailBuffer) String() string { return strings.TrimSpace(string(w.b)) }
