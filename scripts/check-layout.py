#!/usr/bin/env python3
"""The README's "Layout" names every source folder and every pass
component: each folder of runtime/, lib/ and tools/ as `name/`, each
pass/*.h or *.cpp by its stem (Selection, InlineCost, ...). Run by
check-habits.sh; exits 1 naming what the map leaves out.

    python3 scripts/check-layout.py [ROOT]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
readme = os.path.join(root, "README.md")
if not os.path.exists(readme):
    print("check-layout: no README.md: no map to check")
    sys.exit(0)
m = re.search(r"^## Layout\n+```\n(.*?)```", open(readme, encoding="utf-8").read(),
              re.S | re.M)
if not m:
    print("check-layout: README.md has no ## Layout block")
    sys.exit(1)
block = m.group(1)

missing = []
for top in ("runtime", "lib", "tools"):
    d = os.path.join(root, top)
    if not os.path.isdir(d):
        continue
    for sub in sorted(os.listdir(d)):
        if os.path.isdir(os.path.join(d, sub)) and \
                not re.search(r"(^|\s)" + re.escape(sub) + "/", block, re.M):
            missing.append("%s/%s/" % (top, sub))
p = os.path.join(root, "pass")
if os.path.isdir(p):
    for f in sorted(os.listdir(p)):
        stem, ext = os.path.splitext(f)
        if ext in (".h", ".cpp") and not re.search(r"\b" + re.escape(stem) + r"\b", block):
            missing.append("pass/" + f)
if missing:
    print("check-layout: the README's Layout does not name:")
    for x in missing:
        print("  " + x)
    sys.exit(1)
print("check-layout: the README's Layout names every folder and pass component")
