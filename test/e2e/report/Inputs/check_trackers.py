#!/usr/bin/env python3
"""Checks a tracker export against the report it came from.

  check_trackers.py bmf|github-action-benchmark EXPORT.json REPORT.json

bmf: an object of benchmarks (names of 1 to 1024 characters), each an
object of measures (slugs of 1 to 64 characters), each {"value": number}
with optional numeric lower_value and upper_value: the shape of Bencher's
published JSON schema for BMF. github-action-benchmark: an array of
{"name", "unit", "value"} objects (customSmallerIsBetter). Both: every
timed function of the report is there with its calls and its average
instrumented time.
"""
import json
import sys


def main():
    kind, export, report = sys.argv[1:4]
    data = json.load(open(export))
    rep = json.load(open(report))
    fails = []
    values = {}  # (function, measure) -> value
    if kind == "bmf":
        if not isinstance(data, dict):
            sys.exit("check_trackers: not an object")
        for name, measures in data.items():
            if not 1 <= len(name) <= 1024:
                fails.append("benchmark name of %d characters" % len(name))
            for slug, m in measures.items():
                if not 1 <= len(slug) <= 64:
                    fails.append("measure %r too long" % slug)
                if not isinstance(m, dict) or not isinstance(m.get("value"), (int, float)):
                    fails.append("%s/%s: no numeric value" % (name, slug))
                    continue
                extra = set(m) - {"value", "lower_value", "upper_value"}
                if extra:
                    fails.append("%s/%s: unknown keys %s" % (name, slug, extra))
                values[(name, slug)] = m["value"]
    else:
        if not isinstance(data, list):
            sys.exit("check_trackers: not an array")
        for e in data:
            if set(e) - {"name", "unit", "value", "range", "extra"} or \
                    not isinstance(e.get("name"), str) or not isinstance(e.get("unit"), str) or \
                    not isinstance(e.get("value"), (int, float)):
                fails.append("bad entry %r" % e)
                continue
            name, slug = e["name"].rsplit(" - ", 1)
            values[(name, slug)] = e["value"]
    for row in rep["functions_timing"]["data"]:
        n = row["name"]
        if values.get((n, "calls")) != row["calls"]:
            fails.append("%s: calls %r, expected %d" % (n, values.get((n, "calls")), row["calls"]))
        if row["calls"] and abs(values.get((n, "instrumented-time"), -1) - row["total"] / row["calls"]) > 1e-6:
            fails.append("%s: instrumented-time %r" % (n, values.get((n, "instrumented-time"))))
    for f in fails:
        print("check_trackers: " + f)
    if fails:
        sys.exit(1)
    print("check_trackers: %d values ok" % len(values))


if __name__ == "__main__":
    main()
