"""Time that tells the truth: hotpath's proportions beside perf's on the
plain build (docs/performance.md, "Time that tells the truth").

leveldb 1.23 from `apt-get source leveldb`, built plain and with
`include = ["^leveldb::"]` (what docs/selection.md advises for a
namespace); `db_bench --benchmarks=fillrandom,readrandom`. The plain build
runs under `perf record -e task-clock --call-graph dwarf`; the measured
build runs with the cost of measuring taken out (the default) and without
(HOTPATH_COMPENSATE=0); and the same with the selection trimmed as
docs/selection.md advises (`hotpath trim` on a run of the first, default
budget). Compared:

- the split of `DBImpl::Write` between the log write
  (`log::Writer::AddRecord`) and the memtable insert
  (`WriteBatchInternal::InsertInto`): perf's share of the samples under
  Write that are under each, hotpath's share of Write's total;
- the top 10 leveldb functions by own time under perf, at the plain
  build's granularity (a function plus what the plain build inlined into
  it: hotpath's own times of functions that perf never saw as a frame of
  the plain build go to their caller), each one's share of those ten's own
  time; the largest gap, and whether the top 5 come in perf's order;
- under Callgrind (`--num=3000`), `DBImpl::Get`'s inclusive instructions
  a call: callgrind_annotate on the plain build against the measured
  builds' reports (the hooks taken out).

Then Lua 5.4 (`apt-get source lua5.4`, built as in the whole-program
benchmark) with everything selected (`include = [".*"]`, the advice for a
whole program), running bench/whole.lua: the top 10 C functions by own
time under perf, compared the same way.

perf counts CPU time, hotpath wall time: a function that blocks (the log's
write system calls, a condition variable) weighs more in hotpath's.

CPU samples (docs/sampling.md) are compared the same way, CPU time beside
CPU time: each build runs with HOTPATH_CPU_SAMPLING at perf's rate
(PERF_HZ), with counts only and with every call timed, TRUTH_CPU_RUNS runs
of each interleaved with perf's and summed. A function's own CPU is the
samples that ended in it, at the plain build's granularity (cpu_own). The
rows: perf beside perf (two sets of runs of the plain build: the noise
floor), each mode beside perf on the plain build, and, where a build was
also run under perf, beside perf on that build (the sampler's own error,
without what measuring and frame pointers change in the code); each with
the top 5's shares and the largest gap over perf's top 10 (target 2
points). For leveldb also the entry points alone (only where each thread
starts is measured: the samples see the rest); for Lua `main` alone, and
everything less what `hotpath trim` excludes by the samples of a count-only
run. TRUTH_ONLY=cpu runs these rows alone.
"""
import collections
import glob
import json
import os
import re
import subprocess

NUM = 200000
WRITE = "leveldb::DBImpl::Write"
GET = "leveldb::DBImpl::Get("
SPLIT = ("leveldb::log::Writer::AddRecord", "leveldb::WriteBatchInternal::InsertInto")


def source(c, run):
    cache = os.path.join(os.path.abspath(c.a.build), "bench-src")
    found = glob.glob(os.path.join(cache, "leveldb-1.*"))
    if not found:
        os.makedirs(cache, exist_ok=True)
        run(["apt-get", "source", "-q", "leveldb"], cwd=cache)
        found = glob.glob(os.path.join(cache, "leveldb-1.*"))
    return [d for d in found if os.path.isdir(d)][0]


def build(c, run, src, out, plugin, config_extra="", include='include = ["^leveldb::"]\n'):
    build_dir = os.path.abspath(c.a.build)
    flags = "-gdwarf-4"  # Valgrind 3.19 reads DWARF 5 badly
    link = ""
    env = dict(os.environ)
    if plugin:
        toml = os.path.join(out + ".toml")
        open(toml, "w").write("[functions]\n" + include + config_extra)
        env["HOTPATH_CONFIG"] = toml
        # As hotpath_instrument() compiles: frame pointers for CPU samples.
        flags += (" -fpass-plugin=%s/pass/libhotpath.so -fno-omit-frame-pointer"
                  " -mno-omit-leaf-frame-pointer" % build_dir)
        rt = os.path.join(build_dir, "runtime")
        link = "-L%s -Wl,-rpath,%s -lhotpath_rt" % (rt, rt)
    cxx = c.a.cxx or c.a.cc.replace("clang", "clang++")
    run(["cmake", "-S", src, "-B", out, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         "-DLEVELDB_BUILD_TESTS=OFF", "-DLEVELDB_BUILD_BENCHMARKS=ON",
         "-DCMAKE_C_COMPILER=" + c.a.cc, "-DCMAKE_CXX_COMPILER=" + cxx,
         "-DCMAKE_CXX_FLAGS=" + flags, "-DCMAKE_EXE_LINKER_FLAGS=" + link], env=env)
    run(["ninja", "-C", out, "db_bench"], env=env)
    return os.path.join(out, "db_bench")


def args(c, db):
    n = NUM // 10 if c.a.quick else NUM
    return ["--benchmarks=fillrandom,readrandom", "--num=%d" % n, "--db=" + db]


def short(name):
    """A function's name without its own parameter list (and qualifiers):
    what perf prints for a symbol. Parentheses inside, as in
    `(anonymous namespace)` or a local class's enclosing function, stay."""
    name = name.strip().replace(" >", ">")
    for q in (" const", " volatile", " &&", " &", " noexcept"):
        while name.endswith(q):
            name = name[: -len(q)].rstrip()
    if not name.endswith(")"):
        return name
    depth = 0
    for i in range(len(name) - 1, -1, -1):
        depth += name[i] == ")"
        depth -= name[i] == "("
        if depth == 0:
            return name[:i] if name[:i] and not name[:i].endswith("operator") else name
    return name


def perf_samples(c, run, argv, tag):
    """perf's call stacks of a build (the plain one, or a measured one
    beside its own samples): per sample, its frames from the innermost
    out, each (short symbol name, the object it is in)."""
    data = os.path.join(c.tmp, "perf-%s.data" % tag)
    run(["perf", "record", "-q", "-e", "task-clock", "-F", str(PERF_HZ), "--call-graph",
         "dwarf,16384", "-o", data] + argv)
    text = subprocess.run(["perf", "script", "-i", data, "--no-inline", "-F", "ip,sym,dso"],
                          capture_output=True, text=True).stdout
    samples = []
    for sample in text.split("\n\n"):
        frames = []
        for line in sample.strip().split("\n"):
            m = re.match(r"\s*[0-9a-f]+ (.*) \((.*)\)$", line)
            if m:
                # A measured function's marker and hooked wrapper are the
                # function: `f.hotpath.N`, `f(int) [clone .hotpath.N]`.
                name = re.sub(r"( \[clone )?\.hotpath(_hooked)?\.\d+\]?$", "", m.group(1))
                frames.append((short(name), os.path.basename(m.group(2))))
        if frames:
            samples.append(frames)
    return samples


def perf_own(samples, mine):
    """Own time per function of the program: each sample goes to its
    innermost frame that `mine` accepts (time in a library or the kernel is
    its caller's, as hotpath counts it). Also every such frame seen."""
    own = collections.Counter()
    frames = set()
    for s in samples:
        fs = [f for f in s if mine(f)]
        frames.update(n for n, _ in fs)
        if fs:
            own[fs[0][0]] += 1
    return own, frames


def perf_profile(c, run, exe):
    samples = perf_samples(c, run, [exe] + args(c, os.path.join(c.tmp, "perf-db")), "leveldb")
    own, frames = perf_own(samples, lambda f: f[0].startswith("leveldb::"))
    under, split = 0, collections.Counter()
    for s in samples:
        syms = [n for n, _ in s]
        if WRITE in syms:
            under += 1
            below = syms[:syms.index(WRITE)]
            for k in SPLIT:
                if k in below:
                    split[k] += 1
                    break
    return own, frames, {k: split[k] / max(under, 1) for k in SPLIT}


def tree_own(r, plain_syms):
    """hotpath's own time per function at the plain build's granularity:
    a function perf never saw as a frame (the plain build inlined it)
    counts in its nearest ancestor that perf saw."""
    nodes = r["call_tree"]["nodes"]
    own = collections.Counter()
    for n in nodes:
        i, name = n, short(n["name"])
        while name not in plain_syms and i["parent"] is not None:
            i = nodes[i["parent"]]
            name = short(i["name"])
        own[name] += n["self"]
    return own


def hotpath_profile(c, run, exe, plain_syms, tag, extra):
    out = os.path.join(c.tmp, "report-%s.json" % re.sub(r"\W", "_", tag))
    env = dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=out,
               **extra)
    run([exe] + args(c, os.path.join(c.tmp, "hp-db-" + re.sub(r"\W", "_", tag))),
        env=env)
    r = json.load(open(out))
    nodes = r["call_tree"]["nodes"]
    own = tree_own(r, plain_syms)
    total, split = 0, collections.Counter()
    kids = collections.defaultdict(list)
    for k, n in enumerate(nodes):
        kids[n["parent"]].append(k)
    for k, n in enumerate(nodes):
        if short(n["name"]) == WRITE:
            total += n["total"]
            for ch in kids[k]:
                s = short(nodes[ch]["name"])
                if s in SPLIT:
                    split[s] += nodes[ch]["total"]
    return own, {k: split[k] / max(total, 1) for k in SPLIT}, r["meta"]


def cpu_own(c, argv, plain_syms, tag, extra):
    """CPU samples' own CPU per function at the plain build's granularity,
    from the call tree `hotpath report` renders (each node's cpu_self: the
    samples that ended there; a frame perf never saw, inlined in the plain
    build or in a library, counts in its nearest ancestor perf saw, as
    perf_own charges a library's samples to its leveldb caller; a frame
    inlined in this build counts in the function it is inlined into)."""
    out = os.path.join(c.tmp, "report-%s.json" % re.sub(r"\W", "_", tag))
    env = dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=out, **extra)
    # The default mode as a user gets it: no variable, its samples at their
    # own rate.
    if extra == DEFAULT:
        env.pop("HOTPATH_TIME_SAMPLING_RATE", None)
    else:
        env["HOTPATH_CPU_SAMPLING"] = str(PERF_HZ)
    subprocess.run(argv, env=env, check=True, capture_output=True)
    rendered = subprocess.run([hotpath_tool(c), "report", out, "--format", "json"],
                              check=True, capture_output=True, text=True).stdout
    r = json.loads(rendered)
    nodes = r["call_tree"]["nodes"]
    # Each node's frame in the plain build (parents come first): its own
    # when perf saw it as a frame (perf's frames are real ones, perf script
    # --no-inline: code inlined in this build is not one), else its
    # parent's.
    plain = []
    for n in nodes:
        name = short(n["name"])
        up = plain[n["parent"]] if n["parent"] is not None else None
        plain.append(name if name in plain_syms and not n.get("inlined") else up)
    own = collections.Counter()
    for k, n in enumerate(nodes):
        if n.get("cpu_self") and plain[k] in plain_syms:
            own[plain[k]] += n["cpu_self"]
    return own, r["cpu_samples"]


# perf's rate, and the CPU samples' (the same: docs/sampling.md).
PERF_HZ = 2000
CPU_RUNS = int(os.environ.get("TRUTH_CPU_RUNS", "3"))
COUNT_ONLY = {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0"}
# No HOTPATH_* variable but the output (docs/runtime.md, modes).
DEFAULT = {"HOTPATH_MODE": "default"}
CPU_MODES = [("the default mode (no variable)", DEFAULT),
             ("CPU samples, counts only", COUNT_ONLY),
             ("CPU samples, every call timed", {"HOTPATH_MODE": "timed"})]
# Samples below, counts above at their lightest: only where each thread
# starts is measured, the samples see the rest (docs/sampling.md).
ENTRY_MODES = [("CPU samples, counts only", COUNT_ONLY)]
LEVELDB_ENTRIES = ('include = ["^main$", "::ThreadBody\\\\(", "::BGWork\\\\(", '
                   '"PosixEnv::BackgroundThreadEntryPoint"]\n')


def cpu_rows(c, rows, check, what, perf_run, builds):
    """CPU samples beside perf, CPU_RUNS runs of each, interleaved (the
    program's own phases move by a few points between runs: compactions,
    the page cache), summed. `perf_run(k)` gives perf's own samples and the
    frames it saw; the top 10 are perf's. `builds`: (label, argv of a run
    named `name`, the modes to run it in, and optionally perf's own samples
    of that build's run, `perf_same(k, frames perf saw in the plain
    build)`: beside them, the sampler's own error, without what measuring
    and frame pointers change in the code; a frame of that build the plain
    build inlines counts in its caller there too, as cpu_own counts it)."""
    runs = 1 if c.a.quick else CPU_RUNS
    p_own, q_own, p_syms = collections.Counter(), collections.Counter(), set()
    cases = [(label, argv, tag, extra) for label, argv, modes, *_ in builds
             for tag, extra in modes]
    same = [(b[0], b[3]) for b in builds if len(b) > 3]
    s_own = [collections.Counter() for _ in same]
    h_own = [collections.Counter() for _ in cases]
    n = [0 for _ in cases]
    for k in range(runs):
        own, syms = perf_run(k)
        p_own.update(own)
        p_syms |= syms
        # perf again, the noise floor: two sets of runs of the same build.
        own, syms = perf_run(k)
        q_own.update(own)
        p_syms |= syms
        for i, (_, perf_same) in enumerate(same):
            s_own[i].update(perf_same(k, p_syms))
        for i, (label, argv, tag, extra) in enumerate(cases):
            name = re.sub(r"\W", "_", "%s-%s-%s-%d" % (what, label, tag, k))
            o, cs = cpu_own(c, argv(name), p_syms, name, extra)
            check(cs["samples"] > 0, "truth: %s, %s, %s took CPU samples" % (what, label, tag))
            h_own[i].update(o)
            n[i] += cs["samples"]
    top10 = sorted(p_own, key=p_own.get, reverse=True)[:10]
    compare_top10(rows, what, "perf beside perf: the noise floor (%d runs each)" % runs,
                  p_own, q_own, top10, "2 pp")
    for i, (label, _, tag, _) in enumerate(cases):
        compare_top10(rows, what, "%s, %s (%d runs, %d samples; perf %d in its top 10)" % (
            label, tag, runs, n[i], sum(p_own[k] for k in top10)),
            p_own, h_own[i], top10, "2 pp")
        for j, (same_label, _) in enumerate(same):
            if same_label == label:
                compare_top10(rows, what, "%s, %s, beside perf on that build" % (label, tag),
                              s_own[j], h_own[i], top10, "2 pp")


def shares(counter, among):
    """Each function's share of the own time of the functions `among`
    (perf's top 10): hotpath measures wall time, perf CPU time, so a
    thread that waits all along (the background compaction thread) would
    weigh in one denominator and not in the other."""
    s = sum(counter.get(k, 0) for k in among) or 1
    return {k: counter.get(k, 0) / s for k in among}


MODES = [("every call timed", {"HOTPATH_MODE": "timed"}),
         ("every call timed, raw", {"HOTPATH_COMPENSATE": "0"})]


def compare_top10(rows, what, tag, p_own, h_own, top10, target="3 pp"):
    """A row for each of perf's top 10 (the per-function table of
    docs/performance.md) and the largest gap over them."""
    p_sh, h_sh = shares(p_own, top10), shares(h_own, top10)
    top = top10[:5]
    worst = max(abs(h_sh[k] - p_sh[k]) for k in top10)
    order = sorted(top10, key=h_sh.get, reverse=True)[:5]
    for name in top10:
        rows.append(["truth", "%s: %s own, %s" % (what, name.replace("leveldb::", ""), tag),
                     "%.1f%%" % (100 * h_sh.get(name, 0)),
                     "perf %.1f%%" % (100 * p_sh[name]),
                     "share of the top 10's own time"])
    rows.append(["truth", "%s: top 10, largest gap, %s" % (what, tag),
                 "%.1f pp" % (100 * worst), "target " + target,
                 "top 5 in perf's order: %s" % ("yes" if order == top else "no")])


def bench_lua(c, rows, check, run, cpu_only=False):
    """Lua 5.4 with everything selected (include = [".*"], the advice for
    a whole program), the whole-program benchmark's script; its CPU samples
    beside perf (with frame pointers, as hotpath_instrument compiles)."""
    import whole  # bench/, beside bench.py, which runs this
    cb = whole.Lua(c, run)
    cb.rounds = "2" if c.a.quick else "15"
    plain, _ = whole.compile_codebase(c, run, cb, "truth-plain", [], [], None)
    cfg = os.path.join(c.tmp, "lua-truth.toml")
    whole.write_config(cfg)
    measured, _ = whole.compile_codebase(c, run, cb, "truth-all", ["-fpass-plugin=" + c.plugin],
                                         c.rt_shared(), cfg)
    norand = ["setarch", "-R"]
    exe = os.path.basename(plain)
    p_own, plain_syms = perf_own(perf_samples(c, run, norand + cb.argv(plain), "lua"),
                                 lambda f: f[1] == exe)
    top10 = sorted(p_own, key=p_own.get, reverse=True)[:10]
    fp = ["-fno-omit-frame-pointer", "-mno-omit-leaf-frame-pointer"]
    sampled, _ = whole.compile_codebase(c, run, cb, "truth-all-fp",
                                        ["-fpass-plugin=" + c.plugin] + fp, c.rt_shared(), cfg)
    main_cfg = os.path.join(c.tmp, "lua-main.toml")
    open(main_cfg, "w").write('[functions]\ninclude = ["^main$"]\n')
    entry, _ = whole.compile_codebase(c, run, cb, "truth-main-fp",
                                      ["-fpass-plugin=" + c.plugin] + fp, c.rt_shared(), main_cfg)
    # Everything, less what `hotpath trim` excludes by the CPU samples of a
    # count-only run (docs/sampling.md, counting everything for the price
    # of the samples).
    counts_rpt = os.path.join(c.tmp, "lua-counts.json")
    run(norand + cb.argv(sampled), env=dict(
        os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=counts_rpt,
        HOTPATH_CPU_SAMPLING="1000", **COUNT_ONLY))
    counted, _, excludes = whole.trimmed_build(c, run, cb, hotpath_tool(c), counts_rpt,
                                               "truth-counts-fp", cflags=fp)

    # Ten times the rounds: a share of a few hundred samples moves by
    # several points between runs.
    rounds, cb.rounds = cb.rounds, "2" if c.a.quick else "150"

    def perf_lua(k):
        return perf_own(perf_samples(c, run, norand + cb.argv(plain), "lua-%d" % k),
                        lambda f: f[1] == exe)
    cpu_rows(c, rows, check, "Lua", perf_lua, [
        ("everything", lambda name: norand + cb.argv(sampled), CPU_MODES),
        # Not beside perf on that build: perf counts the gates' samples in
        # the functions they are inlined into, hotpath as the cost of
        # measuring.
        ("everything trimmed by CPU samples (%d excluded)" % len(excludes),
         lambda name: norand + cb.argv(counted), ENTRY_MODES),
        ("main alone", lambda name: norand + cb.argv(entry), ENTRY_MODES,
         lambda k, syms: perf_own(
             perf_samples(c, run, norand + cb.argv(entry), "lua-main-%d" % k),
             lambda f: f[1] == os.path.basename(entry) and f[0] in syms)[0])])
    cb.rounds = rounds
    for tag, extra in ([] if cpu_only else MODES):
        out = os.path.join(c.tmp, "lua-truth-%s.json" % re.sub(r"\W", "_", tag))
        run(norand + cb.argv(measured),
            env=dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=out, **extra))
        r = json.load(open(out))
        if "call_cost_ns" in r["meta"]:
            tag += " (%.0f ns a call)" % r["meta"]["call_cost_ns"]
        compare_top10(rows, "Lua", tag, p_own, tree_own(r, plain_syms), top10)


def trimmed(c, run, src, measured):
    """The namespace selection trimmed as selection.md advises: `hotpath
    trim` (default budget) on a run with every call timed."""
    report = os.path.join(c.tmp, "trim-report.json")
    run([measured] + args(c, os.path.join(c.tmp, "trim-db")),
        env=dict(os.environ, HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=report))
    out = os.path.join(c.tmp, "trim.toml")
    run([hotpath_tool(c), "trim", report, "-o", out])
    text = open(out).read()
    excludes = text[text.index("exclude"):] if "exclude" in text else ""
    n = excludes.count("\n  ")
    return build(c, run, src, os.path.join(c.tmp, "leveldb-trimmed"), True, excludes), n


def hotpath_tool(c):
    return os.path.join(os.path.abspath(c.a.build), "tools", "hotpath")


def callgrind_get(c, run, rows, check, plain, builds):
    """DBImpl::Get's inclusive instructions a call under Callgrind: the
    plain build (callgrind_annotate) against each measured build's report
    (the hooks taken out)."""
    n = ["--benchmarks=fillrandom,readrandom", "--num=3000"]
    cg = os.path.join(c.tmp, "cg.plain")
    run(["valgrind", "--tool=callgrind", "--callgrind-out-file=" + cg, plain] + n +
        ["--db=" + os.path.join(c.tmp, "cg-db-plain")])
    text = run(["callgrind_annotate", "--inclusive=yes", "--auto=no", "--threshold=100",
                cg]).stdout
    m = re.search(r"^\s*([\d,]+) \([^)]*\)\s+\S*:leveldb::DBImpl::Get\(", text, re.M)
    check(bool(m), "truth: DBImpl::Get in the plain build's Callgrind profile")
    if not m:
        return
    plain_ir = int(m.group(1).replace(",", "")) / 3000
    for tag, exe in builds:
        out = os.path.join(c.tmp, "cg-%s.json" % re.sub(r"\W", "_", tag))
        run([hotpath_tool(c), "run", "--callgrind-only", "-o", out, "--", exe] + n +
            ["--db=" + os.path.join(c.tmp, "cg-db-" + re.sub(r"\W", "_", tag))],
            env={"HOTPATH_OUTPUT_FORMAT": "none"})
        sec = json.load(open(out))["functions_icount"]
        row = [x for x in sec["data"] if x["name"].startswith(GET)]
        check(bool(row), "truth: DBImpl::Get in the %s build's Callgrind report" % tag)
        if row:
            ir = row[0]["total"] / row[0]["calls"]
            rows.append(["truth", "Callgrind: DBImpl::Get inclusive Ir a call, " + tag,
                         "%.0f vs %.0f plain" % (ir, plain_ir), "%.2f× plain" % (ir / plain_ir),
                         "target within 10%%; hook_cost_ir %s" % sec.get("hook_cost_ir")])
            if "trimmed" in tag:
                check(ir / plain_ir <= 1.10, "truth: DBImpl::Get under Callgrind within 10%% of "
                      "the plain build with the trimmed selection (%.2f×)" % (ir / plain_ir))


def bench(c, rows, check, run, med):
    # TRUTH_PROGRAMS picks code bases (leveldb,lua,re2,sqlite,yaml: all by
    # default); the last three are bench/truth_codebases.py's.
    programs = os.environ.get("TRUTH_PROGRAMS", "leveldb,lua,re2,sqlite,yaml").split(",")
    import truth_codebases  # bench/, beside bench.py, which runs this
    more = [p for p in programs if p in truth_codebases.PROGRAMS]
    if "leveldb" in programs:
        bench_leveldb(c, rows, check, run, "lua" in programs)
    elif "lua" in programs:
        bench_lua(c, rows, check, run, cpu_only=os.environ.get("TRUTH_ONLY") == "cpu")
    truth_codebases.bench(c, rows, check, run, more)


def bench_leveldb(c, rows, check, run, lua):
    # TRUTH_ONLY=cpu: the CPU samples' rows alone (a few minutes, not an
    # hour: docs/performance.md says which figures came from which run).
    cpu_only = os.environ.get("TRUTH_ONLY") == "cpu"
    src = source(c, run)
    plain = build(c, run, src, os.path.join(c.tmp, "leveldb-plain"), False)
    measured = build(c, run, src, os.path.join(c.tmp, "leveldb-ns"), True)
    builds = [("namespace", measured)]
    if not cpu_only:
        trim, excluded = trimmed(c, run, src, measured)
        builds.append(("namespace, trimmed (%d excluded)" % excluded, trim))
    # The plain build's granularity: the functions perf saw as frames (what
    # the plain build inlined is part of its caller there).
    p_own, plain_syms, p_split = perf_profile(c, run, plain)
    lv = {k: v for k, v in p_own.items() if k.startswith("leveldb::")}
    top10 = sorted(lv, key=lv.get, reverse=True)[:10]
    for what, exe in builds:
        for tag, extra in ([] if cpu_only else MODES):
            h_own, h_split, meta = hotpath_profile(c, run, exe, plain_syms, what + tag, extra)
            tag = "%s, %s" % (what, tag)
            if "call_cost_ns" in meta:
                tag += " (%.0f ns a call)" % meta["call_cost_ns"]
            rows.append(["truth", "Write: AddRecord / InsertInto, " + tag,
                         "%.0f%% / %.0f%%" % (100 * h_split[SPLIT[0]], 100 * h_split[SPLIT[1]]),
                         "perf %.0f%% / %.0f%%" % (100 * p_split[SPLIT[0]],
                                                   100 * p_split[SPLIT[1]]),
                         "share of DBImpl::Write"])
            compare_top10(rows, "leveldb", tag, p_own, h_own, top10)
            if "raw" not in tag:
                check(h_split[SPLIT[0]] > h_split[SPLIT[1]],
                      "truth: %s, the log write outweighs the insert in Write" % tag)
    # CPU samples (docs/sampling.md) beside perf, at the same rate.
    def perf_leveldb(k):
        own, syms, _ = perf_profile(c, run, plain)
        return {n: v for n, v in own.items() if n.startswith("leveldb::")}, syms
    entry = build(c, run, src, os.path.join(c.tmp, "leveldb-entry"), True,
                  include=LEVELDB_ENTRIES)
    cpu_rows(c, rows, check, "leveldb", perf_leveldb, [
        ("namespace", lambda name: [measured] + args(c, os.path.join(c.tmp, "db-" + name)),
         CPU_MODES),
        ("threads' entry points", lambda name: [entry] + args(c, os.path.join(c.tmp, "db-" + name)),
         ENTRY_MODES, lambda k, syms: perf_profile(c, run, entry)[0])])
    if not cpu_only:
        callgrind_get(c, run, rows, check, plain, builds)
    if lua:
        bench_lua(c, rows, check, run, cpu_only=cpu_only)
