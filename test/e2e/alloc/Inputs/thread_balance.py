#!/usr/bin/env python3
"""thread_balance.py REPORT.json N: the report has one thread whose
allocations at usable size minus its frees are exactly N bytes."""
import json
import sys

doc = json.load(open(sys.argv[1]))
rows = doc["threads"]["data"]
if len(rows) != 1:
    sys.exit("thread_balance: expected one thread, found %d" % len(rows))
r = rows[0]
got = r["alloc_usable_bytes"] - r["freed_bytes"]
if got != int(sys.argv[2]):
    sys.exit("thread_balance: alloc_usable_bytes %d - freed_bytes %d = %d, expected %s"
             % (r["alloc_usable_bytes"], r["freed_bytes"], got, sys.argv[2]))
