#!/usr/bin/env bash
# scripts/deps-browser.sh: what the browser tests need beside Go (internal/browsertest):
# Chromium (Debian's `chromium`), Node.js (NODE_MIN or newer) and npm, installed
# through the machine's package manager when missing and that needs no question
# (apt-get, dnf or apk as root or with passwordless sudo; Homebrew on macOS), then the
# npm packages of browser/ with `npm ci` (browser/package-lock.json pins them).
# Called by `scripts/deps.sh --test` (make test, .ci/run). A tool that cannot be had
# stops the script with the command to run; the tests themselves fail instead of
# skipping when CI or VIDRA_REQUIRE_POSTGRES=1 is set and Chromium is missing.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/.."

NODE_MIN=20

. "$here/pkg.sh"

chromium_bin() {
  if [ -n "${VIDRA_CHROMIUM:-}" ]; then [ -x "$VIDRA_CHROMIUM" ] && echo "$VIDRA_CHROMIUM"; return; fi
  command -v chromium 2>/dev/null || command -v chromium-browser 2>/dev/null || true
}

# Chromium: Debian and Alpine call the package chromium; Homebrew has no such formula.
if [ -z "$(chromium_bin)" ]; then
  case "$(uname -s)" in
    Darwin) log "install Chromium (brew install --cask chromium) and set VIDRA_CHROMIUM to its binary"; exit 1 ;;
    *) pkg_install chromium ;;
  esac
  hash -r
  [ -n "$(chromium_bin)" ] || { log "chromium was installed but is not found on PATH"; exit 1; }
fi
log "chromium: $("$(chromium_bin)" --version 2>/dev/null | head -n 1) at $(chromium_bin)"

if ! command -v node >/dev/null 2>&1; then
  pkg_install nodejs
  hash -r
fi
command -v npm >/dev/null 2>&1 || { pkg_install npm; hash -r; }
node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt "$NODE_MIN" ]; then
  log "Node.js $(node -v) is older than $NODE_MIN (playwright-core needs $NODE_MIN): install a newer nodejs"
  exit 1
fi
log "node $(node -v), npm $(npm -v)"

# The npm packages: installed again only when the lock file changed (the Go tests
# check the same stamp, and run npm ci themselves when it is stale).
stamp=browser/node_modules/.vidra-lock-sha256
want=$(sha256sum browser/package-lock.json 2>/dev/null | cut -d' ' -f1 || shasum -a 256 browser/package-lock.json | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  log "npm ci in browser/"
  (cd browser && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error >/dev/null)
  echo "$want" > "$stamp"
fi
log "browser/ npm packages: hls.js $(node -p 'require("./browser/node_modules/hls.js/package.json").version'), playwright-core $(node -p 'require("./browser/node_modules/playwright-core/package.json").version')"
