#!/usr/bin/env python3
"""Checks `hotpath bench` reports of examples/algorithms_bench.

  check_bench.py suite DIR ITERATIONS    the cost shapes of one run
  check_bench.py same DIR_A DIR_B        two runs did identical work
  check_bench.py trackers DIR BMF GAB    the exports of DIR, by shape

suite: one merged report per benchmark, named by meta.benchmark, with
meta.benchmark_iterations = ITERATIONS and Google Benchmark's own results
beside it; setup and paused time left out (algo::makeInput never appears); the checksum's
instructions double with its input; encode allocates exactly 4096 bytes
once per iteration and thread; the two chases execute the same
instructions, the shuffled one with many more cache misses.
"""
import json
import os
import sys

fails = []


def check(cond, msg):
    if not cond:
        fails.append(msg)


def load_dir(d):
    out = {}
    for f in sorted(os.listdir(d)):
        if f.endswith(".json") and not f.endswith(".gbench.json"):
            r = json.load(open(os.path.join(d, f)))
            out[r["meta"]["benchmark"]] = (f, r)
    return out


def rows(report, section):
    return {r["name"].split("(")[0]: r for r in report.get(section, {}).get("data", [])}


def suite(d, iterations):
    reps = load_dir(d)
    expected = ["BM_Chase/sequential", "BM_Chase/shuffled", "BM_Checksum/1024",
                "BM_Checksum/2048", "BM_Encode", "BM_Encode/threads:2",
                "BM_EncodeFresh"]
    check(sorted(reps) == expected, "benchmarks %s" % sorted(reps))
    for name, (f, r) in reps.items():
        m = r["meta"]
        check(m["run"] == "merged", "%s: run %s" % (name, m["run"]))
        check(m.get("benchmark_iterations") == iterations,
              "%s: benchmark_iterations %r" % (name, m.get("benchmark_iterations")))
        for sec in ("functions_timing", "functions_icount", "functions_alloc"):
            check("algo::makeInput" not in rows(r, sec),
                  "%s: setup (algo::makeInput) in %s" % (name, sec))
        g = json.load(open(os.path.join(d, f[:-5] + ".gbench.json")))
        runs = [b for b in g["benchmarks"] if b.get("run_type") != "aggregate"]
        threads = runs[0].get("threads", 1) if runs else 1
        check(sum(b["iterations"] for b in runs) == iterations * threads,
              "%s: Google Benchmark ran %r" % (name, [b["iterations"] for b in runs]))
    if fails:
        return
    per_thread = {"BM_Encode": 1, "BM_Encode/threads:2": 2, "BM_EncodeFresh": 1}
    for name, threads in per_thread.items():
        a = rows(reps[name][1], "functions_alloc")["algo::encode"]
        n = iterations * threads
        check(a["calls"] == n and a["allocs"] == n and a["total"] == 4096 * n,
              "%s: encode allocs %d, bytes %d in %d calls" % (name, a["allocs"], a["total"], a["calls"]))
        t = rows(reps[name][1], "functions_timing")["algo::encode"]
        check(t["calls"] == n, "%s: encode timed %d calls" % (name, t["calls"]))
    c1 = rows(reps["BM_Checksum/1024"][1], "functions_icount")["algo::checksum"]
    c2 = rows(reps["BM_Checksum/2048"][1], "functions_icount")["algo::checksum"]
    check(c1["calls"] == c2["calls"] == iterations, "checksum calls %d, %d" % (c1["calls"], c2["calls"]))
    ratio = c2["total"] / c1["total"]
    check(1.99 <= ratio <= 2.01, "checksum Ir 2048/1024 = %.4f, not 2" % ratio)
    s = rows(reps["BM_Chase/sequential"][1], "functions_icount")["algo::chase"]
    h = rows(reps["BM_Chase/shuffled"][1], "functions_icount")["algo::chase"]
    check(s["total"] == h["total"], "chase Ir %d vs %d" % (s["total"], h["total"]))
    sc = rows(reps["BM_Chase/sequential"][1], "functions_cache")["algo::chase"]
    hc = rows(reps["BM_Chase/shuffled"][1], "functions_cache")["algo::chase"]
    check(hc["d1mr"] > 10 * max(1, sc["d1mr"]),
          "chase D1 misses: shuffled %d, sequential %d" % (hc["d1mr"], sc["d1mr"]))
    print("check_bench: suite ok, checksum ratio %.4f, chase D1 misses %d vs %d"
          % (ratio, sc["d1mr"], hc["d1mr"]))


def same(a, b):
    ra, rb = load_dir(a), load_dir(b)
    check(sorted(ra) == sorted(rb), "benchmarks differ")
    n = 0
    for name in ra:
        for sec, keys in (("functions_icount", ("calls", "total")),
                          ("functions_alloc", ("calls", "allocs", "total", "freed")),
                          ("functions_timing", ("calls",))):
            x, y = rows(ra[name][1], sec), rows(rb[name][1], sec)
            check(sorted(x) == sorted(y), "%s %s: functions differ" % (name, sec))
            for fn in x:
                for k in keys:
                    n += 1
                    check(x[fn].get(k) == y.get(fn, {}).get(k),
                          "%s %s %s.%s: %r vs %r" % (name, sec, fn, k, x[fn].get(k), y.get(fn, {}).get(k)))
    print("check_bench: %d figures identical in both runs" % n)


def trackers(d, bmf, gab):
    reps = load_dir(d)
    b = json.load(open(bmf))
    g = json.load(open(gab))
    check(isinstance(b, dict) and isinstance(g, list), "export types")
    gab_names = {e["name"] for e in g}
    for e in g:
        check(set(e) <= {"name", "unit", "value", "range", "extra"} and
              isinstance(e["name"], str) and isinstance(e["unit"], str) and
              isinstance(e["value"], (int, float)), "bad entry %r" % e)
    for name, (f, r) in reps.items():
        for fn, row in rows(r, "functions_icount").items():
            full = name + "::" + row["name"]
            check(1 <= len(full) <= 1024, "name length %d" % len(full))
            entry = b.get(full)
            check(isinstance(entry, dict), "bmf: no entry %s" % full)
            if not isinstance(entry, dict):
                continue
            for slug, m in entry.items():
                check(1 <= len(slug) <= 64 and isinstance(m, dict) and
                      set(m) <= {"value", "lower_value", "upper_value"} and
                      isinstance(m.get("value"), (int, float)), "bmf: %s/%s %r" % (full, slug, m))
            check(entry["calls"]["value"] == row["calls"], "bmf: %s calls" % full)
            check(abs(entry["instructions"]["value"] - row["total"] / row["calls"]) < 1e-6,
                  "bmf: %s instructions" % full)
            check(full + " - instructions" in gab_names, "gab: no %s - instructions" % full)
    print("check_bench: %d bmf entries, %d github-action-benchmark entries" % (len(b), len(g)))


def trackers_default(d, bmf):
    reps = load_dir(d)
    b = json.load(open(bmf))
    for name, (f, r) in reps.items():
        entry = b.get(name)
        check(isinstance(entry, dict), "bmf: no entry for the benchmark %s" % name)
        if not isinstance(entry, dict):
            continue
        it = r["meta"]["benchmark_iterations"]
        check(abs(entry["instructions"]["value"] - r["functions_icount"]["total_ir"] / it) < 1e-6,
              "bmf: %s instructions per iteration" % name)
        check("instrumented-time" in entry and "latency" not in entry,
              "bmf: %s measures %s" % (name, sorted(entry)))
        fns = [k for k in b if k.startswith(name + "::")]
        want = min(5, len(rows(r, "functions_icount")))
        check(len(fns) == want, "bmf: %s has %d functions, not %d" % (name, len(fns), want))
    print("check_bench: %d bmf entries by default" % len(b))


def main():
    kind = sys.argv[1]
    if kind == "suite":
        suite(sys.argv[2], int(sys.argv[3]))
    elif kind == "same":
        same(sys.argv[2], sys.argv[3])
    elif kind == "trackers-default":
        trackers_default(sys.argv[2], sys.argv[3])
    else:
        trackers(*sys.argv[2:5])
    for f in fails:
        print("check_bench: " + f)
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
