"""default-table.c: in the table at exit, work_short (counted, not timed)
has most of the program's CPU, and the shares are of the program's CPU: the
caller of both near 100%, never above."""
import re
import sys

rows = {}
for line in open(sys.argv[1], encoding="utf-8"):
    cells = [c.strip() for c in line.strip().strip("|").split("|")]
    if len(cells) == 9 and cells[0] in ("run_all", "work_short", "work_long"):
        rows[cells[0]] = float(cells[8].rstrip("%"))
assert set(rows) == {"run_all", "work_short", "work_long"}, rows
assert rows["work_short"] > rows["work_long"], rows
assert 80 <= rows["run_all"] <= 100, rows
assert rows["work_short"] + rows["work_long"] <= rows["run_all"] + 0.01, rows
print("shares:", rows)
