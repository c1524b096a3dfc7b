"""A real Google Benchmark suite in CI (docs/performance.md, "A benchmark
suite in CI"): snappy 1.1.9's snappy_benchmark (57 benchmarks, Debian's
source package), built plain, with the namespace selected
(include = ["^snappy::"]), and with that selection trimmed by `hotpath trim`
over a run of the whole suite, as docs/benchmarks.md advises.

Measured: the wall time of `hotpath bench` over the whole suite with
--jobs 1 and --jobs 2 (and that the two give the same counts); and the
native time of BM_ZFlat/0 (compressing 100 KB of HTML) in each build, from
Google Benchmark's own CPU time per iteration, the builds interleaved.
"""
import glob
import json
import os
import shutil
import subprocess
import time

CMAKE_TAIL = ("\nfind_package(hotpath CONFIG REQUIRED)\nhotpath_instrument(snappy)\n"
              "hotpath_instrument(snappy_benchmark)\n")


def source(c, run):
    cache = os.path.join(os.path.abspath(c.a.build), "bench-src")
    found = [d for d in glob.glob(os.path.join(cache, "snappy-1.*")) if os.path.isdir(d)]
    if not found:
        os.makedirs(cache, exist_ok=True)
        run(["apt-get", "source", "-q", "snappy"], cwd=cache)
        found = [d for d in glob.glob(os.path.join(cache, "snappy-1.*")) if os.path.isdir(d)]
    return found[0]


def build(c, run, src, name, toml, prefix):
    d = os.path.join(c.tmp, "snappy-" + name)
    if not os.path.isdir(d):
        shutil.copytree(src, d, symlinks=True)
        if toml is not None:
            open(os.path.join(d, "CMakeLists.txt"), "a").write(CMAKE_TAIL)
            open(os.path.join(d, "hotpath.toml"), "w").write(toml)
    b = os.path.join(d, "build")
    cxx = c.a.cxx or c.a.cc.replace("clang", "clang++")
    run(["cmake", "-S", d, "-B", b, "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
         "-DCMAKE_C_COMPILER=" + c.a.cc, "-DCMAKE_CXX_COMPILER=" + cxx,
         "-DBUILD_SHARED_LIBS=ON", "-DSNAPPY_BUILD_TESTS=OFF", "-DCMAKE_PREFIX_PATH=" + prefix])
    run(["cmake", "--build", b, "--target", "snappy_benchmark"])
    return d, os.path.join(b, "snappy_benchmark")


def cpu_per_iteration(run, exe, src):
    out = run([exe, "--benchmark_filter=^BM_ZFlat/0$", "--benchmark_min_time=0.5",
               "--benchmark_format=json"], env={"srcdir": src, "HOTPATH_OUTPUT_FORMAT": "none"})
    b = json.loads(out.stdout)["benchmarks"][0]
    return b["cpu_time"] * {"ns": 1, "us": 1e3, "ms": 1e6, "s": 1e9}[b["time_unit"]]


def bench(c, rows, check, run, med):
    hotpath_src = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    prefix = os.path.join(c.tmp, "hotpath-prefix")
    run(["cmake", "--install", os.path.abspath(c.a.build), "--prefix", prefix])
    hotpath = os.path.join(prefix, "bin", "hotpath")
    src = source(c, run)
    toml = '[functions]\ninclude = ["^snappy::"]\n'
    _, plain = build(c, run, src, "plain", None, prefix)
    _, ns = build(c, run, src, "namespace", toml, prefix)
    tdir, trimmed = build(c, run, src, "trimmed", toml, prefix)
    first = os.path.join(c.tmp, "snappy-all")
    run([hotpath, "bench", "--jobs", "2", "-o", first, "--", ns], env={"srcdir": src})
    run([hotpath, "trim", first, "--config", os.path.join(tdir, "hotpath.toml")])
    run(["cmake", "--build", os.path.join(tdir, "build"), "--target", "snappy_benchmark"])
    # The whole suite, one job and two.
    took = {}
    for jobs in (1, 2):
        out = os.path.join(c.tmp, "snappy-jobs%d" % jobs)
        t0 = time.monotonic()
        run([hotpath, "bench", "--jobs", str(jobs), "-o", out, "--", trimmed],
            env={"srcdir": src})
        took[jobs] = time.monotonic() - t0
    n = len([f for f in os.listdir(os.path.join(c.tmp, "snappy-jobs1"))
             if f.endswith(".json") and not f.endswith(".gbench.json")])
    same = subprocess.run(["python3", os.path.join(hotpath_src, "test", "e2e", "benchmarks",
                                                   "Inputs", "check_bench.py"), "same",
                           os.path.join(c.tmp, "snappy-jobs1"),
                           os.path.join(c.tmp, "snappy-jobs2")], capture_output=True, text=True)
    check(same.returncode == 0, "suite: --jobs 2 gives the figures of --jobs 1: " + same.stdout)
    for jobs in (1, 2):
        rows.append(["suite", "hotpath bench, snappy's %d benchmarks, --jobs %d" % (n, jobs),
                     "%.0f s" % took[jobs], "%.2f× --jobs 1" % (took[jobs] / took[1]),
                     same.stdout.strip() if jobs == 2 else ""])
    # Native time of one benchmark in each build, interleaved.
    times = {"plain": [], "namespace": [], "trimmed": []}
    for _ in range(c.a.reps):
        for name, exe in (("plain", plain), ("namespace", ns), ("trimmed", trimmed)):
            times[name].append(cpu_per_iteration(run, exe, src))
    base = med(times["plain"])
    for name in ("plain", "namespace", "trimmed"):
        rows.append(["suite", "BM_ZFlat/0 CPU a iteration, every call timed, " + name,
                     "%.1f µs" % (med(times[name]) / 1e3), "%.2f× plain" % (med(times[name]) / base),
                     "%d runs interleaved" % c.a.reps])
