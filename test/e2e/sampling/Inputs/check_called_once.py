"""Checks called-once.c's count-only report with CPU samples: crunch's
calls exact, and the samples of its body, inlined into main through the
fast path's copy, charged to it.

check_called_once.py HOTPATH REPORT.json
"""
import json
import subprocess
import sys

hotpath, path = sys.argv[1], sys.argv[2]
rep = json.loads(subprocess.check_output([hotpath, "report", path, "--format", "json"]))
rows = {r["name"]: r for r in rep["functions_timing"]["data"]}
crunch = rows["crunch"]
assert crunch["calls"] == 4000, crunch
cpu = json.load(open(path))["cpu_samples"]
# Nearly all of the run is crunch's loop and its leaf (a sampled frame
# below it); main's own loop around it is a few instructions a call.
assert cpu["samples"] >= 50, cpu["samples"]
assert crunch.get("cpu", 0) >= 0.8 * cpu["cpu_ns"], (crunch, cpu["cpu_ns"])
print("ok: crunch %d calls, %.0f%% of the samples' CPU" % (
    crunch["calls"], 100.0 * crunch["cpu"] / cpu["cpu_ns"]))
