#!/usr/bin/env bash
# Runs every benchmark and prints the table (docs/performance.md).
#
#   bench/run.sh [--quick] [--reps N] [--only overhead,icount,drain,storm,compile,alloc,whole,truth,judge,suite]
#
# Builds the plugin and the runtime in HOTPATH_BUILD_DIR (default
# build-bench, Release: the runtime as users get it) when they are missing
# or stale, installs the peers' packages (uftrace, XRay's runtime) through
# scripts/setup.sh --bench, then runs bench/bench.py.
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD=${HOTPATH_BUILD_DIR:-build-bench}
bash scripts/setup.sh --bench >&2
if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 >&2
fi
cmake --build "$BUILD" -j "${HOTPATH_JOBS:-$(nproc)}" --target hotpath hotpath_rt hotpath_rt_static hotpath_tool >&2
exec python3 bench/bench.py --build "$BUILD" "$@"
