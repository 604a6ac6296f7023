package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"
)

// workDir makes a job attempt's scratch folder, named with this process's id
// (vidra-<kind>-<pid>-<random>), after removing the folders of processes of
// this host that no longer run: an attempt killed with its process leaves its
// source copy and partial renditions behind, and a retry never reuses them.
func (p *Pipeline) workDir(kind string) (string, error) {
	base := p.TempDir
	if base == "" {
		base = os.TempDir()
	}
	p.removeDeadWork(base, kind)
	return os.MkdirTemp(base, fmt.Sprintf("vidra-%s-%d-", kind, os.Getpid()))
}

// removeDeadWork removes base/vidra-<kind>-<pid>-* folders whose pid is not a
// running process. A folder of a live process (another worker on this host) is
// left alone.
func (p *Pipeline) removeDeadWork(base, kind string) {
	log := p.Log
	if log == nil {
		log = slog.Default()
	}
	prefix := "vidra-" + kind + "-"
	entries, err := os.ReadDir(base)
	if err != nil {
		return
	}
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || !e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || pid == os.Getpid() || processAlive(pid) {
			continue
		}
		if err := os.RemoveAll(filepath.Join(base, e.Name())); err != nil {
			log.Warn("could not remove a dead attempt's work folder", "dir", e.Name(), "error", err)
			continue
		}
		log.Info("removed a dead attempt's work folder", "dir", e.Name(), "pid", pid)
	}
}

// clearPrefix deletes every blob under prefix: the outputs an earlier attempt
// published (a killed one's partial renditions), so a retry's outputs are
// never mixed with them.
func clearPrefix(ctx context.Context, b *blob.Bucket, prefix string) error {
	keys, err := listKeys(ctx, b, prefix)
	if err != nil {
		return err
	}
	for _, k := range keys {
		if err := b.Delete(ctx, k); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
			return fmt.Errorf("remove earlier output %s: %w", k, err)
		}
	}
	return nil
}
