#!/usr/bin/env python3
"""Checks hotpath's functions_icount section against Callgrind itself.

  cgcheck.py annotate REPORT DUMP NAME   NAME's total equals what
      `callgrind_annotate --inclusive=yes` prints for its marker in DUMP
  cgcheck.py calls REPORT DUMP           every row's calls equal the sum of
      Callgrind's calls= into its marker (DUMP with --compress-strings=no)
  cgcheck.py same REPORT REPORT          identical icount rows (name, calls,
      total) and total_ir
  cgcheck.py same-rows REPORT REPORT     identical icount rows
  cgcheck.py equal REPORT REPORT NAME    NAME has the same total in both
  cgcheck.py nonzero REPORT              every icount row has a total > 0
  cgcheck.py percent REPORT NAME MIN MAX NAME's percent_total is within
      [MIN, MAX] and is its total's share of total_ir
  cgcheck.py cache REPORT A B RATIO      in functions_cache, A and B have the
      same Ir and B's estimated cycles are at least RATIO times A's
Exit status 1 with one line on a mismatch.
"""
import json
import re
import subprocess
import sys

MARKER = re.compile(r"^(.*?)(?: \[clone \.hotpath\.|\.hotpath\.)(\d+)(.*)$")


def fail(msg):
    print("cgcheck: " + msg, file=sys.stderr)
    sys.exit(1)


def rows(path):
    with open(path) as f:
        r = json.load(f)
    sec = r.get("functions_icount")
    if not sec:
        fail(path + ": no functions_icount section")
    return sec, {row["name"]: row for row in sec["data"]}


def row(path, name):
    _, rs = rows(path)
    if name not in rs:
        fail("%s: no row %r (rows: %s)" % (path, name, ", ".join(rs)))
    return rs[name]


def base(name):
    m = MARKER.match(name)
    return m.group(1) if m else None


def annotate(report, dump, name):
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=yes", "--auto=no", "--show=Ir",
         "--threshold=100", dump], capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        m = re.match(r"^\s*([0-9,]+) \(\s*[0-9.]+%\)\s+[^:]*:(.*?)( \[[^\]]*\])?$",
                     line)
        if m and base(m.group(2)) == name:
            found.append((m.group(2), int(m.group(1).replace(",", ""))))
    if len(found) != 1:
        fail("%s: want one marker line for %r, found %r" % (dump, name, found))
    want = found[0][1]
    got = row(report, name)["total"]
    if got != want:
        fail("%s: total %d, callgrind_annotate says %d" % (name, got, want))
    print("%s: %d == callgrind_annotate" % (name, got))


def calls(report, dump):
    into = {}
    callee = None
    with open(dump) as f:
        for line in f:
            if line.startswith("cfn="):
                callee = line[4:].strip()
            elif line.startswith("calls=") and callee:
                b = base(callee)
                if b is not None:
                    into[b] = into.get(b, 0) + int(line[6:].split()[0])
    _, rs = rows(report)
    if not rs:
        fail(report + ": no rows")
    for name, r in rs.items():
        if into.get(name) != r["calls"]:
            fail("%s: runtime %d calls, Callgrind calls= %r"
                 % (name, r["calls"], into.get(name)))
        print("%s: %d calls == calls=" % (name, r["calls"]))


def same(a, b, total=True):
    sa, ra = rows(a)
    sb, rb = rows(b)
    ka = sorted((n, r["calls"], r["total"]) for n, r in ra.items())
    kb = sorted((n, r["calls"], r["total"]) for n, r in rb.items())
    if ka != kb:
        fail("rows differ: %r vs %r" % (ka, kb))
    if total and sa["total_ir"] != sb["total_ir"]:
        fail("total_ir differs: %d vs %d" % (sa["total_ir"], sb["total_ir"]))
    print("identical: %r" % (ka,))


def main(argv):
    if len(argv) < 3:
        fail(__doc__)
    cmd = argv[1]
    if cmd == "annotate":
        annotate(argv[2], argv[3], argv[4])
    elif cmd == "calls":
        calls(argv[2], argv[3])
    elif cmd == "same":
        same(argv[2], argv[3])
    elif cmd == "same-rows":
        same(argv[2], argv[3], total=False)
    elif cmd == "equal":
        a, b = row(argv[2], argv[4])["total"], row(argv[3], argv[4])["total"]
        if a != b:
            fail("%s: total %d vs %d" % (argv[4], a, b))
        print("%s: %d in both" % (argv[4], a))
    elif cmd == "cache":
        with open(argv[2]) as f:
            sec = json.load(f).get("functions_cache")
        if not sec:
            fail(argv[2] + ": no functions_cache section")
        rs = {r["name"]: r for r in sec["data"]}
        a, b, ratio = rs[argv[3]], rs[argv[4]], float(argv[5])
        if a["ir"] != b["ir"] or a["ir"] <= 0:
            fail("Ir differs: %d vs %d" % (a["ir"], b["ir"]))
        if b["est_cycles"] < ratio * a["est_cycles"]:
            fail("cycles %d vs %d: less than %gx" % (a["est_cycles"], b["est_cycles"], ratio))
        print("equal Ir %d; cycles %d vs %d (%.2fx)" % (a["ir"], a["est_cycles"],
              b["est_cycles"], b["est_cycles"] / a["est_cycles"]))
    elif cmd == "nonzero":
        _, rs = rows(argv[2])
        for n, r in rs.items():
            if r["total"] <= 0:
                fail("%s: total 0" % n)
        print("all totals > 0")
    elif cmd == "percent":
        sec, rs = rows(argv[2])
        r = row(argv[2], argv[3])
        lo, hi = float(argv[4]), float(argv[5])
        share = 100.0 * r["total"] / sec["total_ir"] if sec["total_ir"] else 0
        if abs(share - r["percent_total"]) > 0.01:
            fail("%s: percent_total %.2f is not total/total_ir (%.2f)"
                 % (argv[3], r["percent_total"], share))
        if not lo <= r["percent_total"] <= hi:
            fail("%s: percent_total %.2f, not within [%g, %g] (total %d of %d)"
                 % (argv[3], r["percent_total"], lo, hi, r["total"], sec["total_ir"]))
        print("%s: %.2f%%" % (argv[3], r["percent_total"]))
    else:
        fail("unknown command " + cmd)


main(sys.argv)
