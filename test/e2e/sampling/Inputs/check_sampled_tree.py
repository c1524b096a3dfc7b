"""Checks the sampled frames of a call tree (views.test).

check_sampled_tree.py REPORT.json PARENT CHILD...
    CHILD nodes of kind "sampled" under the measured PARENT; every node's
    self + its children's totals is its total; the children's CPU fits in
    the parent.
check_sampled_tree.py --svg FILE.svg NAME...
    NAME's frames are drawn blue (a colour of their own).
"""
import json
import re
import sys

args = sys.argv[1:]
if args[0] == "--svg":
    text = open(args[1]).read()
    for name in args[2:]:
        m = re.search(r'data-full="%s">.*?fill="rgb\((\d+),(\d+),(\d+)\)"' % re.escape(name), text, re.S)
        assert m, name
        r, g, b = map(int, m.groups())
        assert b > r and b >= g, (name, r, g, b)
    print("ok: blue", args[2:])
    sys.exit(0)

nodes = json.load(open(args[0]))["call_tree"]["nodes"]
kids = {}
for i, n in enumerate(nodes):
    if n["parent"] is not None:
        kids.setdefault(n["parent"], []).append(i)
        assert n["parent"] < i, "parents come first"
for i, n in enumerate(nodes):
    below = sum(nodes[k]["total"] for k in kids.get(i, []))
    assert n["self"] + below == n["total"], (n, below)
parent = [i for i, n in enumerate(nodes) if n["name"] == args[1] and n.get("kind") is None]
assert len(parent) == 1, parent
under = {nodes[k]["name"]: nodes[k] for k in kids.get(parent[0], [])}
for name in args[2:]:
    assert name in under and under[name].get("kind") == "sampled", (name, under)
    assert under[name]["calls"] > 0 and under[name]["total"] > 0, under[name]
print("ok:", args[1], "->", args[2:])
