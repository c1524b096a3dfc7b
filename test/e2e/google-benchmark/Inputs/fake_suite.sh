#!/bin/sh
# A stand-in for a Google Benchmark program that misbehaves, as
# FAKE_SUITE says: "endless" lists benchmarks forever, "hang" lists one and
# then never ends its run, "twice" lists one name twice.
for a in "$@"; do
  case "$a" in
  --benchmark_list_tests=true)
    case "$FAKE_SUITE" in
    endless) exec yes BM_endless ;;
    twice) printf 'BM_twice\nBM_twice\n'; exit 0 ;;
    *) echo BM_hang; exit 0 ;;
    esac ;;
  esac
done
exec sleep 1000
