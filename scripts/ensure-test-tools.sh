#!/usr/bin/env bash
# Installs what the tests need when it is missing: Debian's Chromium and the Noto CJK fonts for the
# browser tests (so Chinese pages render with real glyphs; the report PDF needs neither: its
# Chromium and fonts come with `npm install`), and nginx with its brotli module for the hosting tests
# (tests/deploy, which run the generated nginx configuration), and a Java runtime for the W3C Nu
# HTML checker (vnu-jar, tests/build/htmlChecker.test.ts). Runs before `npm test`; does nothing
# when all exist.
set -euo pipefail

need=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || need+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto | grep -qi cjk || need+=(fonts-noto-cjk)
[ -x /usr/sbin/nginx ] || need+=(nginx)
[ -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || need+=(libnginx-mod-http-brotli-static)
command -v java >/dev/null 2>&1 || need+=(default-jre-headless)

if [ ${#need[@]} -eq 0 ]; then
  exit 0
fi

echo "Installing ${need[*]} for the tests…"
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "Please install ${need[*]} (Debian: apt-get install -y ${need[*]}), or set CHROMIUM_PATH." >&2
    exit 1
  fi
else
  SUDO=
fi

# nginx's package starts its service once installed, on port 80: the tests start their own, so
# Debian's policy layer is told to start none for the time of the install (where no policy exists).
if [ ! -e /usr/sbin/policy-rc.d ]; then
  printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
  $SUDO chmod +x /usr/sbin/policy-rc.d
  trap '$SUDO rm -f /usr/sbin/policy-rc.d' EXIT
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${need[@]}" >/dev/null
