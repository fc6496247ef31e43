#!/usr/bin/env bash
# Installs what the browser tests need when it is missing: Debian's Chromium and the Noto CJK fonts
# (so Chinese pages render with real glyphs). Runs before `npm test`; does nothing when both exist.
set -euo pipefail

need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk || need+=(fonts-noto-cjk)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing ${need[*]} for the browser tests…"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "Please install ${need[*]} (Debian: apt-get install -y ${need[*]}), or set CHROMIUM_PATH." >&2
    exit 1
  fi
else
  SUDO=
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${need[@]}" >/dev/null
