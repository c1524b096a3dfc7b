"""A sampled report (argv[1], rate argv[2]) tells the truth it can:
the rate is in meta, the figures are marked estimated, every function with
calls has a time, a parent whose work is in its children has a small self,
and the call tree is consistent (no child above its parent, no top-level
call above the session times the threads)."""
import json
import sys

r = json.load(open(sys.argv[1]))
rate = float(sys.argv[2])
names = sys.argv[3:]
bad = []
if r["meta"].get("sampling_rate") != rate:
    bad.append("meta.sampling_rate %r" % r["meta"].get("sampling_rate"))
if r["functions_timing"].get("sampling_rate") != rate:
    bad.append("functions_timing.sampling_rate %r" % r["functions_timing"].get("sampling_rate"))
tree = r["call_tree"]
if not tree.get("estimated"):
    bad.append("call_tree not marked estimated")
rows = {x["name"]: x for x in r["functions_timing"]["data"]}
for n in names:
    if n not in rows:
        bad.append("%s: no row" % n)
    elif rows[n]["total"] <= 0:
        bad.append("%s: %d calls, total 0" % (n, rows[n]["calls"]))
run = rows.get("app_run")
if run and not run.get("self", run["total"]) < run["total"] / 2:
    bad.append("app_run: self %s of total %d: its children's time is in it" % (run.get("self"), run["total"]))
nodes = tree["nodes"]
threads = len(r["threads"]["data"])
top = 0
for n in nodes:
    p = n["parent"]
    if p is not None and n["total"] > nodes[p]["total"]:
        bad.append("tree: %s %d above its parent %s %d" % (n["name"], n["total"], nodes[p]["name"], nodes[p]["total"]))
    if p is None:
        top += n["total"]
# Estimates: a sampled total may pass what it estimates by a few percent.
limit = r["meta"]["elapsed_ns"] * threads * 1.25
if top > limit:
    bad.append("tree: top-level calls %d ns, session %d ns x %d threads" % (top, r["meta"]["elapsed_ns"], threads))
for b in bad:
    print(b)
print("check_sampling: app_run self %s of %s" % (run and run.get("self"), run and run["total"]))
sys.exit(1 if bad else 0)
