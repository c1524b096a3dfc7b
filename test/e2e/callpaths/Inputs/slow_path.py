#!/usr/bin/env python3
"""Writes a copy of a report whose call path PATH ("a;b;c") took FACTOR
times as long, its callers' totals grown by the same time: a
differential by time with known figures, free of the machine's noise.

  slow_path.py IN.json OUT.json PATH FACTOR
"""
import json
import sys

src, dst, path, factor = sys.argv[1], sys.argv[2], sys.argv[3].split(";"), float(sys.argv[4])
r = json.load(open(src))
nodes = {n["id"]: n for n in r["call_tree"]["nodes"]}


def path_of(n):
    p = []
    while n is not None:
        p.append(n["name"])
        n = nodes.get(n["parent"])
    return p[::-1]


hits = [n for n in nodes.values() if path_of(n)[-len(path):] == path]
if not hits:
    sys.exit("slow_path.py: no call path ends in " + ";".join(path))
for n in hits:
    extra = int(n["total"] * (factor - 1))
    n["self"] += int(n["self"] * (factor - 1))
    m = n
    while m is not None:
        m["total"] += extra
        m = nodes.get(m["parent"])
json.dump(r, open(dst, "w"))
