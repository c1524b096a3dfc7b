"""The judge on a real slowdown (docs/performance.md, "Time that tells the
truth").

leveldb 1.23 as in the truth benchmark (`include = ["^leveldb::"]`,
`db_bench --benchmarks=fillrandom,readrandom`, with a memtable that holds
the whole run so that no compaction makes one run's work differ from
another's), built twice: as released (the base) and with
`crc32c::Extend` made twice as slow (the head: it computes the checksum
twice; the copy that does the work is excluded from the selection, so
Extend's own time doubles). Extend is about 2% of the plain build's CPU
time under perf.

Three runs of each build, interleaved; `hotpath calibrate` on the base's
three reports gives the policy (with `fail_check = true`, as a team that
gates merges on it would set); each side's runs are merged (`hotpath
merge`: calls and times add) and judged with `hotpath diff --policy`.
A third variant judges instructions instead (`hotpath run
--callgrind-only`, a smaller run; JUDGE_ONLY=Callgrind runs it alone).
Counted: whether Extend is a failing regression, and every other
regression, split into Extend's callers (their inclusive time holds
Extend's: a real change) and the rest (false positives).
"""
import json
import os
import re
import shutil
import subprocess

EXTEND = "leveldb::crc32c::Extend"
RUNS = 3
# A memtable that holds the whole run: no flush, no compaction. Compactions
# run when the background thread gets to them, a different amount of work
# in each run (the read path's time moved by 80% between identical runs).
STILL = "--write_buffer_size=268435456"
# How the runs are measured and calibrated: the defaults; and raw times
# (the cost of measuring is the same on both sides, and taking it out of a
# parent of millions of measured calls leaves a small difference of large
# figures) with a floor low enough for Extend, whose share of a measured
# run is smaller than of a plain one.
VARIANTS = [("default", {}, []),
            ("raw times, floor 0.1%", {"HOTPATH_COMPENSATE": "0"},
             ["--min-percent-total", "0.1"])]
# The deterministic measure a CI job judges: instructions under Callgrind
# (`hotpath run --callgrind-only`), a smaller run (Callgrind is ~50x
# slower), the same calibration.
CALLGRIND = "Callgrind instructions"
CALLGRIND_NUM = 3000


def slow_source(c, src):
    """A copy of `src` whose crc32c::Extend runs its body twice."""
    dst = os.path.join(c.tmp, "leveldb-slow-src")
    if not os.path.isdir(dst):
        shutil.copytree(src, dst, symlinks=True)
    path = os.path.join(dst, "util", "crc32c.cc")
    text = open(path).read()
    head = "uint32_t Extend(uint32_t crc, const char* data, size_t n) {"
    if "ExtendOnce" not in text:
        assert head in text, "crc32c.cc: no Extend definition"
        text = text.replace(head, (
            "uint32_t ExtendOnce(uint32_t crc, const char* data, size_t n);\n"
            "uint32_t Extend(uint32_t crc, const char* data, size_t n) {\n"
            "  static volatile uint32_t twice;\n"
            "  twice = ExtendOnce(crc, data, n);\n"
            "  return ExtendOnce(crc, data, n);\n"
            "}\n"
            "uint32_t ExtendOnce(uint32_t crc, const char* data, size_t n) {"))
        open(path, "w").write(text)
    return dst


def callers_of(report, name):
    """Every function on a call path above `name` in the report's tree."""
    nodes = report.get("call_tree", {}).get("nodes", [])
    out = set()
    for n in nodes:
        if n["name"].startswith(name + "("):
            p = n["parent"]
            while p is not None:
                out.add(nodes[p]["name"])
                p = nodes[p]["parent"]
    return out


def bench(c, rows, check, run, med):
    import truth  # bench/, beside bench.py, which runs this

    src = truth.source(c, run)
    base = truth.build(c, run, src, os.path.join(c.tmp, "leveldb-ns"), True)
    head = truth.build(c, run, slow_source(c, src), os.path.join(c.tmp, "leveldb-slow"),
                       True, 'exclude = ["ExtendOnce"]\n')
    hotpath = os.path.join(os.path.abspath(c.a.build), "tools", "hotpath")
    only = os.environ.get("JUDGE_ONLY")
    for variant, extra, floor in VARIANTS + [(CALLGRIND, {}, [])]:
        if not only or only in variant:
            judge_once(c, run, rows, check, hotpath, truth.args, base, head, variant,
                       extra, floor)


def judge_once(c, run, rows, check, hotpath, truth_args, base, head, variant, extra,
               floor):
    tag = re.sub(r"\W", "_", variant)
    reports = {"base": [], "head": []}
    for i in range(RUNS):
        for side, exe in (("base", base), ("head", head)):
            out = os.path.join(c.tmp, "judge-%s-%s-%d.json" % (tag, side, i))
            db = os.path.join(c.tmp, "judge-db-%s-%d" % (side, i))
            env = dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=out,
                       **extra)
            if variant == CALLGRIND:
                env["HOTPATH_OUTPUT_FORMAT"] = "none"
                run([hotpath, "run", "--callgrind-only", "-o", out, "--", exe,
                     "--benchmarks=fillrandom,readrandom", "--num=%d" % CALLGRIND_NUM,
                     "--db=" + db, STILL], env=env)
            else:
                run([exe] + truth_args(c, db) + [STILL], env=env)
            shutil.rmtree(db, ignore_errors=True)
            reports[side].append(out)
    policy = os.path.join(c.tmp, "judge-%s-policy.toml" % tag)
    run([hotpath, "calibrate", "-o", policy] + floor + reports["base"])
    # As a team that gates merges on it would: a regression fails the check.
    text = open(policy).read().replace("# fail_check = true", "fail_check = true")
    open(policy, "w").write(text)
    merged = {}
    for side in reports:
        merged[side] = os.path.join(c.tmp, "judge-%s-%s.json" % (tag, side))
        run([hotpath, "merge", "-o", merged[side]] + reports[side])
    d = subprocess.run([hotpath, "diff", merged["base"], merged["head"], "--policy", policy,
                        "--format", "json"], capture_output=True, text=True)
    verdict = json.loads(d.stdout)
    tree = merged["head"]
    if variant == CALLGRIND:
        # A Callgrind run has no call paths (its inclusive counts hold the
        # callees'): Extend's callers from a native run of the head.
        tree = os.path.join(c.tmp, "judge-%s-tree.json" % tag)
        db = os.path.join(c.tmp, "judge-db-tree")
        run([head, "--benchmarks=fillrandom,readrandom", "--num=%d" % CALLGRIND_NUM,
             "--db=" + db, STILL],
            env=dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=tree))
        shutil.rmtree(db, ignore_errors=True)
    callers = callers_of(json.load(open(tree)), EXTEND)
    kind = "icount" if variant == CALLGRIND else "timing"
    timing = [sec for sec in verdict["sections"] if kind in sec["section"]][0]
    regressed = [r for r in timing["rows"] if r["outcome"] == "regression"]
    found = [r for r in regressed if r["name"].startswith(EXTEND + "(")]
    up = [r for r in regressed if r["name"] in callers]
    false = [r for r in regressed if r not in found and r not in up]
    ext = [r for r in timing["rows"] if r["name"].startswith(EXTEND + "(")]
    change = ", ".join("%s %+.0f%%" % (ch["metric"], ch["percent"])
                       for r in ext for ch in r["changes"] if ch["percent"] is not None)
    rows.append(["judge", "crc32c::Extend twice as slow, %d runs a side, %s" % (RUNS, variant),
                 ("found, %s (%s)" % ("fails" if found[0]["failing"] else "does not fail",
                                      change)) if found else
                 "not found (%s%s)" % (ext[0]["outcome"] if ext else "no row",
                                       ": " + change if change else ""),
                 "calibrated threshold %g%%" % timing["min_percent_change"],
                 "diff exit %d" % d.returncode])
    rows.append(["judge", "other regressions, " + variant, "%d callers of Extend, %d others"
                 % (len(up), len(false)), "target: 0 others",
                 ", ".join(sorted(r["name"] for r in false))[:200]])
    check(bool(found) and found[0]["failing"],
          "judge: %s: crc32c::Extend made twice as slow is a failing regression" % variant)
    check(not false, "judge: %s: no false positive (%s)"
          % (variant, ", ".join(r["name"] for r in false)))
