"""A report of a run that asked for the retired sampled mode (argv[1]):
the default mode ran and said why, every named function (argv[2:]) has
its exact calls, nothing is extrapolated, and no row's wall time passes
the session times the threads."""
import json
import sys

r = json.load(open(sys.argv[1]))
bad = []
meta = r["meta"]
if meta.get("mode") != "default":
    bad.append("meta.mode %r" % meta.get("mode"))
if not any("sampled mode" in w and "retired" in w for w in meta.get("warnings", [])):
    bad.append("no warning that the sampled mode is retired: %r" % meta.get("warnings"))
if "call_tree" in r:
    bad.append("a runtime call tree (the default mode's comes from the samples)")
rows = {x["name"]: x for x in r["functions_timing"]["data"]}
limit = meta["elapsed_ns"] * max(1, len(r["threads"]["data"]))
for n in sys.argv[2:]:
    if n not in rows or rows[n]["calls"] <= 0:
        bad.append("%s: no calls" % n)
for n, x in rows.items():
    if x.get("time_source") == "estimated":
        bad.append("%s: an estimated time" % n)
    if x["total"] > limit:
        bad.append("%s: total %d ns above the session x threads %d ns" % (n, x["total"], limit))
for b in bad:
    print(b)
sys.exit(1 if bad else 0)
