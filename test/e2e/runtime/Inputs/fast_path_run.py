#!/usr/bin/env python3
"""Runs fast_path.cpp's instrumented build in the four modes of
fast-path.test and checks each: stdout equal to the plain build's, exit
status 0 (the program's own fast-path checks), exact counts in the report.

  fast_path_run.py EXPECTED_STDOUT PROGRAM CHECK_REPORT_PY
"""
import json
import os
import subprocess
import sys

COUNTS = [
    "app::leaf=100001", "app::fib=1973", "app::thread_leaf=3000",
    "app::thrower=60", "app::jumper=60", "app::raiser=10",
    "app::in_handler=33", "app::late=15",
]

# name: (environment, HP_EXPECT, sampling_rate in the report)
MODES = [
    ("count", {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0"}, 0),
    ("default", {"HOTPATH_MODE": "default", "HOTPATH_ALLOC": "0"}, None),
    ("off", {}, 1),
    ("off", {"HOTPATH_FAST_PATH": "0", "HOTPATH_TIME_SAMPLING_RATE": "0",
             "HOTPATH_ALLOC": "0"}, 0),
]


def main():
    expected_path, prog, check_counts = sys.argv[1:4]
    with open(expected_path) as f:
        expected = f.read()
    failed = False
    for i, (expect, env, rate) in enumerate(MODES):
        tag = "%s.mode%d" % (prog, i)
        report, counts = tag + ".json", tag + ".counts"
        e = dict(os.environ, HOTPATH_OUTPUT_FORMAT="json",
                 HOTPATH_OUTPUT_PATH=report, HP_EXPECT=expect, **env)
        p = subprocess.run(["timeout", "60", prog, counts], env=e,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           universal_newlines=True)
        what = "mode %d (%s, %r)" % (i, expect, env)
        if p.returncode != 0:
            print("%s: exit %d\n%s" % (what, p.returncode, p.stderr))
            failed = True
        if p.stdout != expected:
            print("%s: stdout differs from the plain build's:\n%s"
                  % (what, p.stdout))
            failed = True
        c = subprocess.run([sys.executable, check_counts, report,
                            "@" + counts] + COUNTS)
        if c.returncode != 0:
            print("%s: wrong counts" % what)
            failed = True
        with open(report) as f:
            timing = json.load(f)["functions_timing"]
        if timing.get("sampling_rate") != rate:
            print("%s: sampling_rate %r, expected %r"
                  % (what, timing.get("sampling_rate"), rate))
            failed = True
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
