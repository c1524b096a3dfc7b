#!/usr/bin/env bash
# Prints why tests were skipped, by build and reason, from the ctest logs of
# the given build directories: lit's own words ("Test requires the
# following unavailable features: valgrind"), which the lit tests put in
# ctest's log (they run with -a, test/CMakeLists.txt). Nothing when nothing
# was skipped.
#
#   bash scripts/skip-reasons.sh build build-llvm14 build-san
set -uo pipefail
for b in "$@"; do
  log=$b/Testing/Temporary/LastTest.log
  [ -f "$log" ] || continue
  sed -n -e "s|^Test requires the following unavailable features: \(.*\)|$b: requires \1|p" \
    -e "s|^Test does not support the following features and/or targets: \(.*\)|$b: not supported with \1|p" \
    "$log"
done | sort | uniq -c | sort -k1,1rn -k2 | sed 's/^ *\([0-9]*\) /\1 × /'
