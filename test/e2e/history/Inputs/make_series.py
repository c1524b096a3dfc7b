"""Writes a series of reports from one real report: run I (1-based) has
its own pid, start time and commit, and the named function's figures
scaled by VALUES[I] (a file of one number a line: a recorded series) or by
FACTOR from run STEP on.

  make_series.py TEMPLATE.json OUTDIR RUNS FUNCTION --metric icount|time
                 [--step N --factor F] [--values FILE] [--start-pid P]

For time, the function's row becomes a timed one (time_source measured) of
avg = the value; for icount, avg and total scale, and self with them.
"""
import argparse
import copy
import json
import os

ap = argparse.ArgumentParser()
ap.add_argument("template")
ap.add_argument("outdir")
ap.add_argument("runs", type=int)
ap.add_argument("function")
ap.add_argument("--metric", choices=["icount", "time"], required=True)
ap.add_argument("--step", type=int, default=0)
ap.add_argument("--factor", type=float, default=1.0)
ap.add_argument("--values")
ap.add_argument("--start-pid", type=int, default=1000)
ap.add_argument("--start-time", type=int, default=1700000000000000000)
a = ap.parse_args()

base = json.load(open(a.template))
values = [float(l) for l in open(a.values)] if a.values else None
os.makedirs(a.outdir, exist_ok=True)
for i in range(1, a.runs + 1):
    d = copy.deepcopy(base)
    m = d["meta"]
    m["pid"] = a.start_pid + i
    m["start_unix_ns"] = a.start_time + i * 60 * 10**9
    m["git_commit"] = "%02dc0ffee" % i + "0" * 32
    scale = a.factor if a.step and i >= a.step else 1.0
    found = False
    if a.metric == "icount":
        for r in d["functions_icount"]["data"]:
            if r["name"].startswith(a.function):
                found = True
                r["avg"] = int(round(r["avg"] * scale))
                r["total"] = r["avg"] * r["calls"]
                if "self" in r:
                    r["self"] = int(round(r["self"] * scale))
    else:
        v = values[i - 1] if values else 1e6
        for r in d["functions_timing"]["data"]:
            if r["name"].startswith(a.function):
                found = True
                r["time_source"] = "measured"
                r["avg"] = int(round(v * scale))
                r["total"] = r["avg"] * r["calls"]
                r["min"] = r["max"] = r["avg"]
                for k in list(r):
                    if k.startswith("p") and k[1:].isdigit():
                        r[k] = r["avg"]
    assert found, a.function
    json.dump(d, open(os.path.join(a.outdir, "r%02d.json" % i), "w"))
