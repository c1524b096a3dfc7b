"""A compensated report (argv[1]) beside a raw one of the same program
(argv[2]): the cost is in meta, the sections say so, the
compensated tree has no child above its parent, and every row keeps
min <= avg <= max and self <= total. The two runs' figures are not
compared: the cost in place moves with the machine's load."""
import json
import sys

comp, raw = (json.load(open(p)) for p in sys.argv[1:3])
parent, leaf = sys.argv[3:5]
bad = []
m = comp["meta"]
if not 0 < m.get("call_cost_inner_ns", 0) <= m.get("call_cost_ns", 0):
    bad.append("meta: cost %r, inner %r" % (m.get("call_cost_ns"), m.get("call_cost_inner_ns")))
for r, want in ((comp, True), (raw, None)):
    got = r["functions_timing"].get("compensated")
    if got != want or r["call_tree"].get("compensated", None) != want:
        bad.append("compensated %r, expected %r" % (got, want))
    if want is None and "call_cost_ns" in r["meta"]:
        bad.append("raw report with a call cost")
rows = [{x["name"]: x for x in r["functions_timing"]["data"]} for r in (comp, raw)]
cp, rp = rows[0][parent], rows[1][parent]
for row in rows[0].values():
    if not row["min"] <= row["avg"] <= row["max"] or row.get("self", 0) > row["total"]:
        bad.append("%s: min %d avg %d max %d self %d total %d" % (
            row["name"], row["min"], row["avg"], row["max"], row.get("self", 0), row["total"]))
nodes = comp["call_tree"]["nodes"]
for n in nodes:
    if n["parent"] is not None and n["total"] > nodes[n["parent"]]["total"]:
        bad.append("tree: %s %d above its parent's %d" % (n["name"], n["total"], nodes[n["parent"]]["total"]))
    kids = sum(k["total"] for k in nodes if k["parent"] is not None and nodes[k["parent"]] is n)
    if n["self"] + kids != n["total"]:
        bad.append("tree: %s self %d + children %d != total %d" % (n["name"], n["self"], kids, n["total"]))
for b in bad:
    print(b)
print("check_compensation: %s self %d ns compensated, %d raw; cost %s ns" % (
    parent, cp.get("self", 0), rp.get("self", 0), m.get("call_cost_ns")))
sys.exit(1 if bad else 0)
