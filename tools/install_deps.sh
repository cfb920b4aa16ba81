#!/bin/bash
# Installs the system libraries coordyn builds against (Debian/Ubuntu): CSparse (CXSparse from
# libsuitesparse-dev) and LAPACK (liblapack-dev). Does nothing when they are present.
set -euo pipefail
have_cs=0; have_lapack=0
[ -f /usr/include/suitesparse/cs.h ] && have_cs=1
ls /usr/lib/*/liblapack.so /usr/lib/liblapack.so >/dev/null 2>&1 && have_lapack=1
if [ "$have_cs$have_lapack" = "11" ]; then exit 0; fi
pkgs=""
[ $have_cs = 0 ] && pkgs="$pkgs libsuitesparse-dev"
[ $have_lapack = 0 ] && pkgs="$pkgs liblapack-dev"
if ! command -v apt-get >/dev/null; then
    echo "coordyn needs:$pkgs (CSparse and LAPACK development files); install them with your package manager" >&2
    exit 1
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null; then SUDO=sudo; else
        echo "coordyn needs:$pkgs; run as root: apt-get install$pkgs" >&2; exit 1; fi
fi
echo "installing$pkgs"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $pkgs
