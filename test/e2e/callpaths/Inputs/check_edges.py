#!/usr/bin/env python3
"""Checks a Callgrind (or merged) report's icount_calls and self Ir.

  check_edges.py REPORT.json 'caller>callee=CALLS'...

Each edge named has exactly CALLS calls and a positive Ir; each icount row
has a `self` no larger than its `total` plus the hooks of its measured
callees. (An edge's Ir is Callgrind's inclusive cost of those calls, hooks
and unwinding through the wrappers included, and for a recursive edge the
nested calls again: it is not bounded by the callee's total.)
"""
import json
import sys


def main():
    report = json.load(open(sys.argv[1]))
    edges = {(e["caller"], e["callee"]): e for e in report["icount_calls"]["data"]}
    rows = {r["name"]: r for r in report["functions_icount"]["data"]}
    hook = report["functions_icount"].get("hook_cost_ir", 0)
    fails = []
    for spec in sys.argv[2:]:
        pair, want = spec.rsplit("=", 1)
        caller, callee = pair.split(">")
        e = edges.get((caller, callee))
        if not e:
            fails.append("no edge %s -> %s" % (caller, callee))
        elif e["calls"] != int(want) or e["ir"] <= 0:
            fails.append("%s -> %s: %d calls, %d Ir; expected %s calls"
                         % (caller, callee, e["calls"], e["ir"], want))
    for name, r in rows.items():
        if "self" not in r:
            fails.append("%s: no self Ir" % name)
        elif r["self"] > r["total"] + r["calls"] * (hook + 50):
            fails.append("%s: self %d above total %d" % (name, r["self"], r["total"]))
    for f in fails:
        print("check_edges: " + f)
    if fails:
        sys.exit(1)
    print("check_edges: %d edges ok" % len(edges))


if __name__ == "__main__":
    main()
