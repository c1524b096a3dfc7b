#!/usr/bin/env python3
"""Runs a program that writes snapshots and keeps every one it writes.

  watch_snapshots.py SNAPSHOT.json FINAL.json [--signal NAME --after S] -- PROGRAM ARGS

Reads SNAPSHOT.json whenever it changes while the program runs (each
snapshot replaces it whole), optionally sends signal SIG<NAME> to the program S
seconds after its start, then checks: the snapshots are numbered 1, 2, ...
in order (none torn: each one parses); every function's calls, time and
bytes allocated only grow from one to the next; the last one, written at
the end, has exactly the final report's figures. Prints one line.
"""
import json
import os
import signal
import subprocess
import sys
import time


def figures(r):
    t = {x["name"]: (x["calls"], x["total"]) for x in r.get("functions_timing", {}).get("data", [])}
    a = {x["name"]: (x["allocs"], x["total"]) for x in r.get("functions_alloc", {}).get("data", [])}
    return t, a


def main():
    sep = sys.argv.index("--")
    args = sys.argv[1:sep]
    snap, final = args[0], args[1]
    sig = getattr(signal, "SIG" + args[args.index("--signal") + 1]) if "--signal" in args else 0
    after = float(args[args.index("--after") + 1]) if "--after" in args else 0
    p = subprocess.Popen(sys.argv[sep + 1:], stdout=subprocess.DEVNULL)
    start = time.time()
    seen, last_stat, sent = [], None, False
    fails = []
    while True:
        done = p.poll() is not None
        if sig and not sent and time.time() - start >= after:
            p.send_signal(sig)
            sent = True
        try:
            st = os.stat(snap)
            key = (st.st_ino, st.st_size, st.st_mtime_ns)
            if key != last_stat:
                last_stat = key
                with open(snap) as f:
                    r = json.load(f)  # a torn file would not parse
                if not seen or r["meta"]["snapshot"] != seen[-1]["meta"]["snapshot"]:
                    seen.append(r)
        except FileNotFoundError:
            pass
        except json.JSONDecodeError as e:
            fails.append("a torn snapshot: %s" % e)
        if done:
            break
        time.sleep(0.005)
    if p.returncode != 0:
        fails.append("the program exited with %d" % p.returncode)
    nums = [r["meta"]["snapshot"] for r in seen]
    if nums != sorted(nums) or len(set(nums)) != len(nums):
        fails.append("snapshot numbers %r" % nums)
    for a, b in zip(seen, seen[1:]):
        (ta, aa), (tb, ab) = figures(a), figures(b)
        for name, v in ta.items():
            w = tb.get(name, (0, 0))
            if w[0] < v[0] or w[1] < v[1]:
                fails.append("%s went down from snapshot %d to %d: %r -> %r"
                             % (name, a["meta"]["snapshot"], b["meta"]["snapshot"], v, w))
        for name, v in aa.items():
            w = ab.get(name, (0, 0))
            if w[0] < v[0] or w[1] < v[1]:
                fails.append("%s allocations went down: %r -> %r" % (name, v, w))
        if b["meta"]["elapsed_ns"] < a["meta"]["elapsed_ns"]:
            fails.append("elapsed went down")
    if not os.path.exists(final):
        print("watch_snapshots: no final report; " + "; ".join(fails))
        sys.exit(1)
    rep = json.load(open(final))
    if "snapshot" in rep["meta"]:
        fails.append("the final report has meta.snapshot")
    if seen and figures(seen[-1]) != figures(rep):
        fails.append("the last snapshot differs from the final report: %r vs %r"
                     % (figures(seen[-1]), figures(rep)))
    growing = sum(1 for a, b in zip(seen, seen[1:]) if figures(a) != figures(b))
    for f in fails[:10]:
        print("watch_snapshots: " + f)
    if fails:
        sys.exit(1)
    calls = {k: v[0] for k, v in figures(rep)[0].items()}
    print("watch_snapshots: %d snapshots, %d with new calls; the last equals the final report %r"
          % (len(seen), growing, sorted(calls.items())))


if __name__ == "__main__":
    main()
