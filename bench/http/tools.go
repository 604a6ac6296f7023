package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// ensureTool makes sure a program is on PATH, installing Debian's package through
// apt-get when it is missing and that needs no question (root, or sudo without a
// password), as scripts/deps.sh does for ffmpeg; otherwise it stops with the command.
func ensureTool(ctx context.Context, log *slog.Logger, program string, packages ...string) error {
	if _, err := exec.LookPath(program); err == nil {
		return nil
	}
	manual := "sudo apt-get update && sudo apt-get install -y " + strings.Join(packages, " ")
	if _, err := exec.LookPath("apt-get"); err != nil {
		return fmt.Errorf("%s is needed: install it with your package manager (on Debian: %s)", program, manual)
	}
	prefix, ok := rootPrefix()
	if !ok {
		return fmt.Errorf("%s is needed and could not be installed without asking; run: %s", program, manual)
	}
	log.Info("installing with apt-get", "program", program, "packages", packages)
	steps := [][]string{
		append(prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-o", "DPkg::Lock::Timeout=600", "update", "-qq"),
		append(append(prefix, "env", "DEBIAN_FRONTEND=noninteractive", "apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq"), packages...),
	}
	for _, s := range steps {
		if out, err := exec.CommandContext(ctx, s[0], s[1:]...).CombinedOutput(); err != nil {
			return fmt.Errorf("%v: %w\n%s\nrun: %s", s, err, tail(out), manual)
		}
	}
	if _, err := exec.LookPath(program); err != nil {
		return fmt.Errorf("%s was installed but is not on PATH", program)
	}
	return nil
}

// rootPrefix is how to run a command as root: nothing when we are root, sudo -n when
// sudo asks no password; ok is false otherwise.
func rootPrefix() ([]string, bool) {
	if os.Geteuid() == 0 {
		return nil, true
	}
	if _, err := exec.LookPath("sudo"); err == nil && exec.Command("sudo", "-n", "true").Run() == nil {
		return []string{"sudo", "-n"}, true
	}
	return nil, false
}

// ensurePostGraphile installs the kit's pinned PostGraphile (package.json and
// package-lock.json, with npm ci) into the cache directory, once per lock file, and
// returns the path of its binary.
func ensurePostGraphile(ctx context.Context, log *slog.Logger, o options) (string, error) {
	dir := filepath.Join(o.cacheDir, "postgraphile")
	bin := filepath.Join(dir, "node_modules", ".bin", "postgraphile")
	lock, err := os.ReadFile(filepath.Join(o.kitDir, "package-lock.json"))
	if err != nil {
		return "", fmt.Errorf("the anchor kit: %w", err)
	}
	pkg, err := os.ReadFile(filepath.Join(o.kitDir, "package.json"))
	if err != nil {
		return "", fmt.Errorf("the anchor kit: %w", err)
	}
	installed, _ := os.ReadFile(filepath.Join(dir, "package-lock.json"))
	if _, err := os.Stat(bin); err == nil && bytes.Equal(installed, lock) {
		return bin, nil
	}
	log.Info("installing PostGraphile with npm ci", "dir", dir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "package.json"), pkg, 0o644); err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(dir, "package-lock.json"), lock, 0o644); err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, "npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("npm ci in %s: %w\n%s", dir, err, tail(out))
	}
	return bin, nil
}

// build compiles a package of this module into dir.
func build(ctx context.Context, root, dir, name, pkg string) (string, error) {
	out := filepath.Join(dir, name)
	cmd := exec.CommandContext(ctx, "go", "build", "-o", out, pkg)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %w\n%s", pkg, err, tail(b))
	}
	return out, nil
}

// tail is the end of a command's output, enough to see why it failed.
func tail(b []byte) string {
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}
