"""Prints one benchmark's icount findings of a `hotpath diff --format json`
of two bench directories: name (without arguments), outcome, cause, via,
and whether it fails or is listed under its cause; then the totals.

  causes.py DIFF.json BENCHMARK
"""
import json
import sys

doc = json.load(open(sys.argv[1]))
bench = next(b for b in doc["benchmarks"] if b["benchmark"] == sys.argv[2])
diff = bench["diff"]
section = next(s for s in diff["sections"] if s["section"] == "functions_icount")
assert section["self_metric"] == "self_icount", section["self_metric"]
for row in sorted(section["rows"], key=lambda r: r["name"]):
    if row["outcome"] != "regression":
        continue
    state = "under its cause" if row["under_cause"] else ("failing" if row["failing"] else "not failing")
    print(row["name"].split("(")[0], row["outcome"], row["cause"], row["via"] or "-", state)
print("exit %d, %d failing, %d under causes" % (diff["exit_code"], diff["summary"]["failing"], diff["summary"]["under_causes"]))
