#!/usr/bin/env python3
"""How Inputs/loaded-times.txt was recorded (kept to redo it, not run by
the tests): 40 runs of one build of a program whose measured function
takes about 2 ms a call (10 calls a run, HOTPATH_MODE=timed), each run
with 0, 1 or 2 busy processes beside it (chosen at random, a fixed seed:
half the runs alone), on a 2-core VM; one line a run, the function's
time a call in ns.

  record_loaded.py PROGRAM > loaded-times.txt

PROGRAM: any program built with the plugin whose report has a function
`work` (e.g. a loop of 2 million multiply-xor rounds, called 10 times).
"""
import json
import os
import random
import subprocess
import sys
import tempfile

rng = random.Random(7)
out = tempfile.mkdtemp()
for i in range(1, 41):
    busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"])
            for _ in range(rng.choice([0, 0, 0, 1, 1, 2]))]
    path = os.path.join(out, "r%d.json" % i)
    env = dict(os.environ, HOTPATH_MODE="timed", HOTPATH_OUTPUT_FORMAT="json",
               HOTPATH_OUTPUT_PATH=path)
    subprocess.run([sys.argv[1], "20000000"], env=env, check=True)
    for b in busy:
        b.kill()
        b.wait()
    rows = json.load(open(path))["functions_timing"]["data"]
    print([r for r in rows if r["name"] == "work"][0]["avg"])
