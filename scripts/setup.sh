#!/usr/bin/env bash
# Installs everything hotpath needs to build and test on Debian 12, as root
# (or through sudo). Packages already installed are not asked for again, so
# a second run costs nothing and needs no network.
#
#   bash scripts/setup.sh [--bench]    (--bench: also the benchmarks' peers)
set -euo pipefail

PACKAGES=(
  clang-19 llvm-19-dev llvm-19-tools lld-19 libclang-rt-19-dev # plugin, lit, FileCheck
  clang-14 llvm-14-dev llvm-14-tools                           # the LLVM 14 plugin build
  nlohmann-json3-dev libtomlplusplus-dev                       # JSON reports, hotpath.toml
  valgrind libgtest-dev                                        # Callgrind, unit tests
  libjemalloc-dev                                              # test/e2e/alloc/jemalloc.cpp
  cmake ninja-build python3 git g++                            # g++: the wrong-compiler test
  dpkg-dev                                                     # apt-get source (test/peer/lua.sh)
)
# bench/run.sh only (not the tests): the uftrace peer of the overhead benchmark.
if [ "${1:-}" = --bench ]; then
  PACKAGES+=(uftrace)
fi

# Source packages (deb-src) for test/peer/lua.sh, which builds Lua from
# `apt-get source lua5.4`. Deb822 format, as the image's debian.sources, so
# the two entries agree on Signed-By.
SRC_LIST=/etc/apt/sources.list.d/hotpath-src.sources
if [ ! -e "$SRC_LIST" ] && [ "$(id -u)" -eq 0 ] && [ -d /etc/apt/sources.list.d ]; then
  printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
    'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$SRC_LIST"
  apt-get update -q || echo "setup: apt-get update failed; test/peer/lua.sh will fail"
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages are installed"
  exit 0
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null; then
    SUDO=(sudo)
  else
    echo "setup: missing packages: ${missing[*]}; run this script as root" >&2
    exit 1
  fi
fi
echo "setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
"${SUDO[@]}" apt-get update -q
"${SUDO[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
