#!/usr/bin/env bash
# bench/studio.sh (make bench-studio): Vidra Studio's budgets against the real
# binary, on the embedded SQLite and on PostgreSQL (a fresh database), measured
# in Chromium from outside by browser/studio/bench.mjs: first screen
# interactive (cold cache), and the library of VIDEOS (10,000) videos scrolled
# to its end and searched, every request the page makes timed. Knobs: VIDEOS,
# RUNS, DBS ("sqlite postgres"), BENCH_PG_URL (a superuser URL).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
work="$(mktemp -d)"
bin="$work/vidra"
go build -o "$bin" .
(cd browser && npm ci --no-audit --no-fund >/dev/null)
pg="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
pid=""
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
for db in ${DBS:-sqlite postgres}; do
  p="$(port)"
  url=""
  if [ "$db" = postgres ]; then
    name="vidra_studio_bench_$$"
    psql "$pg" -qc "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null
    url="${pg%/*}/$name?sslmode=disable"
  fi
  rm -rf "$work/data"
  VIDRA_ADDR="127.0.0.1:$p" VIDRA_PUBLIC_URL="http://127.0.0.1:$p" VIDRA_DATA_DIR="$work/data" \
    VIDRA_RTMP_ADDR=off VIDRA_SRT_ADDR=off VIDRA_DATABASE_URL="$url" "$bin" >"$work/server.log" 2>&1 &
  pid=$!
  for _ in $(seq 1 100); do curl -sf "http://127.0.0.1:$p/health/ready" >/dev/null && break; sleep 0.2; done
  echo "== $db"
  BASE="http://127.0.0.1:$p" node browser/studio/bench.mjs
  kill "$pid"; wait "$pid" 2>/dev/null || true; pid=""
  if [ "$db" = postgres ]; then psql "$pg" -qc "DROP DATABASE IF EXISTS $name" >/dev/null; fi
done
