#!/usr/bin/env bash
# scripts/deps.sh: makes sure the programs Vidra runs beside itself are there.
# Used by `make run`, `make test` and `.ci/run`, so the README's two commands
# need nothing installed by hand but Go.
#
# Today that is ffmpeg and ffprobe (FFMPEG_MIN below or newer), and the
# built-in speech engine of automatic captions (scripts/deps-speech.sh). ffmpeg is looked up as
# the server does: $VIDRA_FFMPEG / $VIDRA_FFPROBE, else on PATH. When one is
# missing it is installed through the machine's package manager where that
# needs no question (apt-get, dnf or apk as root or with passwordless sudo;
# Homebrew on macOS); otherwise the script stops with the one command to run.
#
# With --test (make test, .ci/run) it then also installs what the tests need beside:
# Chromium, Node.js and the npm packages of the browser tests (scripts/deps-browser.sh),
# the S3-compatible server of the upload tests (scripts/deps-s3.sh) and the reverse
# proxy of the cluster test (scripts/deps-cluster.sh).
set -euo pipefail

with_test=
case "${1:-}" in
  --test) with_test=1 ;;
  "") ;;
  *) printf 'usage: %s [--test]\n' "$0" >&2; exit 2 ;;
esac

FFMPEG_MIN=4.4

log() { printf 'deps: %s\n' "$*" >&2; }

ffmpeg_bin=${VIDRA_FFMPEG:-ffmpeg}
ffprobe_bin=${VIDRA_FFPROBE:-ffprobe}

have_tools() { command -v "$ffmpeg_bin" >/dev/null 2>&1 && command -v "$ffprobe_bin" >/dev/null 2>&1; }

# can_root: this user is root, or sudo runs without asking a password.
can_root() { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }

# as_root runs a command as root: directly, or through passwordless sudo.
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

# install_ffmpeg installs the ffmpeg package, or prints the command and fails.
install_ffmpeg() {
  local manual
  case "$(uname -s)" in
    Darwin)
      if command -v brew >/dev/null 2>&1; then
        log "installing ffmpeg with Homebrew"
        brew install ffmpeg
        return
      fi
      manual="install Homebrew (https://brew.sh), then: brew install ffmpeg" ;;
    *)
      if command -v apt-get >/dev/null 2>&1; then
        manual="sudo apt-get update && sudo apt-get install -y ffmpeg"
        can_root && log "installing ffmpeg with apt-get" &&
          as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
          as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ffmpeg >/dev/null && return
      elif command -v dnf >/dev/null 2>&1; then
        manual="sudo dnf install -y ffmpeg"
        can_root && log "installing ffmpeg with dnf" &&
          as_root dnf install -y -q ffmpeg && return
      elif command -v apk >/dev/null 2>&1; then
        manual="sudo apk add ffmpeg"
        can_root && log "installing ffmpeg with apk" &&
          as_root apk add --quiet ffmpeg && return
      else
        manual="install ffmpeg $FFMPEG_MIN or newer with your package manager, or set VIDRA_FFMPEG and VIDRA_FFPROBE"
      fi ;;
  esac
  log "ffmpeg and ffprobe are needed and could not be installed without asking; run:"
  log "  $manual"
  exit 1
}

# version_at_least A B: A >= B for dotted versions.
version_at_least() { [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n 1)" = "$2" ]; }

if ! have_tools; then
  install_ffmpeg
  hash -r
  have_tools || { log "ffmpeg was installed but $ffmpeg_bin or $ffprobe_bin is still not found on PATH"; exit 1; }
fi

version=$("$ffmpeg_bin" -hide_banner -version 2>/dev/null | sed -n '1s/^ffmpeg version n\{0,1\}\([0-9][0-9.]*\).*/\1/p')
if [ -n "$version" ] && ! version_at_least "$version" "$FFMPEG_MIN"; then
  log "ffmpeg $version is older than $FFMPEG_MIN: upgrade it (or set VIDRA_FFMPEG and VIDRA_FFPROBE to newer builds)"
  exit 1
fi
log "ffmpeg ${version:-(version not parsed: a development build)} at $(command -v "$ffmpeg_bin")"

# The built-in speech engine of automatic captions (pocketsphinx): for make
# run, a machine where it cannot be installed runs on without it; the tests
# require it, and flite too.
if [ -n "$with_test" ]; then
  "$(dirname "$0")/deps-speech.sh" --test
else
  "$(dirname "$0")/deps-speech.sh"
fi

if [ -n "$with_test" ]; then
  "$(dirname "$0")/deps-browser.sh"
  "$(dirname "$0")/deps-s3.sh"
  "$(dirname "$0")/deps-cluster.sh"
fi
