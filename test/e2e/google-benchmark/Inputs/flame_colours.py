"""Prints each frame of a flame graph SVG as `colour name`, one per line in
the SVG's order: `red` (the frame's value grew), `blue` (shrank), `pale`
(about the same), `grey` (the whole), `other` (a palette by name); names
without their arguments.

  flame_colours.py GRAPH.svg
"""
import html
import re
import sys

svg = open(sys.argv[1]).read()
for m in re.finditer(r'<g[^>]*>\s*<title>([^<]*)</title>\s*<rect[^>]*fill="rgb\((\d+),(\d+),(\d+)\)"', svg):
    name = html.unescape(m.group(1)).split("\n")[0].split(" ")[0].split("(")[0]
    r, g, b = int(m.group(2)), int(m.group(3)), int(m.group(4))
    if r == g == b:
        colour = "grey"
    elif r == 255 and g == b:
        colour = "red" if g < 200 else "pale"
    elif b == 255 and r == g:
        colour = "blue" if r < 200 else "pale"
    else:
        colour = "other"
    print(colour, name)
