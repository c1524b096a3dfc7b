#!/usr/bin/env bash
# GoogleTest's own test suite, instrumented everywhere (include = [".*"]):
# built plain, with the plugin at -O0 and at -O2; every test binary must
# pass as in the plain build (same tests, same verdicts), every process
# must write a report, and the call counts must be equal at -O0 and -O2
# (compare_counts.py lists what may legitimately differ, and why).
#
#   gtest-suite.sh <hotpath build dir> <work dir> <clang> <clang++>
set -euo pipefail
OBJ=$1 WORK=$2 CC=$3 CXX=$4
HERE=$(cd "$(dirname "$0")" && pwd)
SRC=/usr/src/googletest
# A subset of gtest's binaries, chosen for what they exercise: death tests
# (fork, clone+exec, exit codes), exceptions thrown through measured frames
# (and caught by gtest), threads (stress test, port's mutexes and
# thread-locals), typed/parameterized templates. gtest_unittest (7,700
# lines) alone would double the build time: see test/peer/README.md.
TESTS=(googletest-death-test-test gtest-death-test_ex_catch_test
  gtest_throw_on_failure_ex_test gtest_stress_test googletest-port-test
  googletest-param-test-test gtest-typed-test_test googletest-listener-test)

[ -d "$SRC/googletest/test" ] || { echo "no $SRC (libgtest-dev)"; exit 1; }
mkdir -p "$WORK"
cat > "$WORK/hotpath.toml" <<TOML
[functions]
include = [".*"]
main = true
TOML
RT="$OBJ/runtime/libhotpath_rt.so"

build() { # build <name> <opt> <instrument 0|1>
  local dir=$WORK/$1 flags="-$2 -gdwarf-4"
  local libs="" # the runtime: CMake's own compiler checks link too
  if [ "$3" = 1 ]; then
    flags="$flags -fpass-plugin=$OBJ/pass/libhotpath.so"
    libs="-Wl,-rpath,$OBJ/runtime $RT"
  fi
  local t0=$SECONDS
  # Ninja does not know that the objects depend on the plugin: a directory
  # of an earlier run would keep objects the plugin of then selected.
  rm -rf "$dir"
  HOTPATH_CONFIG=$WORK/hotpath.toml cmake -S "$SRC" -B "$dir" -G Ninja \
    -DCMAKE_BUILD_TYPE=None -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
    -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" \
    -DCMAKE_EXE_LINKER_FLAGS="$libs" \
    -DBUILD_GMOCK=OFF -Dgtest_build_tests=ON >"$WORK/$1.configure.log" 2>&1 ||
    { cat "$WORK/$1.configure.log"; return 1; }
  # The plugin reads HOTPATH_CONFIG when it compiles.
  HOTPATH_CONFIG=$WORK/hotpath.toml cmake --build "$dir" -j "${HOTPATH_JOBS:-2}" \
    --target "${TESTS[@]}" >"$WORK/$1.build.log" 2>&1 ||
    { tail -50 "$WORK/$1.build.log"; return 1; }
  echo "built $1 in $((SECONDS - t0)) s"
}

build plain O0 0 # the reference verdicts: any level will do, -O0 builds fastest
build O0 O0 1
build O2 O2 1
python3 "$HERE/compare_counts.py" "$WORK" "${TESTS[@]}"
