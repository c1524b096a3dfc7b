#!/usr/bin/env python3
"""Runs hotpath's benchmarks and prints one Markdown table.

    bench/run.sh [--quick] [--reps N] [--only overhead,icount,...]

Every peer is built here from the same sources (bench/*.c) with the in-tree
plugin and runtime of BUILD (default: build), measured in the same run,
interleaved (each repetition runs every peer once, in a rotated order), and
summarised by medians. Ratios are taken within one repetition, then the
median of those ratios is reported: the machine is shared and noisy.

Checks, whatever the timings: hotpath's report counts every call (overhead,
storm, drain), and no event is lost. Exits 1 when a check fails; --quick
(small sizes, one repetition) is what the ctest smoke tests run.
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
FAILURES = []
PASSED = []


def check(cond, what):
    print(("ok      " if cond else "FAILED  ") + what, file=sys.stderr)
    (PASSED if cond else FAILURES).append(what)


def run(cmd, env=None, **kw):
    e = dict(os.environ)
    e.update(env or {})
    r = subprocess.run(cmd, env=e, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise SystemExit("command failed (%d): %s\n%s%s" %
                         (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


def kv(text):
    """`key value` lines of a benchmark's output."""
    out = {}
    for line in text.splitlines():
        p = line.split()
        if len(p) == 2:
            try:
                out[p[0]] = float(p[1])
            except ValueError:
                pass
    return out


def med(xs):
    return statistics.median(xs) if xs else float("nan")


def report_calls(path, name="bench_tiny"):
    with open(path) as f:
        rep = json.load(f)
    return sum(r["calls"] for r in rep["functions_timing"]["data"]
               if r["name"].startswith(name))


class Ctx:
    def __init__(self, a):
        self.a = a
        self.tmp = tempfile.mkdtemp(prefix="hotpath-bench-")
        b = os.path.abspath(a.build)
        self.plugin = os.path.join(b, "pass", "libhotpath.so")
        self.rtdir = os.path.join(b, "runtime")
        self.cc = a.cc
        self.cxx = a.cxx or re.sub(r"clang(-\d+)?$", r"clang++\1", a.cc)
        for p in (self.plugin, os.path.join(self.rtdir, "libhotpath_rt.so")):
            if not os.path.exists(p):
                raise SystemExit("bench: %s is missing: build %s first" % (p, b))
        inc = os.path.join(os.path.dirname(HERE), "include")
        self.o2 = ["-O2", "-I", inc]

    def path(self, *p):
        return os.path.join(self.tmp, *p)

    def cc_obj(self, src, out, flags):
        run([self.cc] + self.o2 + flags + ["-c", os.path.join(HERE, src), "-o",
                                           self.path(out)])
        return self.path(out)

    def link(self, out, objs, flags, cxx=False):
        cc = self.cxx if cxx else self.cc
        run([cc] + objs + ["-o", self.path(out)] + flags + ["-lpthread"])
        return self.path(out)

    def rt_shared(self):
        return ["-L" + self.rtdir, "-Wl,-rpath," + self.rtdir, "-lhotpath_rt"]

    def rt_static(self):
        return [os.path.join(self.rtdir, "libhotpath_rt.a"), "-lstdc++", "-ldl", "-lm"]

    def hp_env(self, tag, extra=None):
        e = {"HOTPATH_OUTPUT_FORMAT": "json",
             "HOTPATH_OUTPUT_PATH": self.path("report-%s.json" % tag)}
        e.update(extra or {})
        return e


# ---------------------------------------------------------------- 1 overhead
def build_overhead(c, driver):
    """The peers: (name, binary, env or "uftrace", checks hotpath's report)."""
    drv = c.cc_obj(driver + ".c", driver + ".o", [])
    plain = c.cc_obj("tiny.c", "tiny-plain.o", [])
    hp = c.cc_obj("tiny.c", "tiny-hp.o", ["-fpass-plugin=" + c.plugin])
    peers = [("none", c.link(driver + "-none", [drv, plain], []), {}, False)]
    bhp = c.link(driver + "-hp", [drv, hp], c.rt_shared())
    peers.append(("hotpath", bhp, {}, True))
    if driver == "overhead":
        peers.append(("hotpath, static runtime",
                      c.link(driver + "-hps", [drv, hp], c.rt_static()), {}, True))
        peers.append(("hotpath, the default mode", bhp,
                      {"HOTPATH_MODE": "default"}, True))
        peers.append(("hotpath rate 0 (count only)", bhp,
                      {"HOTPATH_TIME_SAMPLING_RATE": "0"}, True))
        # Allocation tracking off: nothing needs a frame, the wrappers'
        # inline fast path counts the calls (docs/abi.md).
        peers.append(("hotpath, the default mode, HOTPATH_ALLOC=0", bhp,
                      {"HOTPATH_MODE": "default", "HOTPATH_ALLOC": "0"}, True))
        peers.append(("hotpath rate 0, HOTPATH_ALLOC=0", bhp,
                      {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0"}, True))
        # Lock tracking makes the hooks of a timed call keep the current
        # call (its waits are charged to it), as allocation tracking does:
        # the same mode without it (docs/locks.md).
        peers.append(("hotpath, the default mode, HOTPATH_ALLOC=0, HOTPATH_LOCKS=0", bhp,
                      {"HOTPATH_MODE": "default", "HOTPATH_ALLOC": "0",
                       "HOTPATH_LOCKS": "0"}, True))
        # CPU samples at 1 kHz (docs/sampling.md): beside every call timed,
        # and with counts only (the cheap whole-program truth).
        peers.append(("hotpath, HOTPATH_CPU_SAMPLING=1000", bhp,
                      {"HOTPATH_CPU_SAMPLING": "1000"}, True))
        peers.append(("hotpath rate 0, HOTPATH_ALLOC=0, CPU sampling 1 kHz", bhp,
                      {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0",
                       "HOTPATH_CPU_SAMPLING": "1000"}, True))
        # A timeline (docs/timeline.md): the first 65536 calls kept, the
        # rest counted; and a ring that writes every call.
        peers.append(("hotpath, HOTPATH_TRACE (first 65536)", bhp,
                      {"HOTPATH_TRACE": c.path("trace-first.json")}, True))
        peers.append(("hotpath, HOTPATH_TRACE_MODE=last (ring)", bhp,
                      {"HOTPATH_TRACE": c.path("trace-last.json"),
                       "HOTPATH_TRACE_MODE": "last"}, True))
        fl = c.cc_obj("floor_hooks.c", "floor.o", [])
        fi = c.cc_obj("tiny.c", "tiny-fi.o", ["-finstrument-functions"])
        peers.append(("floor", c.link("overhead-floor", [drv, fi, fl], []), {}, False))
        er = c.path("libhotpath_empty.so")
        run([c.cc] + c.o2 + ["-shared", "-fPIC", os.path.join(HERE, "empty_rt.c"),
                             "-o", er])
        peers.append(("hotpath wrapper, empty hooks",
                      c.link("overhead-hpempty", [drv, hp],
                             [er, "-Wl,-rpath," + c.tmp]), {}, False))
        fe = c.cc_obj("floor_hooks.c", "empty.o", ["-DBENCH_EMPTY_HOOKS"])
        peers.append(("empty hooks (2 calls, no work)",
                      c.link("overhead-empty", [drv, fi, fe], []), {}, False))
        try:
            xo = c.cc_obj("tiny.c", "tiny-xray.o", [
                "-fxray-instrument", "-fxray-instruction-threshold=1"])
            bx = c.link("overhead-xray", [drv, xo], ["-fxray-instrument"], cxx=True)
            for mode in ("fdr", "basic"):
                opts = ("patch_premain=true xray_mode=xray-%s verbosity=0 "
                        "xray_logfile_base=%s/xray-%s-" % (mode, c.tmp, mode))
                peers.append(("XRay " + mode, bx, {"XRAY_OPTIONS": opts}, False))
        except SystemExit as e:
            print("bench: XRay unavailable (libclang-rt-19-dev?): %s" %
                  str(e).splitlines()[0], file=sys.stderr)
        if shutil.which("uftrace"):
            po = c.cc_obj("tiny.c", "tiny-pg.o", ["-pg"])
            peers.append(("uftrace", c.link("overhead-pg", [drv, po], []),
                          "uftrace", False))
    return peers


def run_peer(c, peer, args, tag):
    name, binary, env, checks = peer
    cmd = [binary] + args
    if env == "uftrace":
        d = c.path("uftrace.data")
        shutil.rmtree(d, ignore_errors=True)
        cmd = ["uftrace", "record", "--no-libcall", "-d", d] + cmd
        env = {}
    env = dict(env)
    if checks:
        env = c.hp_env(tag, env)
    out = kv(run(cmd, env).stdout)
    if checks:
        got = report_calls(env["HOTPATH_OUTPUT_PATH"])
        out["counted"] = got
    return out


def bench_overhead(c, rows):
    calls = 200000 if c.a.quick else c.a.calls
    peers = build_overhead(c, "overhead")
    ns = {p[0]: [] for p in peers}
    lost = {}
    for rep in range(c.a.reps):
        k = rep % len(peers)
        for p in peers[k:] + peers[:k]:
            o = run_peer(c, p, [str(calls)], "ov")
            ns[p[0]].append(o["ns_per_call"])
            if "counted" in o and o["counted"] != o["calls"]:
                lost[p[0]] = (o["calls"], o["counted"])
    for name, _, _, checks in peers:
        if checks:
            check(name not in lost, "overhead: %s counted every call %s" %
                  (name, lost.get(name, "")))
    base = ns["none"]
    fl = ns.get("floor")
    for n, xs in ns.items():
        over = [x - b for x, b in zip(xs, base)]
        ratio = ([o / (f - b) for o, f, b in zip(over, fl, base) if f - b > 0]
                 if fl else [])
        rows.append(("1 overhead", n, "%.2f ns/call" % med(xs),
                     "%+.2f ns/call" % med(over) if n != "none" else "",
                     "%.2f× floor" % med(ratio) if ratio and n not in ("none",) else ""))
    c.overhead = {n: med([x - b for x, b in zip(xs, base)]) for n, xs in ns.items()}


# ------------------------------------------------------------------ 2 icount
def bench_icount(c, rows):
    vg = shutil.which("valgrind")
    if not vg:
        print("bench: no valgrind, skipping icount", file=sys.stderr)
        return
    n = 20000 if c.a.quick else 100000
    inc = os.path.join(os.path.dirname(HERE), "runtime")
    drv = c.path("icount.o")
    run([c.cxx, "-O2", "-std=c++17", "-I", inc, "-I",
         os.path.join(os.path.dirname(HERE), "include"), "-c",
         os.path.join(HERE, "icount.cpp"), "-o", drv])
    hp = c.cc_obj("tiny.c", "tiny-hp.o", ["-fpass-plugin=" + c.plugin])
    pl = c.cc_obj("tiny_plain.c", "tiny-plain2.o", [])
    b = c.link("icount", [drv, hp, pl], c.rt_static(), cxx=True)
    out = c.path("cg.out")
    run([vg, "--tool=callgrind", "--collect-atstart=no", "--callgrind-out-file=" + out,
         b, str(n)], {"HOTPATH_OUTPUT_FORMAT": "none"})
    ir = {}
    for f in sorted(os.listdir(c.tmp)):
        if not f.startswith("cg.out"):
            continue
        text = open(c.path(f)).read()
        m = re.search(r"Client Request: (\w+)", text)
        t = re.search(r"^(?:summary|totals): (\d+)", text, re.M)
        if m and t:
            ir[m.group(1)] = int(t.group(1))
    hooks = {}
    ann = shutil.which("callgrind_annotate")
    for f in sorted(os.listdir(c.tmp)) if ann else []:
        if not f.startswith("cg.out."):
            continue
        m = re.search(r"Client Request: (\w+)", open(c.path(f)).read())
        if not m:
            continue
        txt = run([ann, "--auto=no", "--inclusive=no", "--threshold=100",
                   c.path(f)]).stdout
        hooks[m.group(1)] = sum(
            int(l.group(1).replace(",", "")) for l in
            re.finditer(r"^\s*([\d,]+) .*:(?:hpEnter|hpExit|__hotpath_(?:enter|exit)"
                        r"|HpEnterLocal|hotpath::rt::EventQueue::advance"
                        r"|hotpath::rt::foldCold)", txt, re.M))
    check(all(k in ir for k in ("plain", "timed", "traced", "count", "fastcount",
                                "drain")),
          "icount: every Callgrind region dumped (%s)" % sorted(ir))
    if "plain" not in ir:
        return
    for k, label in (("timed", "producer, timing on"),
                     ("traced", "producer, timing on, HOTPATH_TRACE"),
                     ("count", "producer, count only")):
        if k in ir:
            per = (ir[k] - ir["plain"]) / n
            h = hooks.get(k, 0) / n
            rows.append(("2 instructions", label, "%.1f Ir/call" % h,
                         "target ≤ 40", "%s; %.1f added per call with the wrapper" %
                         ("met" if h <= 40 else "over", per)))
    # With the fast path the producer is the wrapper's inline gate: what it
    # adds over a plain call is the whole cost (the default mode's untimed
    # calls, and the count mode's).
    for k, label in (("fastcount", "producer, counted at the fast path"),):
        if k in ir:
            per = (ir[k] - ir["plain"]) / n
            rows.append(("2 instructions", label, "%.1f Ir/call" % per,
                         "target ≤ 40", "%s; everything added per call (hooks: %.1f)" %
                         ("met" if per <= 40 else "over", hooks.get(k, 0) / n)))
    if "drain" in ir:
        per = ir["drain"] / n
        rows.append(("2 instructions", "drain, per event", "%.1f Ir/event" % per,
                     "target ≤ 15", "met" if per <= 15 else "over"))


# ------------------------------------------------------------------- 3 drain
def bench_drain(c, rows):
    rounds, per = ("2", "1250") if c.a.quick else ("20", "12500")
    peers = build_overhead(c, "drain")
    hp = [p for p in peers if p[0] == "hotpath"][0]
    # The default interval, and 1 ms: a drain that keeps up (steady state).
    intervals = ["50", "1"]
    res = {i: [] for i in intervals}
    for rep in range(c.a.reps):
        for iv in intervals:
            p = (hp[0], hp[1], {"HOTPATH_DRAIN_INTERVAL": iv}, True)
            o = run_peer(c, p, [rounds, per], "drain")
            check(o["counted"] == o["events"], "drain (%s ms): %d events, %d counted"
                  " (none lost)" % (iv, o["events"], o["counted"]))
            check(o["drain_tid"] > 0, "drain: the drain thread was found")
            res[iv].append(o)
    for iv in intervals:
        rs = res[iv]
        ev = int(rs[0]["events"])
        m = lambda k: med([o[k] for o in rs])
        cpu = [o["drain_cpu_ns"] / 1e6 for o in rs]
        rows.append(("3 drain", "%d events, interval %s ms: drain CPU" % (ev, iv),
                     "%.2f ms" % med(cpu), "target ≤ 15 ms (1M)",
                     "min %.2f, max %.2f; produced in %.1f ms" %
                     (min(cpu), max(cpu), m("produce_ms"))))
        rows.append(("3 drain", "interval %s ms: malloc calls / bytes" % iv,
                     "%d / %d B" % (m("mallocs"), m("malloc_bytes")),
                     "%.4f B/event" % (m("malloc_bytes") / ev),
                     "%d calls after round 1" % m("steady_mallocs")))
        rows.append(("3 drain", "interval %s ms: chunks mapped (64 KiB)" % iv,
                     "%d (%.1f MiB)" % (m("maps"), m("map_bytes") / 2**20),
                     "%.2f B/event" % (m("map_bytes") / ev),
                     "%d after round 1" % m("steady_maps")))


# ------------------------------------------------------------------- 4 storm
def bench_storm(c, rows):
    secs = "1" if c.a.quick else str(c.a.storm_seconds)
    peers = build_overhead(c, "storm")
    none = [p for p in peers if p[0] == "none"][0]
    hp = [p for p in peers if p[0] == "hotpath"][0]
    n = run_peer(c, none, [secs], "storm")
    o = run_peer(c, hp, [secs], "storm")
    check(o["counted"] == o["calls"], "storm: %d calls, %d counted" %
          (o["calls"], o["counted"]))
    th = int(o["threads"])
    # docs/runtime.md, per thread: 64 x 64 KiB of chunks + 40 B per function
    # (2 pages here) + the shadow stack (1 page) + the state (1 page); per
    # process: the drain thread's stack, malloc arena and aggregate, allowed
    # 1 MiB. Growth is compared with the same program without hotpath.
    bound = th * (4 * 1024 + 8 + 4 + 4) + 1024
    grow = (o["rss_peak_kib"] - o["rss_before_kib"]) - (
        n["rss_peak_kib"] - n["rss_before_kib"])
    check(grow <= bound, "storm: hotpath's RSS growth %d KiB within %d KiB" %
          (grow, bound))
    rows.append(("4 storm", "%d threads × %s s, %.0fM calls" % (th, secs, o["calls"] / 1e6),
                 "RSS +%.1f MiB over plain (peak %.1f MiB)" %
                 (grow / 1024, o["rss_peak_kib"] / 1024),
                 "bound %.1f MiB" % (bound / 1024),
                 "every call counted" if o["counted"] == o["calls"] else "LOST"))


# ----------------------------------------------------------------- 5 compile
def bench_compile(c, rows):
    n = 300 if c.a.quick else 3000
    src = c.path("big.c")
    run([sys.executable, os.path.join(HERE, "gen_tu.py"), str(n), src])
    cfg = c.path("all.toml")
    with open(cfg, "w") as f:
        f.write('[functions]\ninclude = ["."]\n')
    variants = [("plain -O2", []), ("hotpath, all selected", ["-fpass-plugin=" + c.plugin])]
    times = {v[0]: [] for v in variants}
    size = {}
    for rep in range(c.a.reps):
        for name, flags in variants:
            obj = c.path("big-%d.o" % len(flags))
            t0 = time.perf_counter()
            run([c.cc, "-O2", "-c", src, "-o", obj] + flags, {"HOTPATH_CONFIG": cfg})
            times[name].append(time.perf_counter() - t0)
            exe = c.link("big-%d" % len(flags), [obj], c.rt_shared() if flags else [])
            size[name] = (os.path.getsize(obj), os.path.getsize(exe))
    base = times["plain -O2"]
    for name, xs in times.items():
        ratio = [x / b for x, b in zip(xs, base)]
        rows.append(("5 compile", "%s (%d functions)" % (name, n), "%.2f s" % med(xs),
                     "%.2f× plain" % med(ratio),
                     "object %d KiB, binary %d KiB" % (size[name][0] // 1024,
                                                       size[name][1] // 1024)))
    g = size["hotpath, all selected"][1] / size["plain -O2"][1]
    rows.append(("5 compile", "binary size growth", "%.2f×" % g,
                 "%.0f B per function" % ((size["hotpath, all selected"][1] -
                                            size["plain -O2"][1]) / n), ""))


# ------------------------------------------------------------------- 6 alloc
def bench_alloc(c, rows):
    """ns per malloc/free pair inside a measured call: without the runtime,
    with it and HOTPATH_ALLOC=0, with tracking on."""
    pairs = "200000" if c.a.quick else "5000000"
    drv = c.cc_obj("alloc.c", "alloc.o", [])
    plain = c.cc_obj("alloc_loop.c", "alloc-loop.o", [])
    hp = c.cc_obj("alloc_loop.c", "alloc-loop-hp.o", ["-fpass-plugin=" + c.plugin])
    none = c.link("alloc-none", [drv, plain], [])
    bhp = c.link("alloc-hp", [drv, hp], c.rt_shared())
    peers = [("no runtime", none, {}), ("HOTPATH_ALLOC=0", bhp, {"HOTPATH_ALLOC": "0"}),
             ("tracking on", bhp, {})]
    ns = {p[0]: [] for p in peers}
    for rep in range(c.a.reps):
        k = rep % len(peers)
        for name, binary, env in peers[k:] + peers[:k]:
            e = c.hp_env("alloc", env) if binary == bhp else {}
            o = kv(run([binary, pairs], e).stdout)
            ns[name].append(o["ns_per_pair"])
            if binary == bhp:
                got = report_calls(e["HOTPATH_OUTPUT_PATH"], "bench_alloc_pairs")
                check(got == 2, "alloc (%s): the measured function counted (%d)" %
                      (name, got))
    base = ns["no runtime"]
    for name, xs in ns.items():
        over = [x - b for x, b in zip(xs, base)]
        rows.append(("6 alloc", "malloc/free pair, " + name, "%.2f ns" % med(xs),
                     "%+.2f ns" % med(over) if name != "no runtime" else "",
                     "target ≤ 5 ns added" if name == "tracking on" else ""))
    # The benchmark beside a peer interposer, when it exists, adds its rows.
    script = os.path.join(HERE, "alloc_bench.py")
    if os.path.exists(script):
        import importlib.util
        spec = importlib.util.spec_from_file_location("alloc_bench", script)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        mod.bench(c, rows, check)


def bench_module(name):
    """A benchmark that lives in bench/<name>.py, loaded by path."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        name, os.path.join(HERE, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# ---------------------------------------------------------- 7 whole program
def bench_whole(c, rows):
    bench_module("whole").bench(c, rows, check, run, med)


# ---------------------------------------------------------- 8 truth (leveldb)
def bench_truth(c, rows):
    bench_module("truth").bench(c, rows, check, run, med)


# ---------------------------------------------------------- 9 the judge (leveldb)
def bench_judge(c, rows):
    bench_module("judge").bench(c, rows, check, run, med)


# ---------------------------------------------------------- 10 a suite in CI (snappy)
def bench_suite(c, rows):
    bench_module("suite").bench(c, rows, check, run, med)


# ---------------------------------------------------------- 11 locks
def bench_locks(c, rows):
    bench_module("locks").bench(c, rows, check, run, med)


ALL = ["overhead", "icount", "drain", "storm", "compile", "alloc", "whole", "truth",
       "judge", "suite", "locks"]


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", default=os.environ.get("HOTPATH_BUILD_DIR", "build"))
    ap.add_argument("--cc", default="clang-19")
    ap.add_argument("--cxx", default=None, help="default: --cc with clang++")
    ap.add_argument("--quick", action="store_true", help="smoke sizes, 1 repetition")
    ap.add_argument("--reps", type=int, default=None)
    ap.add_argument("--calls", type=int, default=20000000)
    ap.add_argument("--storm-seconds", type=float, default=10)
    ap.add_argument("--only", default=",".join(ALL))
    ap.add_argument("--keep", action="store_true", help="keep the temp dir")
    a = ap.parse_args()
    if a.reps is None:
        a.reps = 1 if a.quick else 5
    c = Ctx(a)
    # Every figure here was taken with every call timed unless a row names
    # its mode (a variable it sets overrides this one; the default mode's
    # rows unset it): the runtime's default is now the default mode.
    os.environ["HOTPATH_TIME_SAMPLING_RATE"] = "1"
    rows = []
    try:
        for b in a.only.split(","):
            print("bench: %s ..." % b, file=sys.stderr, flush=True)
            globals()["bench_" + b](c, rows)
    finally:
        if not a.keep:
            shutil.rmtree(c.tmp, ignore_errors=True)
    load = open("/proc/loadavg").read().split()[:3]
    print("\n%d repetitions, interleaved; load average %s\n" % (a.reps, " ".join(load)))
    print("| benchmark | case | median | vs | note |")
    print("|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print("\nchecks: %d passed, %d failed" % (len(PASSED), len(FAILURES)))
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
