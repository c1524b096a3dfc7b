#!/usr/bin/env python3
"""Compares hotpath bench's instruction counts with the plain build's.

  plain_counts.py BENCH_DIR PLAIN_EXE MAX_PERCENT BENCHMARK=FUNCTION...

For each BENCHMARK, runs PLAIN_EXE (the same suite built without hotpath)
under Callgrind as `hotpath bench` runs it (one iteration in each of ten
repetitions), takes FUNCTION's inclusive instructions a call from
callgrind_annotate, and checks that the report BENCH_DIR/<benchmark>.json
gives FUNCTION within MAX_PERCENT of it. Prints one line per benchmark;
exit status 1 when one is off or missing.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


def plain_per_call(exe, bench, function, tmp):
    out = os.path.join(tmp, re.sub(r"\W", "_", bench) + ".cg")
    # Without address-space randomisation, as hotpath bench runs.
    subprocess.run(["setarch", os.uname().machine, "-R",
                    "valgrind", "-q", "--tool=callgrind", "--callgrind-out-file=" + out,
                    exe, "--benchmark_filter=^%s$" % re.escape(bench),
                    "--benchmark_min_time=0", "--benchmark_repetitions=10"],
                   check=True, stdout=subprocess.DEVNULL)
    text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--tree=caller",
                           "--auto=no", "--threshold=100", out],
                          check=True, capture_output=True, text=True).stdout
    total, calls = None, 0
    for line in text.splitlines():
        m = re.match(r"^\s*([\d,]+) \([^)]*\)\s+([<*])\s+\S*?:(.*?)(?: \((\d+)x\))?(?: \[.*\])?$", line)
        if not m:
            continue
        if m.group(2) == "*":
            if total is not None and m.group(3) != function:
                break  # the next function's block
            if m.group(3) == function:
                total = int(m.group(1).replace(",", ""))
            else:
                calls = 0
        elif total is None and m.group(4):
            calls += int(m.group(4))
    if total is None or not calls:
        sys.exit("plain_counts: %s: no %s in the plain build's profile" % (bench, function))
    return total / calls, calls


def main(argv):
    bench_dir, exe, limit = argv[1], argv[2], float(argv[3])
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for pair in argv[4:]:
            bench, function = pair.split("=", 1)
            path = os.path.join(bench_dir, re.sub(r"[^A-Za-z0-9_.~-]", "-", bench) + ".json")
            rows = {r["name"]: r for r in json.load(open(path))["functions_icount"]["data"]}
            if function not in rows:
                print("%s: %s is not in %s" % (bench, function, path))
                bad += 1
                continue
            measured = rows[function]["total"] / rows[function]["calls"]
            plain, calls = plain_per_call(exe, bench, function, tmp)
            off = (measured - plain) / plain * 100
            ok = abs(off) <= limit
            bad += not ok
            print("%s: %s %.0f Ir a call, plain build %.0f (%d calls): %+.2f%% %s"
                  % (bench, function.split("(")[0], measured, plain, calls, off,
                     "ok" if ok else "OFF BY MORE THAN %g%%" % limit))
    return 1 if bad else 0


sys.exit(main(sys.argv))
