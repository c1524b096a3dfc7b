#!/usr/bin/env python3
"""Checks exact call counts in hotpath JSON reports (docs/report-format.md).

  check_counts.py [options] REPORT SPEC... [--- SPEC...]

REPORT is a file or a glob. Each SPEC is
  NAME=COUNT   the row NAME has exactly COUNT calls (0: absent or zero)
  NAME>=COUNT  at least COUNT calls
  NAME#FIELD=N, NAME#FIELD>=N   the same for another field of the row
               (total, avg, min, max, ...)
  !NAME        no row NAME
  @FILE        more specs, one per line (written by the program under test)
NAME matches a row's name exactly or up to its parameter list, so `app::fib`
matches `app::fib(int)`; a NAME with `*` is a glob over the whole name. With a glob, `---` separates groups of specs: the
glob must match one file per group, and each group must hold for a
different file (fork: the parent's report and the child's).

Options: --section S (default functions_timing), --only (no rows besides
the ones named), --none (the glob must match no file), --no-warnings
(meta.warnings must be empty).
"""
import fnmatch
import glob
import itertools
import json
import re
import sys


def fail(msg):
    print("check_counts: " + msg, file=sys.stderr)
    sys.exit(1)


def load(path, section):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        fail("%s: %s" % (path, e))
    if doc.get("type") != "hotpath_report" or doc.get("version") != 1:
        fail("%s: not a hotpath_report version 1" % path)
    sec = doc.get(section)
    if sec is None and section == "functions_timing":
        # Under Valgrind there is no timing: the counts are in the icount
        # section (docs/callgrind.md).
        sec = doc.get("functions_icount")
    if not isinstance(sec, dict) or not isinstance(sec.get("data"), list):
        fail("%s: no section %s with data" % (path, section))
    # With sampling, an allocation row's min and max are of the timed calls
    # and its average of every call: no order between them.
    ordered = "of the timed calls" not in sec.get("description", "")
    rows = {}
    for row in sec["data"]:
        name, calls = row.get("name"), row.get("calls")
        if not isinstance(name, str) or not isinstance(calls, int) or isinstance(calls, bool):
            fail("%s: bad row %r" % (path, row))
        if name in rows:
            fail("%s: function %r has two rows" % (path, name))
        if ordered and all(isinstance(row.get(k), int) for k in ("min", "avg", "max")):
            if not (row["min"] <= row["avg"] + 1 and row["avg"] <= row["max"] + 1):
                fail("%s: %r: min/avg/max out of order: %r" % (path, name, row))
        rows[name] = row
    return rows, doc.get("meta", {}).get("warnings", [])


def parse_specs(args):
    specs = []
    for a in args:
        if a.startswith("@"):
            with open(a[1:]) as f:
                specs += parse_specs(l.strip() for l in f if l.strip())
            continue
        if a.startswith("!"):
            specs.append((a[1:], "absent", 0, "calls"))
            continue
        m = re.fullmatch(r"(.+?)(?:#(\w+))?(>=|=)(\d+)", a)
        if not m:
            fail("bad spec %r" % a)
        specs.append((m.group(1), m.group(3), int(m.group(4)), m.group(2) or "calls"))
    return specs


QUALIFIERS = re.compile(r"( const| volatile| &&| &)*")


def same_function(row, name):
    """Whether `row` is `name` followed by its parameter list (and method
    qualifiers): `f` is `f(int)`, `f[abi:cxx11](int)` and `f(int) const`,
    not `f(int)::$_0::operator()()`."""
    if not row.startswith(name):
        return False
    start = len(name)
    while row.startswith("[abi:", start):
        start = row.find("]", start) + 1
        if start == 0:
            return False
    if not row.startswith("(", start):
        return False
    depth = 0
    for i in range(start, len(row)):
        depth += {"(": 1, ")": -1}.get(row[i], 0)
        if depth == 0:
            return QUALIFIERS.fullmatch(row[i + 1:]) is not None
    return False


def find(rows, name):
    if "*" in name:
        hits = [r for r in rows if fnmatch.fnmatchcase(r, name)]
    else:
        hits = [r for r in rows if r == name or same_function(r, name)]
    if len(hits) > 1:
        fail("%r matches several rows: %s" % (name, hits))
    return hits[0] if hits else None


def check(rows, specs, only):
    """Returns a list of problems (empty when the group holds)."""
    problems, named = [], set()
    for name, op, want, field in specs:
        row = find(rows, name)
        if row:
            named.add(row)
        got = rows[row].get(field) if row else 0
        if op != "absent" and row and not isinstance(got, int):
            problems.append("%s: no integer %r in the row" % (name, field))
        elif op == "absent" and row is not None:
            problems.append("%s: expected no row, found %s calls" % (row, got))
        elif op == "=" and got != want:
            problems.append("%s: expected %s %d, found %s" % (name, field, want, got if row else "no row"))
        elif op == ">=" and got < want:
            problems.append("%s: expected %s at least %d, found %s" % (name, field, want, got if row else "no row"))
    if only:
        extra = sorted(set(rows) - named)
        if extra:
            problems.append("unexpected rows: %s" % ", ".join(extra))
    return problems


def main(argv):
    section, only, none, no_warnings = "functions_timing", False, False, False
    while argv and argv[0].startswith("--") and argv[0] != "---":
        opt = argv.pop(0)
        if opt == "--section":
            section = argv.pop(0)
        elif opt == "--only":
            only = True
        elif opt == "--none":
            none = True
        elif opt == "--no-warnings":
            no_warnings = True
        else:
            fail("unknown option " + opt)
    if not argv:
        fail("usage: check_counts.py [options] REPORT SPEC... [--- SPEC...]")
    pattern, rest = argv[0], argv[1:]
    files = sorted(glob.glob(pattern))
    if none:
        if files:
            fail("expected no report, found %s" % files)
        return
    groups = [parse_specs(list(g)) for k, g in
              itertools.groupby(rest, lambda a: a == "---") if not k] or [[]]
    if len(files) != len(groups):
        fail("%s: expected %d report(s), found %d: %s" % (pattern, len(groups), len(files), files))
    loaded = [load(f, section) for f in files]
    reports = [rows for rows, _ in loaded]
    for f, (_, warnings) in zip(files, loaded):
        if no_warnings and warnings:
            fail("%s: meta.warnings: %s" % (f, warnings))
    # Each group must hold for a different file: a bipartite matching
    # (Kuhn's augmenting paths), so that many identical groups stay cheap.
    problems = [[check(reports[i], g, only) for i in range(len(files))] for g in groups]
    owner = [None] * len(files)

    def assign(g, seen):
        for i in range(len(files)):
            if not problems[g][i] and i not in seen:
                seen.add(i)
                if owner[i] is None or assign(owner[i], seen):
                    owner[i] = g
                    return True
        return False

    unmatched = [g for g in range(len(groups)) if not assign(g, set())]
    if unmatched:
        lines = ["report does not match:"]
        for g in unmatched:
            lines.append("group %d matches no file left; closest:" % (g + 1))
            i = min(range(len(files)), key=lambda i: len(problems[g][i]))
            lines += ["  %s: %s" % (files[i], p) for p in problems[g][i]] or ["  %s: (taken by another group)" % files[i]]
        fail("\n  ".join(lines))

if __name__ == "__main__":
    main(sys.argv[1:])
