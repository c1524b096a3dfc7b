#!/usr/bin/env python3
"""dlclose_check.py TREE OUT: from `hotpath report --tree`, which sampled
functions appear under app_run_one and app_run_two (dlclose-samples.c)."""
import re
import sys

tree = open(sys.argv[1]).read().splitlines()
under = {"app_run_one": set(), "app_run_two": set()}
top = None
for line in tree:
    m = re.search(r"%\s+(\S.*)$", line)
    if not m:
        continue
    name = m.group(1).strip()
    if name in under:
        top = name
    elif name.endswith("[sampled]") and top:
        under[top].add(name[: -len("[sampled]")].strip())
for fn, top in (("one_spin", "app_run_one"), ("two_spin", "app_run_one"),
                ("two_spin", "app_run_two")):
    print("%s under %s: %s" % (fn, top, "yes" if fn in under[top] else "no"))
