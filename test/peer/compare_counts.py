#!/usr/bin/env python3
"""Runs the plain, -O0 and -O2 builds of gtest's test binaries (gtest-suite.sh)
and compares them.

  compare_counts.py WORK TEST...

For each test binary: the instrumented builds print the same test verdicts
and exit with the same status as the plain build; every process writes a
report (death tests' children too); the counts summed over a run's
processes are equal at -O0 and -O2, except where a rule below explains the
difference; no duration exceeds the run's wall time. Each instrumented
binary runs twice: a function whose count differs between two runs of the
same binary (a condition variable's predicate, a polling loop) cannot be
compared across builds, and is listed as such.
"""
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

# Functions whose counts may legitimately differ between -O0 and -O2, and
# why (docs/rewrite.md, "Same counts at every level").
# Each rule: (name pattern, test on (calls at -O0, at -O2), why).
LEGIT = [
    # clang's front end folds a destructor that only destroys its base into
    # the base's (-mconstructor-aliases) at -O1+: the derived one's complete
    # and base variants are gone (fewer calls at -O2: its deleting variant,
    # of the same name, remains), the base's gets their calls (more).
    (re.compile(r"::~"), lambda a, b: True,
     "destructor aliased to its base at -O1+"),
    # libstdc++ declares `extern template` for std::string, streams,
    # locale facets...: their members are available_externally here, never
    # measured; at -O2 they are inlined into gtest's code and the library
    # templates *they* call (iterators, allocators, char_traits) are
    # instantiated and measured in this binary; at -O0 they run inside
    # libstdc++.so, unmeasured.
    (re.compile(r"^(?:[\w:*& ]+ )?(?:std|__gnu_cxx)::"), lambda a, b: True,
     "library template reached from an available_externally body"),
    # googletest-death-test-test arms an ITIMER_PROF of 1 us around a death
    # test: its handler runs as often as the timer fires, which depends on
    # the CPU time the test takes (0 to 2 calls on a quiet machine, 3 seen
    # at -O2 on a busy one): any number.
    (re.compile(r"SigprofAction\("), lambda a, b: True,
     "a SIGPROF handler, called as often as CPU time lets the timer fire"),
    # Notification::WaitForNotification waits on a condition variable with
    # this predicate: it runs once per wake-up, which the scheduler decides
    # (97 and 98 calls seen in two builds, each stable over two runs).
    (re.compile(r"WaitForNotification\(\)::\{lambda"), lambda a, b: True,
     "a condition variable's predicate, run once per wake-up"),
    # gtest_stress_test's 50 threads each record a property of their own
    # and one "shared_key": TestResult::RecordProperty searches the
    # properties so far for the key (std::find_if, TestPropertyKeyIs), and
    # a search for shared_key stops where the first thread to record it put
    # it, which the scheduler decides (284,947 and 289,845 calls of key()
    # seen in two builds on a busy machine, each stable over two runs).
    (re.compile(r"testing::TestProperty::key\(\)|TestPropertyKeyIs::operator\(\)"),
     lambda a, b: True, "a search that stops where another thread's insertion landed"),
]

VERDICT = re.compile(r"^\[\s*(OK|FAILED|PASSED|SKIPPED|RUN)\s*\] (.*)$")
MS = re.compile(r" \(\d+ ms( total)?\)")


def fail(msg):
    print("compare_counts: FAIL: " + msg)
    sys.exit(1)


def run(work, build, test, tag):
    exe = os.path.join(work, build, "googletest", test)
    if not os.path.exists(exe):
        fail("%s was not built in %s" % (test, build))
    out = os.path.join(work, "runs", "%s.%s.%s" % (build, test, tag))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOTPATH_")}
    env.update(HOTPATH_OUTPUT_FORMAT="json",
               HOTPATH_OUTPUT_PATH=os.path.join(out, "report.%p.json"))
    t0 = time.monotonic_ns()
    p = subprocess.run([exe], cwd=out, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, timeout=300)
    wall = time.monotonic_ns() - t0
    text = p.stdout.decode("utf-8", "replace")
    with open(out + ".log", "w") as f:
        f.write(text)
    verdicts = [MS.sub("", m.group(0)) for m in map(VERDICT.match, text.splitlines()) if m]
    return p.returncode, verdicts, out, wall


def counts(out, wall, what):
    """Sums calls over the run's reports; checks durations."""
    files = glob.glob(os.path.join(out, "report.*.json"))
    if not files:
        fail("%s: no report written" % what)
    total = {}
    for path in files:
        with open(path) as f:
            doc = json.load(f)
        for row in doc["functions_timing"]["data"]:
            name, calls = row["name"], row["calls"]
            total[name] = total.get(name, 0) + calls
            for k in ("min", "avg", "max", "total"):
                v = row.get(k)
                if not isinstance(v, int) or v < 0:
                    fail("%s: %s: bad %s %r" % (what, name, k, v))
            if row["max"] > wall:
                fail("%s: %s: max %d ns exceeds the run's %d ns" % (what, name, row["max"], wall))
    return total, len(files)


def main():
    work, tests = sys.argv[1], sys.argv[2:]
    unstable, legit, compared = {}, {}, 0
    for test in tests:
        rc, verdicts, _, _ = run(work, "plain", test, "a")
        if rc != 0:
            fail("%s: the plain build did not pass (exit %d)" % (test, rc))
        per_build = {}
        for build in ("O0", "O2"):
            runs = []
            for tag in ("a", "b"):
                brc, bverdicts, out, wall = run(work, build, test, tag)
                what = "%s (%s, run %s)" % (test, build, tag)
                if brc != rc:
                    fail("%s: exit %d, plain build %d" % (what, brc, rc))
                if sorted(bverdicts) != sorted(verdicts):
                    diff = set(bverdicts) ^ set(verdicts)
                    fail("%s: verdicts differ from the plain build: %s" % (what, sorted(diff)[:10]))
                runs.append(counts(out, wall, what))
            (c1, n1), (c2, n2) = runs
            if n1 != n2:
                fail("%s (%s): %d then %d processes reported" % (test, build, n1, n2))
            for name in set(c1) | set(c2):
                if c1.get(name, 0) != c2.get(name, 0):
                    unstable.setdefault(name, set()).add(test)
            per_build[build] = c1
        c0, c2 = per_build["O0"], per_build["O2"]
        if len(c0) < 100:
            fail("%s: only %d functions in the report" % (test, len(c0)))
        for name in sorted(set(c0) | set(c2)):
            a, b = c0.get(name, 0), c2.get(name, 0)
            if name in unstable:
                continue
            compared += 1
            if a == b:
                continue
            why = next((w for r, ok, w in LEGIT if r.search(name) and ok(a, b)), None)
            if why is None:
                fail("%s: %s: %d calls at -O0, %d at -O2" % (test, name, a, b))
            legit.setdefault(why, set()).add(name)
        print("ok %s: %d functions at -O0, %d at -O2, %d verdicts" % (test, len(c0), len(c2), len(verdicts)))
    print("compared %d function counts; run-to-run unstable (not compared): %d" % (compared, len(unstable)))
    for name in sorted(unstable):
        print("  unstable: %s" % name)
    for why, names in legit.items():
        print("legitimate -O0/-O2 difference (%s): %d" % (why, len(names)))
        for n in sorted(names):
            print("  %s" % n)
    print("1 passed, 0 failed")


if __name__ == "__main__":
    main()
