#!/usr/bin/env python3
"""What `hotpath history` costs: `add` of a 57-benchmark directory (as
`hotpath bench` writes one: 20 measured functions a benchmark), and
`check` over 1,000 runs × 500 functions, instructions (exact steps) and
time (the rank test), on an SQLite file. The reports are made from the
test's real report (test/e2e/history/Inputs/template.json), each function
a copy of its leaf with its own name and figures.

  python3 bench/history.py HOTPATH [WORKDIR]

Prints one line a figure (wall time, best of 3 for add and check).
"""
import copy
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

HOTPATH = sys.argv[1]
WORK = sys.argv[2] if len(sys.argv) > 2 else tempfile.mkdtemp()
HERE = os.path.dirname(os.path.abspath(__file__))
TEMPLATE = json.load(open(os.path.join(HERE, "..", "test", "e2e", "history", "Inputs", "template.json")))


def report(bench, functions, run, rng):
    d = copy.deepcopy(TEMPLATE)
    d["meta"].update(benchmark=bench, pid=1000 + run, start_unix_ns=1700000000000000000 + run * 10**9,
                     git_commit="%040x" % run)
    leaf = lambda s: [r for r in d[s]["data"] if r["name"].startswith("work::leaf")][0]
    rows = {s: [] for s in ("functions_timing", "functions_icount", "functions_alloc")}
    for f in range(functions):
        for s in rows:
            r = copy.deepcopy(leaf(s))
            r["name"] = "app::fn%03d(int)" % f
            if s == "functions_timing":
                r.update(time_source="measured", avg=int(1000 * (1 + rng.random() * 0.3)))
                r["total"] = r["avg"] * r["calls"]
            if s == "functions_icount":
                r["avg"] = 100 + f
                r["total"] = r["avg"] * r["calls"]
            rows[s].append(r)
    for s in rows:
        d[s]["data"] = rows[s]
    d.pop("icount_calls", None)
    return d


def timed(cmd):
    best = None
    for _ in range(3):
        t0 = time.monotonic()
        p = subprocess.run(cmd, capture_output=True, text=True)
        t = time.monotonic() - t0
        if p.returncode not in (0, 3):
            sys.exit("failed: %s: %s" % (" ".join(cmd), p.stderr))
        best = t if best is None else min(best, t)
    return best


rng = random.Random(1)
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
# add: a 57-benchmark directory.
bench_dir = os.path.join(WORK, "bench")
os.makedirs(bench_dir)
for b in range(57):
    json.dump(report("BM_%02d" % b, 20, 1, rng), open(os.path.join(bench_dir, "BM_%02d.json" % b), "w"))
store = os.path.join(WORK, "add.db")
t_add_new = None
for _ in range(3):
    if os.path.exists(store):
        os.remove(store)
    t0 = time.monotonic()
    subprocess.run([HOTPATH, "history", "add", bench_dir, "--store", store], check=True, capture_output=True)
    t = time.monotonic() - t0
    t_add_new = t if t_add_new is None else min(t_add_new, t)
print("add, 57 benchmarks x 20 functions (a new store): %.3f s" % t_add_new)
print("add, the same directory again (already stored): %.3f s" %
      timed([HOTPATH, "history", "add", bench_dir, "--store", store]))
# check: 1,000 runs x 500 functions.
store = os.path.join(WORK, "check.db")
one = os.path.join(WORK, "one.json")
for run in range(1, 1001):
    json.dump(report("BM_big", 500, run, rng), open(one, "w"))
    subprocess.run([HOTPATH, "history", "add", one, "--store", store], check=True, capture_output=True)
print("check --metric icount, 1,000 runs x 500 functions: %.2f s" %
      timed([HOTPATH, "history", "check", "--store", store, "--metric", "icount"]))
print("check --metric time, 1,000 runs x 500 functions: %.2f s" %
      timed([HOTPATH, "history", "check", "--store", store, "--metric", "time"]))
print("show one function over 1,000 runs: %.2f s" %
      timed([HOTPATH, "history", "show", "app::fn007", "--store", store, "--metric", "time"]))
