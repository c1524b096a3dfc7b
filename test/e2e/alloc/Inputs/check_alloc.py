#!/usr/bin/env python3
"""Checks the allocation parts of a hotpath JSON report.

  check_alloc.py REPORT CHECK...

CHECK is one of
  thread:NAME:FIELD=N   the threads row named NAME has FIELD (alloc_bytes,
                        freed_bytes, allocs, frees, events) equal to N
  tracked=0|1           threads.alloc_tracked, and functions_alloc present
                        (1) or absent (0)
  warning~TEXT          exactly one meta.warnings entry contains TEXT
  nowarnings            meta.warnings is empty
  description~TEXT      functions_alloc.description contains TEXT
  timing:NAME=N         functions_timing (else functions_icount) has a row
                        NAME(...) with N calls
Exit status 1 with one line per problem.
"""
import json
import sys


def rows_named(rows, name):
    return [r for r in rows if r["name"] == name or r["name"].startswith(name + "(")]


def main(argv):
    path, checks = argv[0], argv[1:]
    with open(path) as f:
        doc = json.load(f)
    problems = []
    threads = doc.get("threads", {})
    warnings = doc.get("meta", {}).get("warnings", [])
    for c in checks:
        if c.startswith("thread:"):
            _, name, rest = c.split(":", 2)
            field, want = rest.split("=")
            hits = [r for r in threads.get("data", []) if r["name"] == name]
            if len(hits) != 1:
                problems.append("%s: expected one thread row, found %d" % (name, len(hits)))
            elif hits[0].get(field) != int(want):
                problems.append("thread %s: %s is %s, expected %s" % (name, field, hits[0].get(field), want))
        elif c.startswith("tracked="):
            want = c.endswith("1")
            if threads.get("alloc_tracked") != want:
                problems.append("threads.alloc_tracked is %r" % threads.get("alloc_tracked"))
            if ("functions_alloc" in doc) != want:
                problems.append("functions_alloc present: %r" % ("functions_alloc" in doc))
        elif c.startswith("warning~"):
            hits = [w for w in warnings if c[8:] in w]
            if len(hits) != 1:
                problems.append("expected one warning containing %r, got %r" % (c[8:], warnings))
        elif c == "nowarnings":
            if warnings:
                problems.append("unexpected warnings: %r" % warnings)
        elif c.startswith("description~"):
            d = doc.get("functions_alloc", {}).get("description", "")
            if c[12:] not in d:
                problems.append("functions_alloc.description %r lacks %r" % (d, c[12:]))
        elif c.startswith("timing:"):
            name, want = c[7:].split("=")
            # Under Valgrind the calls are in functions_icount.
            sec = doc.get("functions_timing") or doc.get("functions_icount", {})
            hits = rows_named(sec.get("data", []), name)
            got = hits[0]["calls"] if len(hits) == 1 else None
            if got != int(want):
                problems.append("timing %s: calls %r, expected %s" % (name, got, want))
        else:
            problems.append("bad check %r" % c)
    for p in problems:
        print("check_alloc: %s: %s" % (path, p), file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
