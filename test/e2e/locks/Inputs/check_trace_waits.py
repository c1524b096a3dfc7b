#!/usr/bin/env python3
"""Checks a HOTPATH_TRACE file's lock waits: at least one `wait: ...`
event, each inside an event of FUNCTION on the same thread.

  check_trace_waits.py TRACE.json FUNCTION
"""
import json
import sys

trace, function = sys.argv[1], sys.argv[2]
events = [e for e in json.load(open(trace))["traceEvents"] if e.get("ph") == "X"]
waits = [e for e in events if e["name"].startswith("wait: ")]
assert waits, "no wait events in %s" % trace
calls = [e for e in events if e["name"] == function]
for w in waits:
    assert "wait" in w["cat"].split(","), w
    inside = [c for c in calls if c["tid"] == w["tid"] and
              c["ts"] <= w["ts"] and w["ts"] + w["dur"] <= c["ts"] + c["dur"] + 0.001]
    assert inside, "wait %s is in no %s call" % (w, function)
print("%d waits, each inside a %s call" % (len(waits), function))
