#!/usr/bin/env python3
"""Checks a hotpath JSON report against docs/report-schema.json and the
rules the schema cannot express (docs/report-format.md, "Invariants").

usage: check_schema.py SCHEMA REPORT [--require SECTION]... [--rows N]

Prints "ok: ..." and exits 0, or prints every problem and exits 1. The
schema is checked by ajv (validate_schema.js, from test/node), the
invariants here.
"""
import json
import os
import subprocess
import sys


NODE_MODULES = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                            "..", "..", "..", "node", "node_modules")


def validate(schema_file, report_file, errors):
    """The schema, checked by ajv (test/node): no validator of our own."""
    env = dict(os.environ, NODE_PATH=NODE_MODULES)
    r = subprocess.run(["node", os.path.join(os.path.dirname(
        os.path.abspath(__file__)), "validate_schema.js"), schema_file,
        report_file], env=env, capture_output=True, text=True)
    if r.returncode != 0:
        errors.extend("ajv: " + l for l in (r.stdout + r.stderr).splitlines()
                      if l.strip())


def pkey(p):
    s = ("%.3f" % p).rstrip("0").rstrip(".")
    return "p" + s


def invariants(r, errors):
    totals = {"functions_timing": "total_elapsed_ns",
              "functions_alloc": "total_bytes", "functions_icount": "total_ir"}
    for sec, tkey in totals.items():
        if sec not in r:
            continue
        s = r[sec]
        timed = s.get("sampling_rate", 1) > 0
        bounds = s.get("bucket_bounds_ns", [])
        if any(a >= b for a, b in zip(bounds, bounds[1:])):
            errors.append("%s: bucket_bounds_ns not ascending: %r" % (sec, bounds))
        prev = None
        for i, row in enumerate(s["data"]):
            where = "%s.data[%d] (%s)" % (sec, i, row.get("name"))
            for p in s.get("percentiles", []) if sec != "functions_icount" else []:
                if pkey(p) not in row:
                    errors.append("%s: missing %s" % (where, pkey(p)))
                elif timed and row["calls"] and not row["min"] <= row[pkey(p)] <= row["max"]:
                    errors.append("%s: %s outside [min, max]" % (where, pkey(p)))
            if "buckets" in row:
                b = row["buckets"]
                bounds = s.get("bucket_bounds_ns", [])
                if len(b) != len(bounds) + 1:
                    errors.append("%s: buckets not one per bound plus all" % where)
                elif any(x > y for x, y in zip(b, b[1:])):
                    errors.append("%s: buckets not cumulative" % where)
                elif b[-1] > row["calls"] or (s.get("sampling_rate", 1) == 1 and b[-1] != row["calls"]):
                    errors.append("%s: buckets end at %d of %d calls" % (where, b[-1], row["calls"]))
                elif timed and row["calls"]:
                    # within 1%: a bucket counts by its representative value
                    for bound, n in zip(bounds, b):
                        if bound * 1.01 < row["min"] and n:
                            errors.append("%s: %d calls at most %d ns, min %d" % (where, n, bound, row["min"]))
                        if bound > row["max"] * 1.01 and n != b[-1]:
                            errors.append("%s: bucket %d ns short of all calls" % (where, bound))
            if prev is not None and row["total"] > prev:
                errors.append("%s: rows not sorted by total" % where)
            prev = row["total"]
            if row["calls"] and timed:
                if abs(row["avg"] * row["calls"] - row["total"]) > row["calls"]:
                    errors.append("%s: avg %d != total/calls" % (where, row["avg"]))
            if s[tkey] and timed:
                # With a call tree: the share of the time on a stack, of the
                # larger of the session and all threads' measured time.
                whole = max(s[tkey], s.get("total_measured_ns", 0))
                want = (row["on_stack"] * 100.0 / whole if "on_stack" in row
                        else row["total"] * 100.0 / s[tkey])
                if "on_stack" in row and row["percent_total"] > 100:
                    errors.append("%s: percent_total above 100" % where)
                if abs(want - row["percent_total"]) > 0.006:
                    errors.append("%s: percent_total %r, expected %.2f" %
                                  (where, row["percent_total"], want))
        if sec == "functions_alloc":
            if sum(x["total"] for x in s["data"]) > s["total_bytes"]:
                errors.append("functions_alloc: rows exceed total_bytes")


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__)
        return 2
    with open(args[1]) as f:
        report = json.load(f)
    errors = []
    validate(args[0], args[1], errors)
    if not errors:
        invariants(report, errors)
    rest = args[2:]
    while rest:
        opt = rest.pop(0)
        if opt == "--require":
            sec = rest.pop(0)
            if sec not in report:
                errors.append("section %s missing" % sec)
        elif opt == "--rows":
            n = int(rest.pop(0))
            got = len(report.get("functions_timing", {}).get("data", []))
            if got != n:
                errors.append("functions_timing has %d rows, expected %d" % (got, n))
    for e in errors:
        print("error: " + e)
    if errors:
        return 1
    print("ok: %s matches the schema (%s)" %
          (args[1], ", ".join(k for k in report if k not in ("type", "version"))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
