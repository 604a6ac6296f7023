# scripts/pkg.sh: shared by the dependency scripts (sourced): logging and
# pkg_install, which installs packages through the machine's package manager
# where that needs no question (apt-get, dnf or apk as root or with passwordless
# sudo; Homebrew on macOS), or prints the command to run and fails.

log() { printf 'deps: %s\n' "$*" >&2; }
can_root() { [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; }; }
as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi; }

apt_updated=
# pkg_install NAME...: installs packages with the machine's package manager, or
# prints the command to run and fails.
pkg_install() {
  local manual
  case "$(uname -s)" in
    Darwin)
      if command -v brew >/dev/null 2>&1; then
        log "installing $* with Homebrew"
        brew install "$@"
        return
      fi
      manual="install Homebrew (https://brew.sh), then: brew install $*" ;;
    *)
      if command -v apt-get >/dev/null 2>&1; then
        manual="sudo apt-get update && sudo apt-get install -y $*"
        if can_root; then
          log "installing $* with apt-get"
          if [ -z "$apt_updated" ]; then
            as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt_updated=1
          fi
          as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null && return
        fi
      elif command -v dnf >/dev/null 2>&1; then
        manual="sudo dnf install -y $*"
        can_root && log "installing $* with dnf" && as_root dnf install -y -q "$@" && return
      elif command -v apk >/dev/null 2>&1; then
        manual="sudo apk add $*"
        can_root && log "installing $* with apk" && as_root apk add --quiet "$@" && return
      else
        manual="install $* with your package manager"
      fi ;;
  esac
  log "$* needed by the tests could not be installed without asking; run:"
  log "  $manual"
  exit 1
}

