"""check_percent_total.py REPORT HOTPATH FN...: each function's % Total in
`hotpath report` (the table) equals its path's % Total in `hotpath report
--tree` (each FN is on one path and not recursive), to 0.01 or the
tree's rounding."""
import re
import subprocess
import sys

report, hotpath, names = sys.argv[1], sys.argv[2], sys.argv[3:]


def percents(args):
    out = subprocess.run([hotpath, "report", report] + args, check=True,
                         capture_output=True, text=True).stdout
    found = {}
    # The timing table or the tree: up to the first blank line after it.
    part = out[out.index("timing - " if not args else "call tree - "):]
    part = part[:part.find("\n\n") if "\n\n" in part else len(part)]
    for line in part.splitlines():
        for n in names:
            if re.search(r"(^|[\s|])%s([\s|(]|$)" % re.escape(n), line):
                m = re.findall(r"(\d+(?:\.\d+)?)%", line)
                if m:
                    found[n] = float(m[-1])
    return found, out


table, table_text = percents([])
tree, tree_text = percents(["--tree"])
bad = False
for n in names:
    if n not in table or n not in tree:
        print("%s missing:\n%s\n%s" % (n, table_text, tree_text))
        sys.exit(1)
    if abs(table[n] - tree[n]) > 0.011:
        print("%s: table %.2f%%, tree %.2f%%" % (n, table[n], tree[n]))
        bad = True
if bad:
    print(table_text + "\n" + tree_text)
    sys.exit(1)
print("same %% Total in table and tree: %s" %
      ", ".join("%s %.2f%%" % (n, table[n]) for n in names))
