#!/usr/bin/env python3
"""Prints a report whose call tree is one chain of DEPTH nodes, all named
f, from a good report's meta and sections.

  deep_report.py GOOD.json DEPTH
"""
import json
import sys

r = json.load(open(sys.argv[1]))
depth = int(sys.argv[2])
tree = r.setdefault("call_tree", {"description": "a chain", "estimated": False,
                                  "max_paths": 16384, "full": False})
tree["nodes"] = [{"id": i, "parent": i - 1 if i else None, "name": "f",
                  "file": "", "line": 0, "calls": 1, "total": depth - i,
                  "self": 1, "alloc_bytes": 0, "allocs": 0}
                 for i in range(depth)]
json.dump(r, sys.stdout)
