#!/usr/bin/env bash
# The demo: installs what is needed, builds hotpath, compiles an example
# (a bytecode interpreter in C, examples/interp/) with the plugin, runs it
# and shows the report that hotpath prints when the program exits.
#
#   bash scripts/demo.sh            (as root on Debian 12, or with sudo)
#
# Environment: HOTPATH_BUILD_DIR (default build), HOTPATH_JOBS (default nproc).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BUILD=${HOTPATH_BUILD_DIR:-build}
JOBS=${HOTPATH_JOBS:-$(nproc)}

step() { printf '\n==> %s\n' "$*"; }

step "1/4 Installing the dependencies (Debian packages; skipped when present)"
bash scripts/setup.sh

step "2/4 Building hotpath with LLVM 19 in $BUILD/: plugin, runtime, tool, examples (not the tests)"
mkdir -p "$BUILD"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_CXX_COMPILER=clang++-19 >"$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" -j "$JOBS" --target hotpath hotpath_rt hotpath_rt_static \
  hotpath_tool hotpath_example_interp hotpath_example_indexer hotpath_example_pipeline

step "3/4 Compiling examples/interp/interp.c with the plugin"
# The selection is in examples/interp/hotpath.toml, found next to the
# source; the program itself has no hotpath code.
mkdir -p "$BUILD/demo"
cmd=(clang-19 -O2 -gline-tables-only -gdwarf-4
  -fpass-plugin="$ROOT/$BUILD/pass/libhotpath.so"
  examples/interp/interp.c -o "$BUILD/demo/interp"
  -L"$ROOT/$BUILD/runtime" -Wl,-rpath,"$ROOT/$BUILD/runtime" -lhotpath_rt)
echo "${cmd[*]}"
"${cmd[@]}"

step "4/4 Running it: hotpath's report comes on stderr when the program exits"
echo "\$ $BUILD/demo/interp 22 > $BUILD/demo/interp.out"
"$BUILD/demo/interp" 22 >"$BUILD/demo/interp.out"
echo
echo "The program's own output ($BUILD/demo/interp.out) is unchanged; its last lines:"
tail -n 3 "$BUILD/demo/interp.out"

cat <<MSG

Done. Next:
  HOTPATH_OUTPUT_FORMAT=json-pretty $BUILD/demo/interp 22     the report as JSON
  $BUILD/tools/hotpath run -- $BUILD/demo/interp 15           native + Callgrind (instruction counts), merged
  the other examples (a text indexer, a threaded pipeline):  $BUILD/examples/indexer, $BUILD/examples/pipeline
  how to use hotpath in your project:                        docs/getting-started.md
MSG
