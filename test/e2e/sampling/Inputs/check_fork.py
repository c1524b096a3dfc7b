"""Each process's report has its own samples (fork.c).

check_fork.py HOTPATH PREFIX: PREFIX.<pid>.json, the parent's and the child's.
"""
import glob
import json
import subprocess
import sys

hotpath, prefix = sys.argv[1], sys.argv[2]
reports = sorted(glob.glob(prefix + ".*.json"))
assert len(reports) == 2, reports
seen = {}
for path in reports:
    rep = json.loads(subprocess.check_output([hotpath, "report", path, "--format", "json"]))
    rows = {r["name"]: r for r in rep["functions_timing"]["data"]}
    cpu = rep["cpu_samples"]
    assert cpu["samples"] > 50 and cpu["threads"] == 1, (path, cpu["samples"], cpu["threads"])
    kind = "child" if "child_work" in rows else "parent"
    seen[kind] = True
    own = rows[kind + "_work"]
    # The process's samples are its own function's: nearly all of them.
    assert own["cpu"] >= 0.9 * cpu["cpu_ns"], (path, own, cpu["cpu_ns"])
    if kind == "child":
        assert "parent_work" not in rows, rows.keys()
assert set(seen) == {"child", "parent"}, seen
print("ok")
