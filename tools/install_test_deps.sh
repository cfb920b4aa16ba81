#!/bin/bash
# Installs what only the tests need from the system: Debian's chromium-headless-shell, the
# browser in which tests/viewer opens the viewer's HTML page (WebGL through SwiftShader).
# Does nothing when a Chromium is present; fails (and the test is skipped) where it cannot.
set -euo pipefail
for b in chromium-headless-shell chromium chromium-browser; do
    command -v "$b" >/dev/null && exit 0
done
command -v apt-get >/dev/null || { echo "no apt-get: install Chromium by hand for the viewer's browser test" >&2; exit 1; }
SUDO=""
if [ "$(id -u)" != 0 ]; then
    command -v sudo >/dev/null && SUDO=sudo || { echo "not root: apt-get install chromium-headless-shell" >&2; exit 1; }
fi
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell
