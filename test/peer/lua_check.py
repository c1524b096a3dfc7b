#!/usr/bin/env python3
"""Checks a Lua run's hotpath report against the trace of its hooks.

  lua_check.py REPORT.json TRACE   calls == entries for every function;
                                   longjmp-skipped frames exist (entries >
                                   exits somewhere) and are each closed once;
                                   durations within [0, run time]
  lua_check.py --same A.json B.json   equal calls in two reports
"""
import json
import re
import sys


# Lua keys a few things by address: luaS_new's string cache (by the C
# string's address: the -O0 and -O2 binaries differ) and ltable.c's
# collisions (light userdata keys; the runtime's own allocations move Lua's
# heap). A hit or collision more or less changes these counts by a few
# calls: they are exempt from exact comparison (and must still be measured).
# hashint is mainpositionTV's callee for integer keys: it follows it.
LAYOUT = {"getfreepos", "mainpositionTV", "mainpositionfromnode", "equalkey",
          "luaS_newlstr", "internshrstr", "luaS_hash", "hashint"}


def fail(msg):
    print("lua_check: FAIL: " + msg)
    sys.exit(1)


def report(path):
    with open(path) as f:
        doc = json.load(f)
    sec = doc["functions_timing"]
    return {r["name"]: r for r in sec["data"]}, sec["total_elapsed_ns"]


def main():
    if sys.argv[1] == "--same":
        a, _ = report(sys.argv[2])
        b, _ = report(sys.argv[3])
        for name in sorted(set(a) | set(b)):
            ca = a[name]["calls"] if name in a else 0
            cb = b[name]["calls"] if name in b else 0
            if ca != cb and not (name in LAYOUT and ca and cb):
                fail("%s: %d calls in %s, %d in %s" % (name, ca, sys.argv[2], cb, sys.argv[3]))
        print("ok: same counts (%d functions) in %s and %s" % (len(a), sys.argv[2], sys.argv[3]))
        return
    rows, elapsed = report(sys.argv[1])
    entries, exits = {}, {}
    with open(sys.argv[2]) as f:
        for line in f:
            m = re.match(r"count (.*) enter=(\d+) exit=(\d+)$", line.rstrip("\n"))
            if m:
                entries[m.group(1)] = int(m.group(2))
                exits[m.group(1)] = int(m.group(3))
    if not entries:
        fail("%s: no counts in the trace" % sys.argv[2])
    skipped = 0
    for name in sorted(set(entries) | set(rows)):
        e = entries.get(name, 0)
        calls = rows[name]["calls"] if name in rows else 0
        if calls != e and not (name in LAYOUT and calls and e):
            fail("%s: %d calls in the report, %d entries in the trace" % (name, calls, e))
        skipped += e - exits.get(name, 0)
    for name, r in rows.items():
        for k in ("min", "avg", "max", "total"):
            if r[k] < 0:
                fail("%s: negative %s" % (name, k))
        if r["max"] > elapsed:
            fail("%s: max %d ns longer than the session's %d ns" % (name, r["max"], elapsed))
        if not r["min"] <= r["avg"] <= r["max"]:
            fail("%s: min/avg/max out of order %r" % (name, r))
    if skipped == 0:
        fail("no frame was skipped by longjmp: the test tests nothing")
    for must in ("luaD_throw", "luaD_rawrunprotected", "luaB_pcall", "luaB_error"):
        if rows.get(must, {}).get("calls", 0) == 0:
            fail("%s: not measured" % must)
    print("ok %s: %d functions, %d frames closed by the runtime after longjmp"
          % (sys.argv[1], len(rows), skipped))


if __name__ == "__main__":
    main()
