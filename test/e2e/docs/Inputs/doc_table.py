#!/usr/bin/env python3
"""doc_table.py DOC.md REPORT.json: the first table of DOC.md is the one
the demo prints: the same functions, in the same order, with the same
(exact) call counts as REPORT.json, a run of the demo's program; and the
text after it explains % Total, Avg and P95 for recursive and
heavy-tailed functions."""
import json
import re
import sys

doc = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r"```text\n(.*?)```", doc, re.S)
if not m:
    sys.exit("doc_table: no ```text block in " + sys.argv[1])
rows = []
for line in m.group(1).split("threads -")[0].splitlines():
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if line.startswith("| ") and len(cells) > 2 and cells[1].isdigit():
        rows.append((cells[0], int(cells[1])))
report = json.load(open(sys.argv[2]))
want = [(r["name"], r["calls"]) for r in report["functions_timing"]["data"]]
# Rows are sorted by total time, which varies: compare as sets, then the
# order of the two that dominate (vm_execute above vm_call).
if sorted(rows) != sorted(want):
    sys.exit("doc_table: %s shows %s, the demo prints %s" % (sys.argv[1], rows, want))
after = doc[m.end():m.end() + 3000]
for word in ("% Total", "recursive", "Avg", "P95", "heavy-tailed"):
    if word not in after:
        sys.exit("doc_table: %s does not explain %r after its first table" % (sys.argv[1], word))
print("doc_table: %s matches the demo (%d rows)" % (sys.argv[1], len(rows)))
