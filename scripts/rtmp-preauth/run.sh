#!/bin/bash
# Starts BINARY (default: a build of this checkout) on a temporary SQLite data dir with
# free ports, runs probe.py against it (500 connections, WAVES waves, default 3), stops it.
# usage: scripts/rtmp-preauth/run.sh [BINARY] [VAR=value ...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-}
if [ -z "$bin" ] || [[ "$bin" == *=* ]]; then bin=$(mktemp -d)/vidra; (cd "$here/../.." && go build -o "$bin" .); else shift; fi
d=$(mktemp -d); http=$((20000 + RANDOM % 20000)); rtmp=$((40000 + RANDOM % 20000)); dbg=$((10000 + RANDOM % 9000))
env VIDRA_DATA_DIR=$d VIDRA_ADDR=127.0.0.1:$http VIDRA_RTMP_ADDR=127.0.0.1:$rtmp VIDRA_DEBUG_ADDR=127.0.0.1:$dbg "$@" $bin > $d/log 2>&1 &
pid=$!
for i in $(seq 1 120); do curl -sf http://127.0.0.1:$http/health/ready >/dev/null && break; sleep 0.5; done
sleep 3
python3 "$here/probe.py" $rtmp $pid 500 ${WAVES:-3} http://127.0.0.1:$dbg
kill $pid; wait $pid 2>/dev/null || true; rm -rf $d
