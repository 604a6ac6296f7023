#!/usr/bin/env bash
# scripts/deps-s3.sh: installs the S3-compatible server the tests start
# (internal/s3test): the Versity S3 Gateway, a Go program built from the Go
# module proxy into .tools/bin of the checkout. Run by `scripts/deps.sh --test`
# (make test, .ci/run). The first build takes a few minutes; later runs find it.
set -euo pipefail

VERSITYGW_VERSION=v1.8.0

log() { printf 'deps: %s\n' "$*" >&2; }

root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/.tools/bin"
stamp="$bin/versitygw.version"

if [ -x "$bin/versitygw" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$VERSITYGW_VERSION" ]; then
  log "versitygw $VERSITYGW_VERSION at $bin/versitygw"
  exit 0
fi
command -v go >/dev/null 2>&1 || { log "go is needed to build versitygw"; exit 1; }
log "building versitygw $VERSITYGW_VERSION (S3-compatible test server) into $bin"
mkdir -p "$bin"
# Its own module: built with its go.mod, outside Vidra's.
(cd "$root" && GOBIN="$bin" go install "github.com/versity/versitygw/cmd/versitygw@$VERSITYGW_VERSION")
printf '%s\n' "$VERSITYGW_VERSION" > "$stamp"
log "versitygw $VERSITYGW_VERSION at $bin/versitygw"
