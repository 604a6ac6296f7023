#!/usr/bin/env bash
# scripts/deps-speech.sh: the built-in speech engine of automatic captions
# (internal/speech): pocketsphinx_continuous and its US English model, from the
# machine's package manager (Debian's pocketsphinx and pocketsphinx-en-us). With
# --test, also flite, whose recorded CMU voices speak the known sentences the
# tests transcribe. Called by scripts/deps.sh: for `make run` a machine where it
# cannot be installed runs on without the built-in engine (captions are then
# refused with a clear error); for the tests (make test, .ci/run) it is required.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/pkg.sh"

with_test=
[ "${1:-}" = "--test" ] && with_test=1
model=${VIDRA_POCKETSPHINX_MODEL:-/usr/share/pocketsphinx/model/en-us}

have_engine() { command -v pocketsphinx_continuous >/dev/null 2>&1 && [ -f "$model/en-us.lm.bin" ]; }

if ! have_engine; then
  if [ -n "$with_test" ]; then
    pkg_install pocketsphinx pocketsphinx-en-us
  elif ! (pkg_install pocketsphinx pocketsphinx-en-us); then
    log "pocketsphinx could not be installed: automatic captions with the built-in engine are off"
    exit 0
  fi
  hash -r
  have_engine || { log "pocketsphinx was installed but pocketsphinx_continuous or $model is not found"; exit 1; }
fi
log "pocketsphinx: $(command -v pocketsphinx_continuous), model $model"

if [ -n "$with_test" ] && ! command -v flite >/dev/null 2>&1; then
  pkg_install flite
  hash -r
  command -v flite >/dev/null 2>&1 || { log "flite was installed but is not found"; exit 1; }
fi
