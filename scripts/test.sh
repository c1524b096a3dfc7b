#!/usr/bin/env bash
# Runs the whole test suite: installs what is needed, checks the habits
# (scripts/check-habits.sh), builds everything with LLVM 19 (plugin,
# runtime, tool, examples, tests) and the plugin alone with LLVM 14, all
# with -Wall -Wextra -Werror, then runs ctest in both builds, then builds
# everything but the plugin with ASan and UBSan (HOTPATH_SANITIZE, with the
# fuzzers of test/fuzz) and runs the suite and the fuzzers there. Exits
# non-zero if any step fails.
#
#   bash scripts/test.sh            (as root on Debian 12, or with sudo)
#
# Environment: HOTPATH_JOBS (default nproc), HOTPATH_BUILD_DIR (default
# build; the LLVM 14 build goes to <it>-llvm14, the sanitizer build to
# <it>-san), CI=true for plain output.
set -uo pipefail
cd "$(dirname "$0")/.."
BUILD=${HOTPATH_BUILD_DIR:-build}
BUILD14=$BUILD-llvm14
JOBS=${HOTPATH_JOBS:-$(nproc)}
START=$SECONDS

step() { printf '\n==> [%dm%02ds] %s\n' $(((SECONDS - START) / 60)) $(((SECONDS - START) % 60)) "$*"; }
results=()
status=0
# Every ctest run's output is kept so that the summary can add them up.
CTEST_LOG=$(mktemp)
trap 'rm -f "$CTEST_LOG"' EXIT
run_ctest() { # run_ctest <ctest args...>; returns ctest's status
  ctest "$@" 2>&1 | tee -a "$CTEST_LOG"
  return "${PIPESTATUS[0]}"
}
record() { # record <name> <exit status>
  if [ "$2" -eq 0 ]; then results+=("ok      $1"); else results+=("FAILED  $1"); status=1; fi
}

step "1/6 Installing the dependencies (Debian packages; skipped when present)"
bash scripts/setup.sh || { echo "setup failed"; exit 1; }
# Habits: no citations of documents users lack, clang-format clean, no
# include cycle between folders (scripts/check-habits.sh).
bash scripts/check-habits.sh
record "habits (citations, format, include cycles)" $?

step "2/6 Building with LLVM 19 in $BUILD/ (everything)"
cmake -S . -B "$BUILD" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DHOTPATH_WERROR=ON &&
  cmake --build "$BUILD" -j "$JOBS"
build19=$?
record "build, LLVM 19" $build19

step "3/6 Building the plugin alone with LLVM 14 in $BUILD14/"
cmake -S . -B "$BUILD14" -G Ninja -DHOTPATH_LLVM_VERSION=14 -DHOTPATH_PLUGIN_ONLY=ON \
  -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 -DHOTPATH_WERROR=ON &&
  cmake --build "$BUILD14" -j "$JOBS"
build14=$?
record "build, LLVM 14 (plugin only)" $build14

# A failed build still runs the tests that did build: more information.
step "4/6 Tests, LLVM 19 (ctest in $BUILD/)"
run_ctest --test-dir "$BUILD" --output-on-failure -j "$JOBS" --timeout 600
record "tests, LLVM 19" $?

step "5/6 Tests, LLVM 14 (ctest in $BUILD14/)"
# One at a time: LLVM 14's lit rewrites the suite's .lit_test_times.txt
# after every run and cannot be told not to (test/CMakeLists.txt); two lit
# processes at once can tear it, and every lit started after fails before
# its test (a CI run lost 38 of 47 so). 47 IR tests: about 15 s.
run_ctest --test-dir "$BUILD14" --output-on-failure -j 1 --timeout 600
record "tests, LLVM 14" $?

# The sanitizer build (docs/ci.md): runtime, tool, examples, unit and lit
# tests under ASan and UBSan, and the libFuzzer targets (test/fuzz, which
# need the sanitizers anyway), each run HOTPATH_FUZZ_SECONDS (30). The peer
# suites (label peer) stay in step 4: they double this step's time.
step "6/6 Sanitizer build (ASan, UBSan) and fuzzing in $BUILD-san/"
cmake -S . -B "$BUILD-san" -G Ninja -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DHOTPATH_SANITIZE=ON -DHOTPATH_BUILD_FUZZERS=ON -DHOTPATH_WERROR=ON \
  -DHOTPATH_FUZZ_SECONDS="${HOTPATH_FUZZ_SECONDS:-30}" &&
  cmake --build "$BUILD-san" -j "$JOBS"
record "build, sanitizers" $?
run_ctest --test-dir "$BUILD-san" -LE peer --output-on-failure -j "$JOBS" --timeout 600
record "tests and fuzzing, sanitizers" $?

step "Summary"
printf '  %s\n' "${results[@]}"
# Why tests were skipped, by build and reason, so that a skip is never a
# mystery: "requires llvm-14" in the LLVM 19 build is expected, "requires
# valgrind" on a machine without it is not.
reasons=$(bash scripts/skip-reasons.sh "$BUILD" "$BUILD14" "$BUILD-san")
if [ -n "$reasons" ]; then
  echo "  skipped tests, by build and reason:"
  printf '%s\n' "$reasons" | sed 's/^/    /'
fi
[ $status -eq 0 ] && echo "All suites passed." || echo "Some suites FAILED (see above)."
# One closing line over all suites ("N passed, N failed, N skipped"), from
# ctest's own "tests passed, F tests failed out of T" lines and its list of
# tests that did not run (T counts skipped ones, lit's unsupported tests).
awk '/tests passed, [0-9]+ tests failed out of/ { f += $(NF-5); t += $NF }
     /^[ \t]+[0-9]+ - .* \(Skipped\)$/ { s++ }
     END { printf "total: %d passed, %d failed, %d skipped\n", t - f - s, f, s }' "$CTEST_LOG"
exit $status
