#!/usr/bin/env python3
"""Checks what the CI recipe of docs/ci.md gives on snappy.

  check_comment.py COMMENT.md STATUS SAME.md SAME_STATUS FIRST.md FIRST_STATUS

COMMENT.md: `hotpath diff base head --format markdown` with the regressed
CompressFragment, under `hotpath init --ci`'s policy: exit 3, under
GitHub's 65,536 characters, every compression benchmark named as failing
with CompressFragment among its findings, no decompression or validation
benchmark shown. SAME.md: the base against a second build of the same
commit: exit 0, no finding. FIRST.md: no baseline yet: exit 4.
"""
import re
import sys


def main(argv):
    comment, status, same, same_status, first, first_status = argv[1:7]
    fails = []
    text = open(comment, encoding="utf-8").read()
    if int(status) != 3:
        fails.append("regressed head: exit %s, not 3 (the CI policy fails it)" % status)
    if len(text) >= 65536:
        fails.append("comment of %d characters: GitHub takes 65,536" % len(text))
    for n in range(5):
        if not re.search(r"^\| `BM_ZFlat/%d` \| FAIL" % n, text, re.M):
            fails.append("BM_ZFlat/%d is not named as failing" % n)
    if "snappy::internal::CompressFragment" not in text:
        fails.append("CompressFragment is not among the findings")
    for other in ("BM_UFlat/", "BM_UValidate/"):
        if other in text:
            fails.append("%s is in the comment: findings only" % other)
    s = open(same, encoding="utf-8").read()
    if int(same_status) != 0 or "0 with findings" not in s:
        fails.append("two builds of one commit: exit %s, %r" % (same_status, s.splitlines()[0]))
    f = open(first, encoding="utf-8").read()
    if int(first_status) != 4 or "nothing to compare with" not in f:
        fails.append("no baseline: exit %s, %r" % (first_status, f[:200]))
    for x in fails:
        print("check_comment: " + x)
    if not fails:
        print("check_comment: comment of %d characters, %s" % (len(text), text.splitlines()[0]))
    return 1 if fails else 0


sys.exit(main(sys.argv))
