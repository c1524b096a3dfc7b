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
  libcli11-dev                                                 # the hotpath tool's options
  valgrind libgtest-dev                                        # Callgrind, unit tests
  libjemalloc-dev                                              # test/e2e/alloc/jemalloc.cpp
  cmake ninja-build python3 git g++                            # g++: the wrong-compiler test
  dpkg-dev                                                     # apt-get source (test/peer/lua.sh, snappy-ci.sh)
  clang-format-19                                              # scripts/check-habits.sh
  libprotobuf-dev protobuf-compiler zlib1g-dev                 # hotpath export --format pprof
  chromium                                                     # flame graphs opened in a browser
  libbenchmark-dev                                             # examples/benchmarks, hotpath bench
  python3-yaml                                                 # the CI recipes' syntax test
  tmux                                                         # hotpath top seen in a real terminal
  libcpp-httplib-dev pkg-config                                # hotpath serve (HTTP)
  prometheus                                                   # hotpath serve scraped by a real Prometheus
  libsqlite3-dev libpq-dev                                     # hotpath history: its SQLite and PostgreSQL stores
  postgresql                                                   # a real server for test/e2e/history/postgres.test
  prometheus-pushgateway                                       # hotpath push, to a real Pushgateway
  curl                                                         # docs/getting-started.md's first hour (serve's /metrics)
)
# Node.js and npm for the format validators of test/node (speedscope's
# schema, pprof's decoder): Debian's, unless the machine has its own.
if ! command -v npm >/dev/null 2>&1; then
  PACKAGES+=(nodejs npm)
fi
# bench/run.sh only (not the tests): the uftrace peer of the overhead
# benchmark, and perf, the truth benchmark's reference (bench/truth.py);
# unicode-data and tcl make the tables RE2's Debian source leaves out and
# SQLite's amalgamation (bench/truth_codebases.py).
if [ "${1:-}" = --bench ]; then
  PACKAGES+=(uftrace linux-perf unicode-data tcl)
fi

# Source packages (deb-src) for test/peer/lua.sh and snappy-ci.sh, which
# build Lua and snappy from `apt-get source lua5.4` / `apt-get source snappy`. An existing deb-src entry for Debian's main
# archive is reused (a second one makes every apt-get warn "configured
# multiple times"); otherwise one is added in Deb822 format, as the image's
# debian.sources, so the two entries agree on Signed-By. HOTPATH_APT_ETC
# (default /etc/apt) is for the test of this logic.
APT_ETC=${HOTPATH_APT_ETC:-/etc/apt}
SRC_LIST=$APT_ETC/sources.list.d/hotpath-src.sources
has_deb_src() { # an enabled deb-src line or Deb822 stanza for bookworm main
  local f
  for f in "$APT_ETC"/sources.list "$APT_ETC"/sources.list.d/*.list; do
    [ -f "$f" ] && grep -Eq '^[[:space:]]*deb-src[[:space:]].*[[:space:]]bookworm[[:space:]].*main' "$f" && return 0
  done
  for f in "$APT_ETC"/sources.list.d/*.sources; do
    [ -f "$f" ] && [ "$f" != "$SRC_LIST" ] || continue
    # Stanzas are separated by blank lines; one with Types containing
    # deb-src, Suites containing bookworm and Components containing main.
    awk 'BEGIN { RS = ""; IGNORECASE = 1 }
      /(^|\n)Types:[^\n]*deb-src/ && /(^|\n)Suites:[^\n]*bookworm([ \n]|$)/ &&
      /(^|\n)Components:[^\n]*main/ && !/(^|\n)Enabled:[ ]*no/ { found = 1 }
      END { exit !found }' "$f" && return 0
  done
  return 1
}
if [ "${1:-}" = --check-deb-src ]; then # for the test: what would be done
  if has_deb_src; then echo "deb-src: reused"; else echo "deb-src: added"; fi
  exit 0
fi
if has_deb_src; then
  # Ours is redundant when another entry has appeared: remove it.
  [ -e "$SRC_LIST" ] && [ "$(id -u)" -eq 0 ] && rm -f "$SRC_LIST" && apt-get update -q >/dev/null 2>&1
elif [ "$(id -u)" -eq 0 ] && [ -d "$APT_ETC/sources.list.d" ]; then
  if [ ! -e "$SRC_LIST" ]; then
    printf '%s\n' 'Types: deb-src' 'URIs: http://deb.debian.org/debian' 'Suites: bookworm' \
      'Components: main' 'Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg' >"$SRC_LIST"
    apt-get update -q || echo "setup: apt-get update failed; test/peer/lua.sh will fail"
  fi
fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
# The validators and clients, at the versions test/node/package-lock.json
# pins, from the npm registry (the tests that need them are skipped
# without). Keyed on the newest of them, so that a checkout that had the
# older ones gets it.
install_validators() {
  [ -d "$ROOT/test/node/node_modules/playwright-core" ] && return 0
  echo "setup: npm ci in test/node (format validators, MCP client, playwright-core)"
  npm ci --prefix "$ROOT/test/node" --no-audit --no-fund >/dev/null ||
    echo "setup: npm ci failed; the tests that need test/node will be skipped"
}

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#PACKAGES[@]} packages are installed"
  install_validators
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
install_validators
