#!/usr/bin/env python3
"""check_pane.py PANE.txt WIDTH: a table captured from a terminal of WIDTH
columns fits it: every table line is a whole row (starts with '|' or '+'
and ends with one), none wider than WIDTH, and the rows of one table are
all as wide as its rules."""
import sys

lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
width = int(sys.argv[2])
table = [l.rstrip() for l in lines if l.startswith(("|", "+"))]
if not table:
    sys.exit("check_pane: no table in the pane")
for l in table:
    if len(l) > width:
        sys.exit("check_pane: %d columns, wider than the terminal's %d: %r" % (len(l), width, l))
    if not l.endswith(("|", "+")):
        sys.exit("check_pane: a row cut or wrapped: %r" % l)
print("check_pane: %d table lines within %d columns" % (len(table), width))
