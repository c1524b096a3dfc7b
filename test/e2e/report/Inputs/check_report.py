#!/usr/bin/env python3
"""Checks a hotpath JSON report against docs/report-schema.json and the
rules the schema cannot express (docs/report-format.md, "Invariants").

usage: check_report.py SCHEMA REPORT [--require SECTION]... [--rows N]

Prints "ok: ..." and exits 0, or prints every problem and exits 1. The
schema keywords used are checked by the small validator below (no
third-party module needed); when the `jsonschema` module is installed the
report is also checked by it.
"""
import json
import math
import re
import sys


def validate(inst, schema, root, path, errors):
    if "$ref" in schema:
        ref = schema["$ref"]
        assert ref.startswith("#/"), ref
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        validate(inst, target, root, path, errors)
    for sub in schema.get("allOf", []):
        validate(inst, sub, root, path, errors)
    if "not" in schema:
        errs = []
        validate(inst, schema["not"], root, path, errs)
        if not errs:
            errors.append("%s: must not match %s" % (path, schema["not"]))
    if "anyOf" in schema:
        if not any(not _errs(inst, s, root, path) for s in schema["anyOf"]):
            errors.append("%s: matches none of anyOf" % path)
    if "const" in schema and inst != schema["const"]:
        errors.append("%s: expected %r, got %r" % (path, schema["const"], inst))
    if "enum" in schema and inst not in schema["enum"]:
        errors.append("%s: %r not in %r" % (path, inst, schema["enum"]))
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_is(inst, t) for t in types):
            errors.append("%s: expected %s, got %r" % (path, "/".join(types), inst))
            return
    if isinstance(inst, (int, float)) and not isinstance(inst, bool):
        if "minimum" in schema and inst < schema["minimum"]:
            errors.append("%s: %r < %r" % (path, inst, schema["minimum"]))
        if "maximum" in schema and inst > schema["maximum"]:
            errors.append("%s: %r > %r" % (path, inst, schema["maximum"]))
    if isinstance(inst, str):
        if len(inst) < schema.get("minLength", 0):
            errors.append("%s: shorter than %d" % (path, schema["minLength"]))
        if "pattern" in schema and not re.search(schema["pattern"], inst):
            errors.append("%s: %r does not match %s" % (path, inst, schema["pattern"]))
    if isinstance(inst, list):
        if "maxItems" in schema and len(inst) > schema["maxItems"]:
            errors.append("%s: more than %d items" % (path, schema["maxItems"]))
        if "items" in schema:
            for i, item in enumerate(inst):
                validate(item, schema["items"], root, "%s[%d]" % (path, i), errors)
    if isinstance(inst, dict):
        for key in schema.get("required", []):
            if key not in inst:
                errors.append("%s: missing %r" % (path, key))
        props = schema.get("properties", {})
        for key, value in inst.items():
            sub = "%s.%s" % (path, key) if path else key
            if key in props:
                validate(value, props[key], root, sub, errors)
            for pat, s in schema.get("patternProperties", {}).items():
                if re.search(pat, key):
                    validate(value, s, root, sub, errors)
            if "additionalProperties" in schema and key not in props:
                validate(value, schema["additionalProperties"], root, sub, errors)


def _errs(inst, schema, root, path):
    e = []
    validate(inst, schema, root, path, e)
    return e


def _is(v, t):
    return {
        "object": lambda: isinstance(v, dict),
        "array": lambda: isinstance(v, list),
        "string": lambda: isinstance(v, str),
        "boolean": lambda: isinstance(v, bool),
        "null": lambda: v is None,
        "integer": lambda: isinstance(v, int) and not isinstance(v, bool),
        "number": lambda: isinstance(v, (int, float)) and not isinstance(v, bool),
    }[t]()


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
        prev = None
        for i, row in enumerate(s["data"]):
            where = "%s.data[%d] (%s)" % (sec, i, row.get("name"))
            for p in s.get("percentiles", []) if sec != "functions_icount" else []:
                if pkey(p) not in row:
                    errors.append("%s: missing %s" % (where, pkey(p)))
                elif timed and row["calls"] and not row["min"] <= row[pkey(p)] <= row["max"]:
                    errors.append("%s: %s outside [min, max]" % (where, pkey(p)))
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
    schema = json.load(open(args[0]))
    with open(args[1]) as f:
        report = json.load(f)
    errors = []
    validate(report, schema, schema, "", errors)
    try:
        import jsonschema
        for e in jsonschema.Draft202012Validator(schema).iter_errors(report):
            errors.append("jsonschema: %s: %s" % ("/".join(map(str, e.path)), e.message))
    except ImportError:
        pass
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
