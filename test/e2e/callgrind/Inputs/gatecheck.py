#!/usr/bin/env python3
"""Checks that a report's hook_cost_ir includes the fast-path gate of
wrappers inlined into their callers (its instructions up to the first
jump: 3 in an executable's form, 5 in the GOT form) and the instructions
of their hooked thunks (`[clone .hotpath_hooked.N]`).

  gatecheck.py REPORT DUMP WRAPPER GATE_IR

DUMP is the session's Callgrind dump (--compress-strings=no); WRAPPER the
measured function's name. It must never be called as a function of its own
(its wrapper was inlined everywhere); then hook_cost_ir is, per measured
call, the Ir of the calls into the hooks (inclusive, from outside them),
plus the thunks' own Ir, plus the gate's GATE_IR.
"""
import json
import sys


def is_hook(name):
    name = name.split("'")[0]
    return (name in ("__hotpath_enter", "__hotpath_exit", "HpEnterLocal")
            or name.startswith("hpEnter") or name.startswith("hpExit"))


def strip_id(value):
    # With --compress-strings=no names still may carry an "(id) " prefix.
    value = value.strip()
    if value.startswith("("):
        value = value[value.index(")") + 1:].strip()
    return value


def main():
    report, dump, wrapper = sys.argv[1:4]
    gate_ir = int(sys.argv[4])
    with open(report) as f:
        sec = json.load(f)["functions_icount"]
    calls = sum(r["calls"] for r in sec["data"])
    hook_ir = wrapper_calls = thunk_ir = 0
    fn = callee = None
    lines = open(dump).read().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("fn="):
            fn = strip_id(line[3:])
        elif line.startswith("cfn="):
            callee = strip_id(line[4:])
        elif line[:1].isdigit() or line[:1] in "+-*":
            # A cost line of fn itself ("<line> <Ir>").
            cost = line.split()
            if ".hotpath_hooked." in (fn or "") and len(cost) > 1:
                thunk_ir += int(cost[1])
        elif line.startswith("calls=") and callee is not None:
            n = int(line[6:].split()[0])
            ir = int(lines[i + 1].split()[1])
            i += 1
            if callee == wrapper:
                wrapper_calls += n
            if is_hook(callee) and not is_hook(fn or ""):
                hook_ir += ir
        i += 1
    if wrapper_calls:
        sys.exit("gatecheck: %s called %d times as a function: not inlined"
                 % (wrapper, wrapper_calls))
    if not calls:
        sys.exit("gatecheck: no measured calls")
    if not thunk_ir:
        sys.exit("gatecheck: no instructions of a hooked thunk in the dump")
    want = (hook_ir + thunk_ir + gate_ir * calls + calls // 2) // calls
    got = sec.get("hook_cost_ir")
    if got != want:
        sys.exit("gatecheck: hook_cost_ir %r, expected %d = (%d hook Ir + %d "
                 "thunk Ir + %d * %d calls) / %d calls"
                 % (got, want, hook_ir, thunk_ir, gate_ir, calls, calls))
    print("hook_cost_ir %d == (%d + %d + %d * %d) / %d"
          % (got, hook_ir, thunk_ir, gate_ir, calls, calls))


if __name__ == "__main__":
    main()
