#!/usr/bin/env python3
"""Fails when a page of docs/ carries a date, a time of day or a commit
hash in its prose: the documentation says what is true now, the history
of how it came to be is git's (and bench/NOTES.md's, which no test reads).
Code spans and blocks are left alone (a protocol version such as
`2025-06-18`, a hash in an example's output).

  python3 scripts/check-docs-dated.py [ROOT]
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else "."
docs = os.path.join(root, "docs")
DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
TIME = re.compile(r"\b[0-2]?\d:[0-5]\d UTC\b")
# 7 to 40 hex digits with a letter and a digit among them, a word of its
# own (not 0x..., not a #colour).
HASH = re.compile(r"(?<![#x\w])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b")

found = []
for name in sorted(os.listdir(docs)) if os.path.isdir(docs) else []:
    if not name.endswith(".md"):
        continue
    fence = False
    for n, line in enumerate(open(os.path.join(docs, name), encoding="utf-8"), 1):
        if line.lstrip().startswith("```"):
            fence = not fence
            continue
        if fence or line.startswith("    "):
            continue
        prose = re.sub(r"`[^`]*`", "", line)
        for what, rx in (("a date", DATE), ("a time", TIME), ("a commit hash", HASH)):
            m = rx.search(prose)
            if m:
                found.append("docs/%s:%d: %s (%s)" % (name, n, what, m.group(0)))
if found:
    print("check-docs-dated: pages of docs/ say what is true now; move dates, "
          "times and commits to the commit message or bench/NOTES.md:")
    for f in found:
        print("  " + f)
    sys.exit(1)
