"""Whole programs with every function selected, against the plain build,
clang's PGO instrumentation and XRay (docs/performance.md, "Whole
programs"): Lua 5.4 (C), yaml-cpp 0.7 and leveldb 1.23 (C++), from Debian's
source packages.

Loaded by bench.py (`--only whole`; WHOLE_ONLY=lua,yaml,leveldb picks code
bases). Builds each code base six ways from the same sources: plain;
hotpath with include = [".*"]; clang's `-fprofile-instr-generate` (a
counter per function and per edge, what a C/C++ engineer reaches for to
count); XRay with every function instrumented; and hotpath with the
`exclude` lines `hotpath trim` writes from a run of the second build
(overhead-aware selection under a budget), and with those it writes by CPU
samples from a count-only run with them (for that mode). Runs each workload interleaved
in every mode and reports its CPU time (user + system, every thread of the
run, the drain's included) against the plain build's, the measured calls
per second, the compile CPU time and the binary size; then, under
Callgrind, the report's inclusive instructions of the code base's
top-level entry point against callgrind_annotate's for the plain build,
and that the native and the Callgrind run count the same calls.
"""
import glob
import json
import os
import random
import re
import resource
import shutil
import subprocess
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))
TRIM_BUDGET = 10  # percent of the run, every call timed
# The build trimmed for exact counts and sampled time, in that mode.
COUNTS_MODE = "trimmed by CPU samples, rate 0, HOTPATH_ALLOC=0, CPU samples 1 kHz"



DEFAULT_MODE = "hotpath, the default mode (no variable)"

def debian_source(c, run, package, pattern):
    """A Debian source package, fetched once into the build dir."""
    cache = os.path.join(os.path.abspath(c.a.build), "bench-src")
    found = glob.glob(os.path.join(cache, pattern))
    if not found:
        os.makedirs(cache, exist_ok=True)
        run(["apt-get", "source", "-q", package], cwd=cache)
        found = glob.glob(os.path.join(cache, pattern))
    return found[0]


def yaml_document(path, records):
    """A deterministic YAML document: maps, sequences, flow and block
    styles, quoted strings, numbers, booleans, literal blocks."""
    r = random.Random(7)
    words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
             "theta", "iota", "kappa"]
    out = []
    for i in range(records):
        out.append("- id: %d" % i)
        out.append('  name: "%s %s"' % (r.choice(words), r.choice(words)))
        out.append("  score: %.3f" % (r.random() * 100))
        out.append("  tags: [%s]" % ", ".join(
            r.choice(words) for _ in range(r.randint(1, 5))))
        out.append("  active: %s" % r.choice(["true", "false"]))
        out.append("  nested:")
        for j in range(r.randint(1, 3)):
            out.append("    - key: %s-%d" % (r.choice(words), j))
            out.append("      values: {a: %d, b: %d, c: '%s'}" % (
                r.randint(0, 999), r.randint(0, 999), r.choice(words)))
        out.append("  note: |")
        out.append("    line one of %d" % i)
        out.append("    line two")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


class Lua:
    name = "Lua 5.4"
    tag = "lua"
    cxx = False
    entry = "docall"  # lua.c: runs the script; not inlined in the plain build
    # Lua hashes some keys by address: without randomisation every run does
    # the same work, and the modes count the same calls.
    norand = True

    def __init__(self, c, run):
        src = debian_source(c, run, "lua5.4", "lua5.4-*/src")
        self.units = [(f, None) for f in sorted(glob.glob(os.path.join(src, "*.c")))
                      if not f.endswith("/luac.c")]
        with open(c.path("lua5.4-deb-multiarch.h"), "w") as f:
            f.write('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
        # The same work in every run and build: a fixed string-hash seed; a
        # fixed pivot for table.sort (which otherwise mixes clock(), the CPU
        # time used so far, into the pivot of an unbalanced partition, and
        # so sorts with other comparisons in a slower mode); and a C-string
        # cache of one set (luaS_new indexes it by the string's address,
        # which differs under Valgrind: one string more or less created).
        self.flags = ["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX",
                      "-I" + c.tmp, "-w", "-Dluai_makeseed(L)=0x5eed",
                      "-Dl_randomizePivot()=0x5eed", "-DSTRCACHE_N=1",
                      "-DSTRCACHE_M=2"]
        self.libs = ["-lm", "-ldl"]
        self.script = os.path.join(HERE, "whole.lua")
        self.rounds = "2" if c.a.quick else "40"

    def argv(self, exe, small=False):
        return [exe, self.script, "1" if small else self.rounds]


class YamlCpp:
    name = "yaml-cpp 0.7"
    tag = "yaml"
    cxx = True
    entry = "YAML::Load(std::istream&)"  # called from util/parse.cpp's main
    norand = False

    def __init__(self, c, run):
        src = os.path.dirname(debian_source(c, run, "yaml-cpp", "yaml-cpp-*/src"))
        files = sorted(glob.glob(os.path.join(src, "src", "*.cpp")) +
                       glob.glob(os.path.join(src, "src", "contrib", "*.cpp")))
        # util/parse: loads a document and prints it back (YAML::Load, then
        # the emitter), the package's own command-line workload.
        self.units = [(f, None) for f in files] + [
            (os.path.join(src, "util", "parse.cpp"), "main_parse.o")]
        self.flags = ["-std=c++17", "-I" + os.path.join(src, "include"), "-w"]
        self.libs = []
        self.doc = c.path("whole.yaml")
        self.small = c.path("whole-small.yaml")
        yaml_document(self.doc, 100 if c.a.quick else 3000)
        yaml_document(self.small, 50)

    def argv(self, exe, small=False):
        return [exe, self.small if small else self.doc]


class LevelDb:
    name = "leveldb 1.23"
    tag = "leveldb"
    cxx = True
    entry = "leveldb::DBImpl::Get("  # a read, called by db_bench's readrandom
    norand = False
    # Background compactions make the calls of two runs differ and db_bench
    # prints its own timings: runs are compared by exit status alone.
    deterministic = False
    NUM = 100000

    def __init__(self, c, run):
        found = glob.glob(os.path.join(os.path.dirname(
            debian_source(c, run, "leveldb", "leveldb-1.*")), "leveldb-1.*"))
        self.src = [d for d in found if os.path.isdir(d)][0]
        self.c = c
        self.num = self.NUM // 10 if c.a.quick else self.NUM

    def compile(self, c, run, name, cflags, lflags, config):
        """leveldb's own CMake build of db_bench (Release: -O3)."""
        out = c.path("%s-%s" % (self.tag, name))
        env = {"HOTPATH_CONFIG": config} if config else {}
        run(["cmake", "-S", self.src, "-B", out, "-G", "Ninja",
             "-DCMAKE_BUILD_TYPE=Release", "-DLEVELDB_BUILD_TESTS=OFF",
             "-DLEVELDB_BUILD_BENCHMARKS=ON", "-DCMAKE_C_COMPILER=" + c.cc,
             "-DCMAKE_CXX_COMPILER=" + c.cxx,
             "-DCMAKE_CXX_FLAGS=" + " ".join(["-gdwarf-4"] + cflags),
             "-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(lflags)], env)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        run(["ninja", "-C", out, "db_bench"], env)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return os.path.join(out, "db_bench"), cpu_between(before, after)

    def argv(self, exe, small=False):
        return [exe, "--benchmarks=fillrandom,readrandom",
                "--num=%d" % (3000 if small else self.num),
                "--db=" + self.c.path("leveldb-db")]


def cpu_between(before, after):
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def compile_codebase(c, run, cb, name, cflags, lflags, config):
    """Builds one way; returns (binary, compile CPU seconds)."""
    if hasattr(cb, "compile"):
        return cb.compile(c, run, name, cflags, lflags, config)
    objdir = c.path("%s-%s" % (cb.tag, name))
    os.makedirs(objdir, exist_ok=True)
    cc = c.cxx if cb.cxx else c.cc
    env = {"HOTPATH_CONFIG": config} if config else {}
    base = cb.flags + ["-O2", "-gdwarf-4"] + cflags
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    together = [f for f, o in cb.units if not o]
    if together:
        run([cc] + base + ["-c"] + together, env, cwd=objdir)
    for f, o in cb.units:
        if o:
            run([cc] + base + ["-c", f, "-o", o], env, cwd=objdir)
    cpu = cpu_between(before, resource.getrusage(resource.RUSAGE_CHILDREN))
    exe = c.path("%s.%s" % (cb.tag, name))
    # XRay's runtime is C++.
    link = c.cxx if (cb.cxx or name == "xray") else c.cc
    run([link] + sorted(glob.glob(os.path.join(objdir, "*.o"))) + lflags + cb.libs +
        ["-o", exe])
    return exe, cpu


def write_config(path, excludes=()):
    with open(path, "w") as f:
        f.write('[functions]\ninclude = [".*"]\nmain = true\n')
        if excludes:
            # JSON strings are TOML basic strings.
            f.write("exclude = [\n%s]\n" % "".join(
                "  %s,\n" % json.dumps(e) for e in excludes))


def trimmed_build(c, run, cb, tool, report, name, trim_args=(), cflags=()):
    """`hotpath trim REPORT` with trim_args, then the code base built with
    everything selected less the lines it wrote: (binary, compile CPU
    seconds, the exclude lines)."""
    lines = c.path("%s-%s-trim.toml" % (cb.tag, name))
    run([tool, "trim", report] + list(trim_args) + ["-o", lines])
    with open(lines, "rb") as f:
        excludes = tomllib.load(f).get("functions", {}).get("exclude", [])
    cfg = c.path("%s-%s.toml" % (cb.tag, name))
    write_config(cfg, excludes)
    exe, cpu = compile_codebase(c, run, cb, name, ["-fpass-plugin=" + c.plugin] + list(cflags),
                                c.rt_shared(), cfg)
    return exe, cpu, excludes


def report_calls(path):
    """Each function's calls: {name: calls}."""
    with open(path) as f:
        r = json.load(f)
    return {x["name"]: x["calls"] for x in r["functions_timing"]["data"]}


def totals(calls):
    """(calls, functions) of report_calls' answer."""
    return sum(calls.values()), len(calls)


# Heap layouts other than the default one (glibc's tunables). yaml-cpp keeps
# nodes in sets ordered by address, so how often some of its functions run
# (std::_Rb_tree_iterator::operator--) depends on where malloc put each node;
# any difference in the heap's history moves those counts, whoever made it.
HEAP_LAYOUTS = ("glibc.malloc.tcache_count=0", "glibc.malloc.mxfast=0",
                "glibc.malloc.top_pad=1")


def bench_codebase(c, rows, check, run, med, cb):
    label = "7 whole program"
    tool = os.path.join(c.a.build, "tools", "hotpath")
    cfg = c.path("%s-all.toml" % cb.tag)
    write_config(cfg)
    builds = {
        "plain": ([], [], None),
        "hotpath": (["-fpass-plugin=" + c.plugin], c.rt_shared(), cfg),
        "pgo": (["-fprofile-instr-generate"], ["-fprofile-instr-generate"], None),
        "xray": (["-fxray-instrument", "-fxray-instruction-threshold=1"],
                 ["-fxray-instrument"], None),
    }
    exe, cpu = {}, {}
    for name, (cflags, lflags, config) in builds.items():
        exe[name], cpu[name] = compile_codebase(c, run, cb, name, cflags, lflags, config)
    norand = ["setarch", "-R"] if cb.norand and shutil.which("setarch") else []
    deterministic = getattr(cb, "deterministic", True)
    expected = run(norand + cb.argv(exe["plain"])).stdout

    def timed(binary, env):
        """CPU time of the run, every thread's, user and system."""
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = run(norand + cb.argv(binary), env).stdout
        return cpu_between(before, resource.getrusage(resource.RUSAGE_CHILDREN)), out

    # Overhead-aware selection: a report with every call timed (the
    # default mode, whose own times are the true ones), what one measured
    # call costs in that mode on this machine (against the plain build,
    # best of three), then the exclude lines that keep measuring under the
    # budget in that mode; the other modes of the trimmed build cost less.
    rpt = c.path("%s-report.json" % cb.tag)
    t_plain = min(timed(exe["plain"], {})[0] for _ in range(3))
    t_timed = timed(exe["hotpath"], {"HOTPATH_OUTPUT_FORMAT": "json",
                                     "HOTPATH_OUTPUT_PATH": rpt})[0]
    n_all, _ = totals(report_calls(rpt))
    call_ns = max(0.1, (t_timed - t_plain) / max(1, n_all) * 1e9)
    exe["trimmed"], cpu["trimmed"], excludes = trimmed_build(
        c, run, cb, tool, rpt, "trimmed",
        ["--budget", str(TRIM_BUDGET), "--call-cost", "%.2f" % call_ns])

    default_no_alloc = {"HOTPATH_MODE": "default", "HOTPATH_ALLOC": "0"}
    count = {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0"}
    # Exact counts and sampled time (docs/sampling.md).
    count_cpu = dict(count, HOTPATH_CPU_SAMPLING="1000")

    # Trimmed for that mode: the exclude lines `hotpath trim` writes by CPU
    # samples (its default budget) from a count-only run of the second build
    # with CPU samples. Where perf events are refused there are no samples
    # to trim by, and no such build.
    crpt = c.path("%s-count-report.json" % cb.tag)
    run(norand + cb.argv(exe["hotpath"]), dict(count_cpu, HOTPATH_OUTPUT_FORMAT="json",
                                               HOTPATH_OUTPUT_PATH=crpt))
    with open(crpt) as f:
        has_samples = "cpu_samples" in json.load(f)
    count_excludes = []
    if has_samples:
        exe["counts"], cpu["counts"], count_excludes = trimmed_build(
            c, run, cb, tool, crpt, "counts")
    xlog = c.path("xray-")
    modes = [("plain", exe["plain"], {}),
             # No variable (docs/runtime.md, modes): counts, CPU samples at
             # 1000 Hz, the long functions timed.
             (DEFAULT_MODE, exe["hotpath"], {"HOTPATH_MODE": "default"}),
             ("hotpath, every call timed", exe["hotpath"], {}),
             ("hotpath, the default mode, HOTPATH_ALLOC=0", exe["hotpath"],
              default_no_alloc),
             ("hotpath, rate 0, HOTPATH_ALLOC=0", exe["hotpath"], count),
             ("hotpath, rate 0, HOTPATH_ALLOC=0, CPU samples 1 kHz", exe["hotpath"],
              count_cpu),
             ("clang -fprofile-instr-generate", exe["pgo"],
              {"LLVM_PROFILE_FILE": c.path("pgo-%p.profraw")}),
             ("XRay FDR, every function", exe["xray"],
              {"XRAY_OPTIONS": "patch_premain=true xray_mode=xray-fdr verbosity=0 "
                               "xray_logfile_base=" + xlog}),
             ("trimmed, every call timed", exe["trimmed"], {}),
             ("trimmed, the default mode", exe["trimmed"], {"HOTPATH_MODE": "default"}),
             ("trimmed, rate 0, HOTPATH_ALLOC=0, CPU samples 1 kHz", exe["trimmed"],
              count_cpu)]
    if has_samples:
        modes.append((COUNTS_MODE, exe["counts"], count_cpu))
    times = {m[0]: [] for m in modes}
    calls = {}
    for rep in range(c.a.reps):
        k = rep % len(modes)
        for name, binary, env in modes[k:] + modes[:k]:
            env = dict(env)
            reported = binary in (exe["hotpath"], exe["trimmed"], exe.get("counts"))
            if reported:
                env.update(HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=rpt)
            t, out = timed(binary, env)
            times[name].append(t)
            if deterministic:
                check(out == expected, "whole: %s, %s prints what the plain build "
                      "prints" % (cb.name, name))
            if reported:
                calls[name] = report_calls(rpt)
            for f in glob.glob(xlog + "*") + glob.glob(c.path("pgo-*.profraw")):
                os.remove(f)
    base = times["plain"]
    # The functions whose calls follow the heap's layout: those whose counts
    # change when the same build runs with other layouts. The modes must
    # agree on every other function's calls exactly.
    moved = set()
    if deterministic:
        ref = calls["hotpath, rate 0, HOTPATH_ALLOC=0"]
        for layout in HEAP_LAYOUTS:
            run(norand + cb.argv(exe["hotpath"]), dict(count, GLIBC_TUNABLES=layout,
                HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=rpt))
            other = report_calls(rpt)
            moved |= {n for n in set(ref) | set(other) if ref.get(n) != other.get(n)}
    for build in ("hotpath", "trimmed") if deterministic else ():
        modes = [v for k, v in calls.items() if k.startswith(build + ",")]
        names = set().union(*modes) - moved
        differ = sorted(n for n in names if len({m.get(n) for m in modes}) > 1)
        shown = "".join("; %s: %s" % (n, [m.get(n) for m in modes])
                        for n in differ[:5])
        check(not differ, "whole: %s, every mode of the %s build counts the same "
              "calls of each function (%d functions; %d whose calls follow the "
              "heap's layout left out)%s" % (cb.name, build, len(names),
                                              len(moved), shown))
    n_calls, n_fns = totals(calls.get("hotpath, every call timed", {}))
    t_calls, t_fns = totals(calls.get("trimmed, every call timed", {}))
    for name, xs in times.items():
        ratio = [x / b for x, b in zip(xs, base)]
        note = ""
        if name == "plain":
            note = "%.0fM measured calls/s of plain time, %d functions ran" % (
                n_calls / med(base) / 1e6, n_fns)
        elif name == "trimmed, every call timed":
            note = "%d of %d functions kept (%d exclude lines, budget %d%% at %.1f ns " \
                   "a timed call), %.0fM calls/s" % (t_fns, n_fns, len(excludes),
                                                   TRIM_BUDGET, call_ns,
                                                   t_calls / med(base) / 1e6)
        elif name == COUNTS_MODE:
            k_calls, k_fns = totals(calls.get(name, {}))
            note = "%d of %d functions kept (%d exclude lines by CPU samples, " \
                   "hotpath trim's default budget), %.0fM calls/s" % (
                       k_fns, n_fns, len(count_excludes), k_calls / med(base) / 1e6)
        rows.append((label, "%s, %s" % (cb.name, name), "%.3f s CPU" % med(xs),
                     "%.2f× plain" % med(ratio) if name != "plain" else "", note))
    for build in ("hotpath", "pgo", "trimmed"):
        rows.append((label, "%s compile CPU, %s vs plain" % (cb.name, build),
                     "%.2f s" % cpu[build], "%.2f× plain" % (cpu[build] / cpu["plain"]),
                     "binary %.2f× plain (%d KiB vs %d KiB)" % (
                         os.path.getsize(exe[build]) / os.path.getsize(exe["plain"]),
                         os.path.getsize(exe[build]) // 1024,
                         os.path.getsize(exe["plain"]) // 1024)))
    callgrind_rows(c, rows, check, run, cb, exe, tool, label)


def callgrind_rows(c, rows, check, run, cb, exe, tool, label):
    """Under Callgrind: the entry point's inclusive Ir, instrumented vs plain;
    native and Callgrind calls equal."""
    vg, ann = shutil.which("valgrind"), shutil.which("callgrind_annotate")
    if not vg or not ann:
        return
    norand = ["setarch", "-R"] if cb.norand and shutil.which("setarch") else []
    cg_plain = c.path("cg.%s.plain" % cb.tag)
    run(norand + [vg, "--tool=callgrind", "--callgrind-out-file=" + cg_plain] +
        cb.argv(exe["plain"], small=True))
    text = run([ann, "--inclusive=yes", "--threshold=100", cg_plain]).stdout
    # A name that ends its parameter list open matches any overload's.
    m = re.search(r"^\s*([\d,]+) \([^)]*\)\s+\S*:%s%s" % (
        re.escape(cb.entry), "" if cb.entry.endswith("(") else " "), text, re.M)
    for build in ("hotpath", "trimmed"):
        merged = c.path("whole-merged.json")
        run(norand + [tool, "run", "-o", merged, "--"] + cb.argv(exe[build], small=True),
            {"HOTPATH_OUTPUT_FORMAT": "none"})
        with open(merged) as f:
            r = json.load(f)
        icount = {x["name"]: x for x in r.get("functions_icount", {}).get("data", [])}
        timing = {x["name"]: x["calls"] for x in r["functions_timing"]["data"]}
        if getattr(cb, "deterministic", True):
            check(timing and all(icount.get(n, {}).get("calls") == k
                                 for n, k in timing.items()),
                  "whole: %s, %s build: the native and the Callgrind run count the "
                  "same calls" % (cb.name, build))
        row = next((x for n, x in icount.items() if n == cb.entry or (
            cb.entry.endswith("(") and n.startswith(cb.entry))), None)
        if m and row:
            plain_ir = int(m.group(1).replace(",", ""))
            rows.append((label, "%s under Callgrind, %s build, %s inclusive Ir"
                         % (cb.name, build, cb.entry),
                         "%d vs %d plain" % (row["total"], plain_ir),
                         "%.3f× plain" % (row["total"] / plain_ir),
                         "target within 5%%; hook_cost_ir %s" % r.get(
                             "functions_icount", {}).get("hook_cost_ir")))
        elif m and build == "trimmed":
            # Trimming follows a timed run: an entry point whose own time is
            # small beside a measured call's cost may be left out, as
            # docs/selection.md says it can be.
            rows.append((label, "%s under Callgrind, %s build, %s inclusive Ir"
                         % (cb.name, build, cb.entry), "not measured",
                         "", "left out by hotpath trim in this run"))
        else:
            check(False, "whole: %s, %s build: %s in both Callgrind profiles"
                  % (cb.name, build, cb.entry))


def bench(c, rows, check, run, med):
    only = os.environ.get("WHOLE_ONLY", "lua,yaml,leveldb").split(",")
    for kind in (Lua, YamlCpp, LevelDb):
        if kind.tag in only:
            bench_codebase(c, rows, check, run, med, kind(c, run))
