#!/usr/bin/env python3
"""Checks a report's call_tree path by path.

  check_tree.py REPORT.json [SPEC...] [--exact] [--max-percent P]
                [--recursive NAME] [--partial NAME]...

SPEC: 'a;b=N'          the path a -> b (from a top-level call) has N calls
      'a;b@field=N'    ... and that node's `field` is N (alloc_bytes, ...)
      '!a;b'           there is no such path
      'name=N'         for a marker node ([deeper], [paths not kept]): the
                       calls of all such nodes
--exact: every function node's self + its children's totals == its total,
  and each function's flat calls equal the calls of its nodes (except the
  --partial ones, whose calls may sit in [deeper] or folded nodes); the
  top-level totals add up to total_measured_ns.
--max-percent P: every timing row's percent_total <= P.
--recursive NAME: NAME's flat total is more than its time on the stack,
  which equals the total of its nodes without an ancestor of its own.
"""
import json
import sys


def main():
    args = sys.argv[1:]
    report = json.load(open(args.pop(0)))
    tree = report["call_tree"]
    nodes = tree["nodes"]
    fails = []

    def path(i):
        p = []
        while i is not None:
            p.append(nodes[i]["name"])
            i = nodes[i]["parent"]
        return ";".join(reversed(p))

    by_path = {}
    for i in range(len(nodes)):
        by_path.setdefault(path(i), []).append(nodes[i])
    kids = {i: [] for i in range(len(nodes))}
    for i, n in enumerate(nodes):
        if n["parent"] is not None:
            kids[n["parent"]].append(i)

    exact = False
    max_percent = None
    recursive = []
    partial = set()
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--exact":
            exact = True
        elif a == "--max-percent":
            i += 1
            max_percent = float(args[i])
        elif a == "--recursive":
            i += 1
            recursive.append(args[i])
        elif a == "--partial":
            i += 1
            partial.add(args[i])
        elif a.startswith("!"):
            if a[1:] in by_path:
                fails.append("path %s exists" % a[1:])
        else:
            key, want = a.rsplit("=", 1)
            field = "calls"
            if "@" in key:
                key, field = key.rsplit("@", 1)
            if key.startswith("["):
                got = sum(n["calls"] for n in nodes if n["name"] == key)
            elif key not in by_path:
                fails.append("no path %s" % key)
                i += 1
                continue
            else:
                got = sum(n[field] for n in by_path[key])
            if got != int(want):
                fails.append("%s: %s is %d, expected %s" % (key, field, got, want))
        i += 1

    if exact:
        for j, n in enumerate(nodes):
            if n.get("kind"):
                continue
            children = sum(nodes[k]["total"] for k in kids[j])
            if n["self"] + children != n["total"]:
                fails.append("%s: self %d + children %d != total %d"
                             % (path(j), n["self"], children, n["total"]))
        tree_calls = {}
        for n in nodes:
            if not n.get("kind"):
                tree_calls[n["name"]] = tree_calls.get(n["name"], 0) + n["calls"]
        for row in report["functions_timing"]["data"]:
            if row["name"] in partial:
                continue
            if tree_calls.get(row["name"], 0) != row["calls"]:
                fails.append("%s: %d calls in the table, %d in the tree"
                             % (row["name"], row["calls"], tree_calls.get(row["name"], 0)))
        roots = sum(n["total"] for n in nodes if n["parent"] is None)
        measured = report["functions_timing"].get("total_measured_ns")
        if measured != roots:
            fails.append("total_measured_ns %s != top-level totals %d" % (measured, roots))
    if max_percent is not None:
        for row in report["functions_timing"]["data"]:
            if row["percent_total"] > max_percent:
                fails.append("%s: percent_total %s" % (row["name"], row["percent_total"]))
    for name in recursive:
        row = [r for r in report["functions_timing"]["data"] if r["name"] == name][0]
        outer = 0
        for j, n in enumerate(nodes):
            if n["name"] != name:
                continue
            a, own = n["parent"], False
            while a is not None:
                own = own or nodes[a]["name"] == name
                a = nodes[a]["parent"]
            if not own:
                outer += n["total"]
        if row.get("on_stack") != outer:
            fails.append("%s: on_stack %s != outermost nodes %d" % (name, row.get("on_stack"), outer))
        if not row["total"] > 2 * outer:
            fails.append("%s: flat total %d not above its time on the stack %d"
                         % (name, row["total"], outer))
    for f in fails:
        print("check_tree: " + f)
    if fails:
        sys.exit(1)
    print("check_tree: %d nodes ok" % len(nodes))


if __name__ == "__main__":
    main()
