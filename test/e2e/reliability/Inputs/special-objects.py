#!/usr/bin/env python3
"""special-objects.py GOOD.json FIFO OUTDIR: writes objects-fifo.json and
objects-zero.json, GOOD.json with a cpu_samples section whose one object is
FIFO or /dev/zero and one sample inside it."""
import json
import os
import sys

good, fifo, out = sys.argv[1:4]
for name, path in (("fifo", fifo), ("zero", "/dev/zero")):
    r = json.load(open(good))
    r["cpu_samples"] = {
        "description": "samples", "frequency_hz": 1000, "samples": 1,
        "cpu_ns": 1000000, "lost": 0, "threads": 1, "truncated": 0,
        "kernel": False,
        "objects": [{"path": path, "build_id": "", "base": 4096,
                     "text": [[8192, 12288]]}],
        "measured": [],
        "chains": [{"count": 1, "cpu_ns": 1000000, "frames": [8208]}]}
    with open(os.path.join(out, "objects-%s.json" % name), "w") as f:
        json.dump(r, f)
