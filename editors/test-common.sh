# Helpers the editors' test setup scripts share (sourced, not run):
#   editors/nvim/test/setup.sh, editors/vscode/test/vscode-e2e/setup.sh.
# Exit code 77 means "cannot be installed here" to their callers (the tests then skip).

# Print why, and end the setup with 77.
skip() {
  echo "SKIP: $*" >&2
  exit 77
}

# Run a command as root: directly when we are root, through password-less sudo otherwise;
# fails (1) when neither is possible.
sudo_cmd() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    sudo -n "$@"
  else
    return 1
  fi
}

# Install the Debian packages named that are not installed yet (dpkg -s is fast; apt-get
# update is not), waiting up to 10 minutes for the dpkg lock another apt may hold; skips (77)
# when that is impossible here.
apt_install_missing() {
  local need=() pkg
  for pkg in "$@"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "installing Debian packages: ${need[*]}" >&2
    sudo_cmd apt-get -o DPkg::Lock::Timeout=600 update -qq || skip "cannot run apt-get update (no root or no network)"
    DEBIAN_FRONTEND=noninteractive sudo_cmd apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${need[@]}" >/dev/null ||
      skip "apt-get install ${need[*]} failed"
  fi
}
