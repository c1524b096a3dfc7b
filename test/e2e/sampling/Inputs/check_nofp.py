"""Checks no-frame-pointers.c: samples in library code without frame
pointers go to the measured function that called it.

check_nofp.py HOTPATH REPORT.json
"""
import json
import re
import subprocess
import sys

hotpath, path = sys.argv[1], sys.argv[2]
rep = json.loads(subprocess.check_output([hotpath, "report", path, "--format", "json"]))
total = rep["cpu_samples"]["cpu_ns"]
rows = {r["name"]: r for r in rep["functions_timing"]["data"]}
lib, clob, outer = rows["calls_library"], rows["calls_clobbering"], rows["outer"]
shares = {k: rows[k].get("cpu_self", 0) / total for k in rows}
print("self CPU shares:", {k: round(v, 3) for k, v in shares.items()})
# Each caller has its library time (the two take about the same time; 25%
# either way is a machine far busier than a sample's noise).
assert shares["calls_library"] >= 0.25, shares
assert shares["calls_clobbering"] >= 0.25, shares
assert shares["calls_library"] + shares["calls_clobbering"] >= 0.9, shares
assert shares["outer"] <= 0.05, shares
# The library frames below their callers, in the tree.
nodes = rep["call_tree"]["nodes"]
def children(name):
    ids = [i for i, n in enumerate(nodes) if n["name"] == name]
    return {n["name"] for n in nodes if n["parent"] in ids}
assert "nofp_outer" in children("calls_library"), children("calls_library")
assert "nofp_inner" in children("nofp_outer"), children("nofp_outer")
assert "nofp_clobbers_bp" in children("calls_clobbering"), children("calls_clobbering")
# Next to nothing outside measured code (a sample in main, before outer,
# may be).
out = subprocess.check_output([hotpath, "report", path], text=True)
m = re.search(r"outside measured functions: ([\d.<]+)%", out)
assert not m or m.group(1).startswith("<") or float(m.group(1)) <= 2.0, out
print("ok")
