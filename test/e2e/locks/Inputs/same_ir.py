#!/usr/bin/env python3
"""Compares the inclusive instructions of the calls to lock_pairs that
Callgrind counted in several runs (every dump part of each: the runtime
dumps at its session's end), read from the callers' `calls=` records.

  same_ir.py PREFIX_A PREFIX_B ...   (PREFIX, PREFIX.1, ... are one run)

The runs must use --compress-strings=no.
"""
import glob
import sys


def lock_pairs_ir(prefix):
    total = 0
    for path in [prefix] + sorted(glob.glob(prefix + ".*")):
        with open(path) as f:
            lines = f.read().splitlines()
        for i, line in enumerate(lines):
            if line.split(" ", 1)[0] == "cfn=lock_pairs" or line == "cfn=lock_pairs":
                # cfn=, then calls=COUNT TARGET, then "POSITION IR"
                j = i + 1
                while not lines[j].startswith("calls="):
                    j += 1
                total += int(lines[j + 1].split()[1])
    return total


counts = [lock_pairs_ir(p) for p in sys.argv[1:]]
if len(set(counts)) == 1 and counts[0] > 0:
    print("lock_pairs: the same instructions in all %d builds" % len(counts))
else:
    print("lock_pairs: instructions differ: %s" % ", ".join(
        "%s %d" % (p.rsplit("/", 1)[-1], c) for p, c in zip(sys.argv[1:], counts)))
