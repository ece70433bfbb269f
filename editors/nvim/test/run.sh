#!/usr/bin/env bash
# End-to-end test of the Neovim client against the real server:
#   FAULTLINE_BIN=target/debug/faultline editors/nvim/test/run.sh
# Installs Debian's neovim when `nvim` is missing, then runs e2e.lua in a headless Neovim on a
# copy of tests/examples/diagnose/leap. Exit codes: 0 pass, 1 fail, 77 Neovim could not be
# installed (the Rust wrapper turns that into a failure under CI=true). NVIM=/path/to/nvim tests
# another Neovim (the code paths for 0.8-0.10 and 0.11+ differ from 0.7's).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
plugin="$(dirname "$here")"
repo="$(cd "$plugin/../.." && pwd)"

if [ -z "${FAULTLINE_BIN:-}" ] || [ ! -x "$FAULTLINE_BIN" ]; then
  echo "FAULTLINE_BIN must name the faultline binary (got '${FAULTLINE_BIN:-}')" >&2
  exit 1
fi

nvim="${NVIM:-nvim}"
if [ -z "${NVIM:-}" ] && ! command -v nvim >/dev/null 2>&1; then
  echo "nvim not found: installing Debian's neovim package" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      SUDO="sudo -n"
    else
      echo "SKIP: nvim is missing and neither root nor passwordless sudo can install it" >&2
      exit 77
    fi
  fi
  if ! { $SUDO apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends neovim >/dev/null; }; then
    echo "SKIP: apt-get install neovim failed" >&2
    exit 77
  fi
fi
"$nvim" --version | head -n 1

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$repo/tests/examples/diagnose/leap" "$work/leap"

# -u NONE: no user config or plugins; the plugin under test comes in through 'runtimepath'.
# A hung server or Neovim must not hang CI: the Lua test has its own timeouts, this is the last
# resort.
export FAULTLINE_NVIM_FILE="$work/leap/leap.c"
export FAULTLINE_NVIM_LOG="$work/messages.log"
status=0
timeout 120 "$nvim" --headless -u NONE -i NONE -n \
  --cmd "set runtimepath^=$plugin" \
  -c "luafile $here/e2e.lua" || status=$?
if [ "$status" != 0 ]; then
  echo "nvim exited with status $status" >&2
  if [ -s "$FAULTLINE_NVIM_LOG" ]; then
    echo "--- messages ---" >&2
    cat "$FAULTLINE_NVIM_LOG" >&2
  fi
  exit 1
fi
