#!/usr/bin/env bash
# scripts/deps-cluster.sh: the reverse proxy the cluster test and `make
# demo-cluster` put in front of the API replicas (internal/cluster): HAProxy from
# the machine's package manager (Debian's haproxy). Called by `scripts/deps.sh
# --test` (make test, .ci/run).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/pkg.sh"

haproxy_bin() {
  if [ -n "${VIDRA_HAPROXY:-}" ]; then [ -x "$VIDRA_HAPROXY" ] && echo "$VIDRA_HAPROXY"; return; fi
  command -v haproxy 2>/dev/null || { [ -x /usr/sbin/haproxy ] && echo /usr/sbin/haproxy; } || true
}

if [ -z "$(haproxy_bin)" ]; then
  pkg_install haproxy
  hash -r
  [ -n "$(haproxy_bin)" ] || { log "haproxy was installed but is not found"; exit 1; }
fi
log "haproxy: $("$(haproxy_bin)" -v 2>/dev/null | head -n 1) at $(haproxy_bin)"
