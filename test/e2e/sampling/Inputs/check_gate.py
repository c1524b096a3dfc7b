"""Checks gate-cost.c: in a count-only run the gate's samples are the cost
of measuring; an inlined unmeasured function is a sampled frame marked
inlined.

check_gate.py HOTPATH REPORT.json
"""
import json
import re
import subprocess
import sys

hotpath, path = sys.argv[1], sys.argv[2]
out = subprocess.check_output([hotpath, "report", path], text=True)
print(out.splitlines()[1:4])
# No hook ran: every sample of hotpath's code is in a gate. The gate runs
# 200 million times next to a multiply chain: a few percent of the CPU at
# least (about 15% on the team's machine).
m = re.search(r"cpu samples in hotpath's own code: ([\d.]+)%", out)
assert m and float(m.group(1)) >= 2.0, out
rep = json.loads(subprocess.check_output([hotpath, "report", path, "--format", "json"]))
nodes = rep["call_tree"]["nodes"]
mix = [n for n in nodes if n["name"] == "mix" and n.get("kind") == "sampled"
       and nodes[n["parent"]]["name"] == "inlined_same"]
assert mix and all(n.get("inlined") for n in mix), mix
# No sampled frame named after the gate: it is hotpath's, in no tree.
assert not any(n["name"].startswith("__hotpath") for n in nodes), nodes
print("ok")
