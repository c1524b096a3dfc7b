#!/usr/bin/env python3
"""readme_packages.py README.md scripts/setup.sh: the packages the README
lists are exactly those setup.sh installs (its PACKAGES array)."""
import re
import sys

readme, setup = open(sys.argv[1]).read(), open(sys.argv[2]).read()
m = re.search(r"PACKAGES=\((.*?)\n\)", setup, re.S)
if not m:
    sys.exit("readme_packages: no PACKAGES=( ... ) in " + sys.argv[2])
script = set()
for line in m.group(1).splitlines():
    script.update(line.split("#", 1)[0].split())
m = re.search(r"installed\):(.*?)\.\s", readme, re.S)
if not m:
    sys.exit("readme_packages: no package list ('installed): a, b, c.') in " + sys.argv[1])
listed = {p.strip() for p in m.group(1).replace("\n", " ").split(",") if p.strip()}
if script != listed:
    sys.exit("readme_packages: README lists %s more and %s fewer than setup.sh"
             % (sorted(listed - script), sorted(script - listed)))
print("readme_packages: %d packages, the same in both" % len(script))
