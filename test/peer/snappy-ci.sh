#!/usr/bin/env bash
# Performance CI on a real suite, as docs/ci.md and docs/benchmarks.md tell
# a new user to do it: snappy 1.1.9 (Debian's source package, fetched with
# `apt-get source`, never committed here) and its Google Benchmark suite,
# hotpath installed with `cmake --install` and used through its CMake
# package from snappy's own CMakeLists.txt (cmake_minimum_required 3.1).
#
#   1. the advised selection: include = ["^snappy::"], one `hotpath bench`
#      run, `hotpath trim DIR --config hotpath.toml`, a rebuild;
#   2. the base: `hotpath bench`; a second build of the same commit gives
#      the same counts; the entry points' counts are within 2% of the plain
#      build's under Callgrind (inputs of 10,000 instructions a call or more);
#   3. the head: an extra pass over the input in CompressFragment;
#   4. the recipe: `hotpath init --ci` beside the existing hotpath.toml,
#      `hotpath diff base head --format markdown` exits 3 with a comment
#      under 65,536 characters naming the compression benchmarks and not
#      the others; base against the second build passes; a first run
#      without a baseline exits 4.
#
#   snappy-ci.sh <hotpath build dir> <work dir> <clang> <clang++>
set -euo pipefail
OBJ=$1 WORK=$2 CC=$3 CXX=$4
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$WORK"
cd "$WORK"
t0=$SECONDS

SRC=$(ls -d "$WORK"/snappy-1.*/ 2>/dev/null | head -1 || true)
if [ -z "$SRC" ]; then
  apt-get source -q snappy >source.log 2>&1 ||
    { cat source.log; echo "snappy-ci.sh: apt-get source snappy failed (deb-src missing? run scripts/setup.sh)"; exit 1; }
  SRC=$(ls -d "$WORK"/snappy-1.*/ | head -1)
fi
SRC=${SRC%/}
echo "source: $SRC"

rm -rf prefix plain base base2 head repo *-bench *.log
cmake --install "$OBJ" --prefix "$WORK/prefix" >install.log
HOTPATH=$WORK/prefix/bin/hotpath

# Debian's build: shared libraries (its patches add a static one of the
# same name), no unit tests.
configure() { # <source> <build dir>
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DBUILD_SHARED_LIBS=ON -DSNAPPY_BUILD_TESTS=OFF \
    -DCMAKE_PREFIX_PATH="$WORK/prefix" >"$2.configure.log" 2>&1 ||
    { cat "$2.configure.log"; exit 1; }
  cmake --build "$2" --target snappy_benchmark >"$2.build.log" 2>&1 ||
    { tail -40 "$2.build.log"; exit 1; }
}
cp -r "$SRC" plain
configure plain plain/build

# The user's edit of snappy's build: the package and two targets.
cp -r "$SRC" base
cat >>base/CMakeLists.txt <<'CMAKE'

find_package(hotpath CONFIG REQUIRED)
hotpath_instrument(snappy)
hotpath_instrument(snappy_benchmark)
CMAKE
grep -q '^cmake_minimum_required(VERSION 3.1)' base/CMakeLists.txt
cat >base/hotpath.toml <<'TOML'
# snappy under hotpath (docs/benchmarks.md)
[functions]
include = ["^snappy::"]
TOML

# The benchmarks that fit in a few minutes: compression, decompression and
# validation of five inputs, from 20 KB of text to a 100 KB PDF.
FILTER='BM_ZFlat/[0-4]$|BM_UFlat/[0-4]$|BM_UValidate/[0-4]$'
bench() { # <build dir> <output dir>; the suite reads testdata/ from $srcdir
  srcdir=$SRC "$HOTPATH" bench --jobs 2 --filter "$FILTER" -o "$2" \
    -- "$1/snappy_benchmark" >"$2.log" 2>&1 || { tail -30 "$2.log"; exit 1; }
}

# 1. The advised selection.
configure base base/build
bench base/build all-bench
"$HOTPATH" trim all-bench --config base/hotpath.toml 2>trim.log
cat trim.log
grep -q '^exclude = \[' base/hotpath.toml
cmake --build base/build --target snappy_benchmark >base/build.build2.log 2>&1 ||
  { tail -40 base/build.build2.log; exit 1; }
echo "built and trimmed in $((SECONDS - t0)) s"

# 2. The base, a second build of it, and the plain build's counts.
bench base/build base-bench
cp -r base base2
rm -rf base2/build
configure base2 base2/build
bench base2/build base2-bench
python3 "$HERE/../e2e/google-benchmark/Inputs/check_bench.py" same base-bench base2-bench
RC='snappy::RawCompress(char const*, unsigned long, char*, unsigned long*)'
RU='snappy::RawUncompress(char const*, unsigned long, char*)'
IV='snappy::IsValidCompressedBuffer(char const*, unsigned long)'
(cd "$SRC" && python3 "$HERE/snappy/plain_counts.py" "$WORK/base-bench" \
  "$WORK/plain/build/snappy_benchmark" 2 \
  "BM_ZFlat/0=$RC" "BM_ZFlat/1=$RC" "BM_ZFlat/4=$RC" \
  "BM_UFlat/0=$RU" "BM_UFlat/1=$RU" "BM_UValidate/0=$IV" "BM_UValidate/4=$IV") 2>/dev/null

# 3. The head: an extra pass over the input in CompressFragment.
cp -r base head
rm -rf head/build
python3 - head/snappy.cc <<'PY'
import sys
p = sys.argv[1]
s = open(p).read()
anchor = "  const char* base_ip = ip;\n"
assert s.count(anchor) == 1
s = s.replace(anchor, anchor + "  { volatile uint32_t extra = 0;\n"
              "    for (size_t i = 0; i < input_size; ++i) extra += uint8_t(input[i]); }\n")
open(p, "w").write(s)
PY
configure head head/build
bench head/build head-bench

# 4. The recipe, from the repository's root (where hotpath/ is).
mkdir -p repo
cp base/hotpath.toml repo/
(cd repo && "$HOTPATH" init --ci) | tee init.log
grep -qx 'kept ./hotpath.toml (it exists)' init.log
cd repo
set +e
"$HOTPATH" diff ../base-bench ../head-bench --format markdown >../comment.md
status=$?
"$HOTPATH" diff ../base-bench ../base2-bench --format markdown >../same.md
same=$?
"$HOTPATH" diff ../no-baseline-yet ../head-bench --format markdown >../first.md
first=$?
set -e
cd ..
python3 "$HERE/snappy/check_comment.py" comment.md "$status" same.md "$same" first.md "$first"
echo "snappy-ci: done in $((SECONDS - t0)) s"
