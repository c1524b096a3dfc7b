"""The default mode beside perf on more code bases (docs/performance.md,
"The default mode"): RE2 with a log-processing driver of our own
(bench/re2_driver.cc), SQLite's speedtest1 on the amalgamation, and
yaml-cpp's util/parse, each from Debian's source package.

Loaded by truth.py (TRUTH_PROGRAMS=re2,sqlite,yaml picks them). For each
code base and each selection the docs advise (a namespace: `^re2::`,
`^YAML::`; everything: `include = [".*"]`; SQLite, which is C, everything
only), no `hotpath trim` and no HOTPATH_* variable but the output:

- each function's own CPU beside `perf record -e task-clock` of the plain
  build, at the plain build's granularity (truth.cpu_rows: the top 10's
  largest gap and whether the top 5 come in perf's order; perf beside perf
  gives the noise floor);
- CPU time (user + system, every thread) against the plain build's,
  interleaved, the median of TRUTH_CPU_RUNS runs;
- compile CPU time and binary size against the plain build's (the
  measured builds compile as hotpath_instrument() does: frame pointers);
- calls of every function identical to a count-only run's.
"""
import json
import os
import re
import resource
import statistics
import subprocess

import truth
import whole

HERE = os.path.dirname(os.path.abspath(__file__))
FP = ["-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer"]


class Re2:
    name = "RE2 2022-06-01"
    tag = "re2"
    cxx = True
    norand = False
    namespace = "^re2::"

    def __init__(self, c, run):
        src = os.path.dirname(whole.debian_source(c, run, "re2", "re2-*/re2"))
        # The Debian source leaves out the generated tables; its build
        # makes them (REBUILD_TABLES=1) from the unicode-data package.
        for table, script in [("perl_groups.cc", ["perl", "make_perl_groups.pl"]),
                              ("unicode_casefold.cc", ["python3", "make_unicode_casefold.py"]),
                              ("unicode_groups.cc", ["python3", "make_unicode_groups.py"])]:
            out = os.path.join(src, "re2", table)
            if not os.path.exists(out):
                text = run(script, cwd=os.path.join(src, "re2")).stdout
                with open(out, "w") as f:
                    f.write(text)
        cmake = open(os.path.join(src, "CMakeLists.txt")).read()
        listed = re.search(r"set\(RE2_SOURCES(.*?)\)", cmake, re.S).group(1).split()
        self.units = [(os.path.join(src, f), None) for f in listed] + [
            (os.path.join(HERE, "re2_driver.cc"), "re2_driver.o")]
        self.flags = ["-std=c++17", "-pthread", "-I" + src, "-w"]
        self.libs = ["-pthread"]
        self.megabytes = "2" if c.a.quick else "32"

    def argv(self, exe, small=False):
        return [exe, "1" if small else self.megabytes]


class Sqlite:
    name = "SQLite 3.40 speedtest1"
    tag = "sqlite"
    cxx = False
    norand = False
    namespace = None  # C: no namespace to select

    def __init__(self, c, run):
        src = whole.debian_source(c, run, "sqlite3", "sqlite3-3.*/src")
        src = os.path.dirname(src)
        # The amalgamation, as SQLite's own build makes it (tclsh).
        amal = os.path.join(os.path.abspath(c.a.build), "bench-src", "sqlite-amalgamation")
        if not os.path.exists(os.path.join(amal, "sqlite3.c")):
            os.makedirs(amal, exist_ok=True)
            run([os.path.join(src, "configure"), "CC=" + c.cc], cwd=amal)
            run(["make", "sqlite3.c"], cwd=amal)
        self.units = [(os.path.join(amal, "sqlite3.c"), "sqlite3.o"),
                      (os.path.join(src, "test", "speedtest1.c"), "speedtest1.o")]
        self.flags = ["-I" + amal, "-DSQLITE_OMIT_LOAD_EXTENSION", "-w"]
        self.libs = ["-lm", "-lpthread"]
        self.size = "5" if c.a.quick else "60"

    def argv(self, exe, small=False):
        return [exe, "--size", "2" if small else self.size, "--memdb"]


class YamlCpp(whole.YamlCpp):
    namespace = "^YAML::"


PROGRAMS = {"re2": Re2, "sqlite": Sqlite, "yaml": YamlCpp}


def selections(cb):
    out = []
    if cb.namespace:
        out.append(("namespace", '[functions]\ninclude = ["%s"]\n' % cb.namespace))
    out.append(("everything", '[functions]\ninclude = [".*"]\nmain = true\n'))
    return out


def run_as_given(argv, env):
    """Runs with exactly `env` (bench.py's run adds its own environment,
    which sets the rate for its other rows)."""
    r = subprocess.run(argv, env=env, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("command failed (%d): %s\n%s" % (r.returncode, " ".join(argv),
                                                          r.stderr[-2000:]))
    return r


def cpu_of(argv, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    run_as_given(argv, env)
    return whole.cpu_between(before, resource.getrusage(resource.RUSAGE_CHILDREN))


def default_env(out=None):
    """No HOTPATH_* variable but the output."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("HOTPATH_")}
    if out:
        env.update(HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=out)
    return env


def calls_of(path):
    with open(path) as f:
        r = json.load(f)
    return {x["name"]: x["calls"] for x in r["functions_timing"]["data"]}


def bench_program(c, rows, check, run, cb):
    plain, plain_cpu = whole.compile_codebase(c, run, cb, "truth-plain", [], [], None)
    plain_size = os.path.getsize(plain)
    builds = []
    for label, toml in selections(cb):
        cfg = c.path("%s-truth-%s.toml" % (cb.tag, label))
        with open(cfg, "w") as f:
            f.write(toml)
        exe, cpu = whole.compile_codebase(c, run, cb, "truth-" + label,
                                          ["-fpass-plugin=" + c.plugin] + FP,
                                          c.rt_shared(), cfg)
        builds.append((label, exe))
        rows.append(["truth", "%s, %s: compile CPU" % (cb.name, label),
                     "%.2f× plain" % (cpu / plain_cpu),
                     "%.1f s vs %.1f s" % (cpu, plain_cpu),
                     "binary %.2f× plain (%.1f MB)" % (os.path.getsize(exe) / plain_size,
                                                       os.path.getsize(exe) / 1e6)])

    # Calls: the default mode's against a count-only run's, function by
    # function (the programs do the same work in every run).
    for label, exe in builds:
        a, b = c.path("%s-%s-default.json" % (cb.tag, label)), c.path(
            "%s-%s-count.json" % (cb.tag, label))
        run_as_given(cb.argv(exe, small=True), default_env(a))
        run_as_given(cb.argv(exe, small=True), dict(default_env(b), HOTPATH_MODE="count"))
        da, db = calls_of(a), calls_of(b)
        check(da == db, "truth: %s, %s: the default mode's calls are a count-only run's "
              "(%d functions, %d calls)" % (cb.name, label, len(da), sum(da.values())))

    # CPU time against the plain build, interleaved.
    runs = 1 if c.a.quick else truth.CPU_RUNS
    t = {"plain": []}
    for label, _ in builds:
        t[label] = []
    for k in range(runs):
        t["plain"].append(cpu_of(cb.argv(plain), default_env()))
        for label, exe in builds:
            t[label].append(cpu_of(cb.argv(exe), default_env(
                c.path("%s-%s-cpu.json" % (cb.tag, label)))))
    p = statistics.median(t["plain"])
    for label, _ in builds:
        m = statistics.median(t[label])
        rows.append(["truth", "%s, %s: CPU, the default mode" % (cb.name, label),
                     "%.2f× plain" % (m / p), "%.2f s vs %.2f s" % (m, p),
                     "target %s; median of %d, interleaved" % (
                         "1.10×" if label == "namespace" else "1.15×", runs)])

    # Own CPU beside perf on the plain build. Everything selected: the
    # frames in the program's own binary (time in libc or the kernel is
    # its caller's, as hotpath counts it); a namespace: that namespace's
    # frames, as the leveldb rows compare (truth.py).
    binary = os.path.basename(plain)
    for label, exe in builds:
        prefix = cb.namespace.lstrip("^") if label == "namespace" else ""

        def perf_run(k, prefix=prefix):
            samples = truth.perf_samples(c, run, cb.argv(plain), "%s-%d" % (cb.tag, k))
            return truth.perf_own(samples, lambda f: f[1] == binary and f[0].startswith(prefix))
        truth.cpu_rows(c, rows, check, "%s, %s" % (cb.name, label), perf_run, [
            (label, lambda name, exe=exe: cb.argv(exe),
             [("the default mode (no variable)", truth.DEFAULT)])])


def bench(c, rows, check, run, names):
    for n in names:
        bench_program(c, rows, check, run, PROGRAMS[n](c, run))
