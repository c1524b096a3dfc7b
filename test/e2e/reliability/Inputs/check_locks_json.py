#!/usr/bin/env python3
"""Checks locks.c's report: a locks section, and the mutex first locked in
app_counted acquired exactly 10 times, never contended.

  check_locks_json.py REPORT.json
"""
import json
import sys

r = json.load(open(sys.argv[1]))
assert "locks" in r, "no locks section"
rows = [l for l in r["locks"]["data"]
        if l["first_function"] == "app_counted" and l["kind"] == "mutex"]
assert len(rows) == 1, r["locks"]["data"]
assert rows[0]["acquisitions"] == 10 and rows[0]["contended"] == 0, rows[0]
print("app_counted's mutex: %d acquisitions" % rows[0]["acquisitions"])
