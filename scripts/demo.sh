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

step "1/5 Installing the dependencies (Debian packages; skipped when present)"
bash scripts/setup.sh

step "2/5 Building hotpath with LLVM 19 in $BUILD/: plugin, runtime, tool, examples (not the tests)"
mkdir -p "$BUILD"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_C_COMPILER=clang-19 \
  -DCMAKE_CXX_COMPILER=clang++-19 >"$BUILD/configure.log" 2>&1 ||
  { cat "$BUILD/configure.log"; exit 1; }
cmake --build "$BUILD" -j "$JOBS" --target hotpath hotpath_rt hotpath_rt_static \
  hotpath_tool hotpath_example_interp hotpath_example_indexer hotpath_example_pipeline

step "3/5 Compiling examples/interp/interp.c with the plugin"
# The selection is in examples/interp/hotpath.toml, found next to the
# source; the program itself has no hotpath code.
mkdir -p "$BUILD/demo"
cmd=(clang-19 -O2 -gline-tables-only -gdwarf-4
  -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer
  -fpass-plugin="$ROOT/$BUILD/pass/libhotpath.so"
  examples/interp/interp.c -o "$BUILD/demo/interp"
  -L"$ROOT/$BUILD/runtime" -Wl,-rpath,"$ROOT/$BUILD/runtime" -lhotpath_rt)
echo "${cmd[*]}"
"${cmd[@]}"

step "4/5 Running it: hotpath's report comes on stderr when the program exits"
# No HOTPATH_* variable: the default mode counts every call, times the
# functions whose calls are long, and samples the CPU (docs/runtime.md#modes).
echo "\$ $BUILD/demo/interp 30 > $BUILD/demo/interp.out"
"$BUILD/demo/interp" 30 >"$BUILD/demo/interp.out"
echo
echo "The program's own output ($BUILD/demo/interp.out) is unchanged; its last lines:"
tail -n 3 "$BUILD/demo/interp.out"

step "5/5 Reading the report with its CPU samples, and drawing its call tree"
echo "\$ HOTPATH_OUTPUT_PATH=$BUILD/demo/interp.json $BUILD/demo/interp 30 > /dev/null"
HOTPATH_OUTPUT_PATH="$BUILD/demo/interp.json" "$BUILD/demo/interp" 30 >/dev/null
echo "\$ $BUILD/tools/hotpath report $BUILD/demo/interp.json"
"$BUILD/tools/hotpath" report "$BUILD/demo/interp.json"
echo "\$ $BUILD/tools/hotpath flamegraph $BUILD/demo/interp.json -o $BUILD/demo/interp.svg"
"$BUILD/tools/hotpath" flamegraph "$BUILD/demo/interp.json" -o "$BUILD/demo/interp.svg"
echo "\$ $BUILD/tools/hotpath report $BUILD/demo/interp.json --tree --depth 3 --children 3"
"$BUILD/tools/hotpath" report "$BUILD/demo/interp.json" --tree --depth 3 --children 3

cat <<MSG

Done. The flame graph of this run: $BUILD/demo/interp.svg (open it in a
browser: click a frame to zoom, Ctrl-F to search). Next:
  HOTPATH_MODE=timed $BUILD/demo/interp 22                 every call timed (latency percentiles)
  HOTPATH_OUTPUT_FORMAT=json-pretty $BUILD/demo/interp 22     the report as JSON
  $BUILD/tools/hotpath run -- $BUILD/demo/interp 15           native + Callgrind (instruction counts), merged
  the other examples (a text indexer, a threaded pipeline):  $BUILD/examples/indexer, $BUILD/examples/pipeline
  how to use hotpath in your project:                        docs/getting-started.md
MSG
