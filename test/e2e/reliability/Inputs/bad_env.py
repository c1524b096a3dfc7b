#!/usr/bin/env python3
"""Runs PROGRAM once per (variable, bad value) pair and checks that each run
behaves as the plain build does (same stdout, same status, within a time
bound), and that the runtime never crashes or reports an internal error.

  bad_env.py PLAIN INSTRUMENTED
"""
import os
import subprocess
import sys

VARIABLES = """OUTPUT_FORMAT OUTPUT_PATH REPORT PERCENTILES FOCUS FUNCTIONS_LIMIT
TIME_SAMPLING_RATE ALLOC ALLOC_CUMULATIVE TIME_EXCLUSIVE FAST_PATH
DRAIN_INTERVAL CALLGRIND_OUT_FILE MERGE_REPORT REPORT_LABEL BENCHMARK
USER_METADATA SOURCE_ROOT CLOCK""".split()
VALUES = ["", " ", "-1", "0x10", "1e999", "nan", "inf", "abc", "1,2,",
          "%n%q{NOPE}%", "/nonexistent/dir/x.json", "/dev/full", "/",
          "9" * 30, "\x01\x02", "{", "\u00fc\u221e", "x" * 10000, "0.5.5"]


def run(cmd, env):
    p = subprocess.run(cmd, stdin=subprocess.DEVNULL, capture_output=True,
                       env=env, timeout=20)
    return p.returncode, p.stdout, p.stderr


def main():
    plain, inst = sys.argv[1], sys.argv[2]
    base = {k: v for k, v in os.environ.items() if not k.startswith("HOTPATH_")}
    want = run([plain], base)
    problems = []
    for var in VARIABLES:
        for val in VALUES:
            env = dict(base)
            env["HOTPATH_" + var] = val
            try:
                got = run([inst], env)
            except subprocess.TimeoutExpired:
                problems.append("HOTPATH_%s=%r: timed out" % (var, val[:20]))
                continue
            err = got[2].decode(errors="replace")
            if got[:2] != want[:2]:
                problems.append("HOTPATH_%s=%r: status %d (plain %d) or stdout differs"
                                % (var, val[:20], got[0], want[0]))
            # A sanitizer finding, or the runtime's own last resort.
            if ("internal error" in err or "ERROR: AddressSanitizer" in err
                    or "runtime error:" in err):
                problems.append("HOTPATH_%s=%r: %s" % (var, val[:20], err[:300]))
    if problems:
        sys.exit("bad_env.py: %d of %d runs:\n  %s" % (
            len(problems), len(VARIABLES) * len(VALUES), "\n  ".join(problems)))
    print("bad_env.py: %d runs, all as the plain build" % (len(VARIABLES) * len(VALUES)))


if __name__ == "__main__":
    main()
