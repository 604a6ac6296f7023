#!/usr/bin/env bash
# scripts/smoke.sh (make smoke): follows the README as a new user would. It
# clones this checkout's HEAD into a temporary directory, starts `make run`
# there in the background with a fresh HOME and data directory on a free
# port, waits for /health/ready, then walks the README's "A first query"
# over real HTTP (scripts/smoke: register, project, video, upload token, tus
# upload of a clip made with ffmpeg, wait for ready, master playlist read by
# ffprobe), stops the server and removes everything it made.
#
# Needs git, make, curl and Go; `make run` installs ffmpeg (scripts/deps.sh).
# Only committed work is tested: the clone is of HEAD.
#
# SMOKE_READY_TIMEOUT  seconds for `make run` to build and answer ready (900)
# SMOKE_KEEP=1         keep the temporary directory (clone, data, logs)
set -euo pipefail

ready_timeout=${SMOKE_READY_TIMEOUT:-900}
src=$(cd "$(dirname "$0")/.." && pwd)
started=$SECONDS

log() { printf 'smoke: %s\n' "$*" >&2; }
die() { log "FAILED: $*"; exit 1; }

for tool in git make curl go; do
  command -v "$tool" >/dev/null 2>&1 || die "$tool is needed and not installed"
done

sha=$(git -C "$src" rev-parse HEAD)
if [ -n "$(git -C "$src" status --porcelain --untracked-files=no)" ]; then
  log "note: uncommitted changes are not tested (the clone is of HEAD, $sha)"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vidra-smoke.XXXXXX")
server_pid=""

# stop_server ends `make run` and everything it started (its process group),
# politely first; it returns once none of them is left.
stop_server() {
  [ -n "$server_pid" ] || return 0
  local pgid=$server_pid
  server_pid=""
  kill -TERM -- "-$pgid" 2>/dev/null || return 0
  for _ in $(seq 1 40); do
    kill -0 -- "-$pgid" 2>/dev/null || return 0
    sleep 0.5
  done
  log "the server did not stop within 20s of SIGTERM: killing it"
  kill -KILL -- "-$pgid" 2>/dev/null || true
  sleep 0.5
  if kill -0 -- "-$pgid" 2>/dev/null; then log "processes of group $pgid are still running"; return 1; fi
}

# server_log prints the end of the server's log, for a failure.
server_log() {
  [ -f "$tmp/server.log" ] || return 0
  log "last lines of the server log ($tmp/server.log):"
  tail -n 80 "$tmp/server.log" >&2
}

cleanup() {
  local status=$?
  stop_server || status=1
  if [ "${SMOKE_KEEP:-}" = 1 ]; then
    log "kept $tmp"
  else
    rm -rf "$tmp"
  fi
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# Go keeps the machine's configuration and caches (GOFLAGS, GOPROXY, the
# module and build caches, which `go env -w` may have put under the old HOME):
# the fresh HOME is for Vidra's state, not for downloading every module again.
for v in GOFLAGS GOPROXY GONOPROXY GOPRIVATE GONOSUMDB GOSUMDB GOTOOLCHAIN GOPATH GOMODCACHE GOCACHE; do
  export "$v=$(go env "$v")"
done
# Every clone has a new path, which is part of a package's build cache key
# unless paths are trimmed: with -trimpath a second smoke reuses the first's
# compiled packages instead of building all of Vidra again (minutes here).
export GOFLAGS="${GOFLAGS:+$GOFLAGS }-trimpath"
# Nothing of the caller's Vidra configuration leaks in.
while IFS='=' read -r name _; do unset "$name"; done < <(env | grep '^VIDRA_' || true)
unset XDG_CONFIG_HOME XDG_CACHE_HOME XDG_DATA_HOME XDG_STATE_HOME
export HOME="$tmp/home" VIDRA_DATA_DIR="$tmp/data"
mkdir -p "$HOME" "$VIDRA_DATA_DIR" "$tmp/work"

log "cloning $src at $sha into $tmp/vidra"
git clone -q "$src" "$tmp/vidra"
git -C "$tmp/vidra" -c advice.detachedHead=false checkout -q --detach "$sha"
cd "$tmp/vidra"

log "building the walk-through runner (scripts/smoke)"
go build -o "$tmp/walk" ./scripts/smoke
"$tmp/walk" -plan -readme README.md || die "the README's walk-through is incomplete"

# A port nobody answers on (bash's /dev/tcp connects or fails at once).
port=""
for _ in $(seq 1 50); do
  p=$((20000 + RANDOM % 40000))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
done
[ -n "$port" ] || die "found no free port"
export VIDRA_ADDR="127.0.0.1:$port"
base="http://127.0.0.1:$port"

log "make run on $VIDRA_ADDR (HOME=$HOME, VIDRA_DATA_DIR=$VIDRA_DATA_DIR, log $tmp/server.log)"
set -m # the background job gets a process group of its own, so stopping it stops all of it
make run >"$tmp/server.log" 2>&1 &
server_pid=$!
set +m

deadline=$((SECONDS + ready_timeout))
until curl -fsS -o /dev/null --max-time 5 "$base/health/ready" 2>/dev/null; do
  if ! kill -0 "$server_pid" 2>/dev/null; then
    server_log
    die "make run exited before the server was ready"
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    server_log
    curl -sS --max-time 5 "$base/health/ready" >&2 || true
    die "the server was not ready within ${ready_timeout}s (SMOKE_READY_TIMEOUT)"
  fi
  sleep 1
done
log "ready after $((SECONDS - started))s; walking the README"

if ! "$tmp/walk" -base "$base" -readme README.md -dir "$tmp/work"; then
  server_log
  die "the README walk-through failed (see above)"
fi

# Errors are checked before the server is stopped: River's maintenance
# services may log a cancelled transaction while they shut down, which is not
# something the walk-through did.
if grep -q '"level":"ERROR"' "$tmp/server.log"; then
  grep '"level":"ERROR"' "$tmp/server.log" >&2
  die "the server logged errors during the walk-through"
fi
lines_before_stop=$(wc -l < "$tmp/server.log")
stop_server || die "the server left processes behind"
if tail -n +"$((lines_before_stop + 1))" "$tmp/server.log" | grep -q '"level":"ERROR"'; then
  log "note: errors logged while the server shut down (not failing the smoke):"
  tail -n +"$((lines_before_stop + 1))" "$tmp/server.log" | grep '"level":"ERROR"' >&2
fi
log "passed in $((SECONDS - started))s"
