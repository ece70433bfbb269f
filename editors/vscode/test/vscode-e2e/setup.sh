#!/usr/bin/env bash
# Installs what the real-VS-Code end-to-end test (run.mjs) needs, idempotently:
#   - Debian: chromium (driven headless), ripgrep (VS Code's search binary, see below) and the
#     headers code-server's native modules build against;
#   - npm: code-server 4.100.3 (the last release for Node 20) and puppeteer-core, pinned by this
#     directory's package-lock.json, into $FAULTLINE_E2E_DIR (default: <repo>/target/editors/
#     vscode-e2e), so nothing outside target/ is written and `cargo clean` removes it.
# Exit codes: 0 ready, 77 cannot be installed here (no root, no registry), anything else: broken.
# Prints how long it took; a second run with everything in place takes about a second.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../../../.." && pwd)"
dest="${FAULTLINE_E2E_DIR:-$repo/target/editors/vscode-e2e}"
start=$(date +%s)

# skip, sudo_cmd, apt_install_missing
# shellcheck source=../../test-common.sh
source "$repo/editors/test-common.sh"

# Debian packages, only those missing.
apt_install_missing chromium ripgrep libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config build-essential

# npm ci only when the installed tree is not the locked one.
mkdir -p "$dest"
if ! cmp -s "$here/package-lock.json" "$dest/package-lock.json" ||
  [ ! -f "$dest/node_modules/code-server/out/node/entry.js" ] ||
  [ ! -e "$dest/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ]; then
  cp "$here/package.json" "$here/package-lock.json" "$dest/"
  # @vscode/ripgrep's postinstall downloads rg from GitHub, which CI cannot reach; it first looks
  # for the archive in $TMPDIR/vscode-ripgrep-cache-<its version>/, so an archive of Debian's rg
  # there is what it unpacks. A private TMPDIR keeps /tmp clean and the seed ours.
  seed="$dest/tmp"
  rm -rf "$seed"
  case "$(uname -m)" in
    x86_64) target=x86_64-unknown-linux-musl ;;
    aarch64) target=aarch64-unknown-linux-musl ;;
    *) skip "no ripgrep seed for $(uname -m)" ;;
  esac
  mkdir -p "$seed/rg"
  cp "$(command -v rg)" "$seed/rg/rg"
  # The versions code-server 4.100.3's VS Code pins (lib/vscode/npm-shrinkwrap.json): 1.15.11
  # fetches ripgrep v13.0.0-10.
  for v in 1.15.11; do
    mkdir -p "$seed/vscode-ripgrep-cache-$v"
    tar -czf "$seed/vscode-ripgrep-cache-$v/ripgrep-v13.0.0-10-$target.tar.gz" -C "$seed/rg" rg
  done
  # code-server's postinstall runs `npm install` in lib/vscode and refuses root without
  # unsafe-perm; `yes` answers npx-style prompts.
  (
    cd "$dest"
    export TMPDIR="$seed" npm_config_yes=true npm_config_unsafe_perm=true npm_config_progress=false
    # puppeteer-core downloads no browser; Debian's chromium is used.
    export PUPPETEER_SKIP_DOWNLOAD=1
    npm ci --no-audit --no-fund --loglevel=error
  ) || skip "npm ci of code-server and puppeteer-core failed (no registry access?)"
  rm -rf "$seed"
fi

echo "vscode-e2e setup: ready in $dest ($(($(date +%s) - start)) s)" >&2
