#!/usr/bin/env python3
"""Checks a HOTPATH_TRACE file event by event, against the trace-event
format and against the report of the same run.

  check_trace.py TRACE.json REPORT.json [--all] [--cap N] [--ring]
                 [--min-ns NS] [--root NAME]

Format: an object with a traceEvents array and displayTimeUnit "ns"; a
process_name metadata event; a thread_name one for every thread with
calls; calls are complete events ("ph": "X") with string names, integer
pid and tid, ts and dur in microseconds with at most three decimals (the
nanosecond); instant events ("ph": "i") have a scope. Nesting: on each
thread, sorted by start (the longer first), every call lies wholly inside
the enclosing one or after it, never across its end.

Against the report: every timed call of the report is in the trace, or
counted as not kept (otherData.trace.dropped, .short): kept + dropped +
short = the report's calls. With --all nothing is dropped, and each
function's calls and total time equal the report's (to a nanosecond per
call). --cap: at most N kept per thread (+256 enclosing calls in `first`
mode). --min-ns: no kept call is shorter. --root: that function encloses
every other call of the main thread (it is kept however full the buffer).
"""
import argparse
import collections
import json
import re
import sys

fails = []


def fail(msg):
    if len(fails) < 20:
        fails.append(msg)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("trace")
    ap.add_argument("report")
    ap.add_argument("--all", action="store_true")
    ap.add_argument("--cap", type=int)
    ap.add_argument("--ring", action="store_true")
    ap.add_argument("--min-ns", type=int, default=0)
    ap.add_argument("--root")
    a = ap.parse_args()
    text = open(a.trace).read()
    t = json.loads(text)
    rep = json.load(open(a.report))
    if not isinstance(t, dict) or not isinstance(t.get("traceEvents"), list):
        sys.exit("check_trace: no traceEvents array")
    if t.get("displayTimeUnit") != "ns":
        fail("displayTimeUnit is %r" % t.get("displayTimeUnit"))
    # Precision as written: at most three decimals of a microsecond.
    for m in re.finditer(r'"(ts|dur)":(-?[0-9.eE+-]+)', text):
        if not re.fullmatch(r"[0-9]+(\.[0-9]{1,3})?", m.group(2)):
            fail("%s written as %s" % (m.group(1), m.group(2)))
            break
    names, calls = {}, collections.defaultdict(list)
    process = None
    info = None
    for i, e in enumerate(t["traceEvents"]):
        ph = e.get("ph")
        if not isinstance(e.get("name"), str) or ph not in ("X", "M", "i"):
            fail("event %d: name %r, ph %r" % (i, e.get("name"), ph))
            continue
        if not isinstance(e.get("pid"), int) or not isinstance(e.get("tid"), int):
            fail("event %d: pid/tid not integers" % i)
        if ph == "M":
            if e["name"] == "process_name":
                process = e["args"]["name"]
            elif e["name"] == "thread_name":
                names[e["tid"]] = e["args"]["name"]
            elif e["name"] == "hotpath_trace":
                info = e["args"]
            continue
        if ph == "i":
            if e.get("s") not in ("t", "p", "g"):
                fail("instant event %d without a scope" % i)
            continue
        if not all(isinstance(e.get(k), (int, float)) and e[k] >= 0 for k in ("ts", "dur")):
            fail("event %d: ts/dur %r %r" % (i, e.get("ts"), e.get("dur")))
            continue
        if "wait" in e.get("cat", "").split(","):
            continue  # a lock wait (docs/locks.md), not a call
        calls[e["tid"]].append((round(e["ts"] * 1000), round(e["dur"] * 1000), e["name"]))
    if not process:
        fail("no process_name")
    for tid in calls:
        if tid not in names:
            fail("thread %d has calls but no thread_name" % tid)
    if info is None or info != t.get("otherData", {}).get("trace"):
        fail("hotpath_trace metadata %r vs otherData %r" % (info, t.get("otherData")))
        info = info or {"dropped": 0, "short": 0}
    # Nesting, thread by thread.
    depth_max = collections.Counter()
    for tid, cs in calls.items():
        cs.sort(key=lambda c: (c[0], -c[1]))
        stack = []
        for s, d, n in cs:
            while stack and stack[-1][0] <= s:
                stack.pop()
            if stack and s + d > stack[-1][0]:
                fail("thread %d: %s [%d, %d] crosses the end of %s at %d"
                     % (tid, n, s, s + d, stack[-1][1], stack[-1][0]))
            stack.append((s + d, n))
            depth_max[n] = max(depth_max[n], sum(1 for _, m in stack if m == n))
        if a.cap is not None:
            extra = 0 if a.ring else 256
            if len(cs) > a.cap + extra:
                fail("thread %d: %d calls kept, cap %d" % (tid, len(cs), a.cap))
        if a.min_ns:
            short = [c for c in cs if c[1] < a.min_ns]
            if short:
                fail("thread %d: %d calls under %d ns kept, e.g. %r" % (tid, len(short), a.min_ns, short[0]))
    kept = collections.Counter()
    dur = collections.Counter()
    for cs in calls.values():
        for s, d, n in cs:
            kept[n] += 1
            dur[n] += d
    rows = {r["name"]: r for r in rep["functions_timing"]["data"]}
    total_calls = sum(r["calls"] for r in rows.values())
    accounted = sum(kept.values()) + info["dropped"] + info["short"]
    if accounted != total_calls:
        fail("kept %d + dropped %d + short %d = %d, the report has %d calls"
             % (sum(kept.values()), info["dropped"], info["short"], accounted, total_calls))
    for n in kept:
        if n not in rows:
            fail("%s is in the trace, not in the report" % n)
    if a.all:
        if info["dropped"] or info["short"]:
            fail("calls not kept: %r" % info)
        for n, r in rows.items():
            if kept[n] != r["calls"]:
                fail("%s: %d calls in the trace, %d in the report" % (n, kept[n], r["calls"]))
            # The trace keeps the clock's readings; the report takes the
            # cost of measuring out (meta.call_cost_ns): never more time
            # than the trace, and at most that cost per call and callee.
            if rep["functions_timing"].get("compensated"):
                cost = rep["meta"]["call_cost_ns"]
                below = sum(kept.values()) * cost + r["calls"] * cost
                if not dur[n] - below <= r["total"] <= dur[n] + r["calls"] + 1:
                    fail("%s: %d ns in the trace, %d in the report (compensated)" % (n, dur[n], r["total"]))
            elif abs(dur[n] - r["total"]) > r["calls"] + 1:
                fail("%s: %d ns in the trace, %d in the report" % (n, dur[n], r["total"]))
    if a.root:
        main_tid = max(calls, key=lambda k: sum(1 for c in calls[k] if c[2] == a.root))
        cs = calls[main_tid]
        roots = [c for c in cs if c[2] == a.root]
        if len(roots) != 1:
            fail("%d calls of %s on the main thread" % (len(roots), a.root))
        else:
            s, d, _ = roots[0]
            outside = [c for c in cs if c[0] < s or c[0] + c[1] > s + d]
            if outside:
                fail("%d calls of the main thread outside %s, e.g. %r" % (len(outside), a.root, outside[0]))
    for f in fails:
        print("check_trace: " + f)
    if fails:
        sys.exit(1)
    print("check_trace: %d threads, %d calls kept, %d dropped, %d short; deepest %s"
          % (len(calls), sum(kept.values()), info["dropped"], info["short"],
             ", ".join("%s x%d" % (n, k) for n, k in depth_max.most_common(1))))


if __name__ == "__main__":
    main()
