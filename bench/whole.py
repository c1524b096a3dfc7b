"""Whole programs: Lua 5.4 (Debian's source package) with every function
selected, against the plain build and XRay (issue: whole-program cost).

Loaded by bench.py (`--only whole`). Builds Lua three ways from the same
sources (plain -O2; hotpath with include = [".*"]; XRay with every
function instrumented), runs bench/whole.lua interleaved in each mode and
reports the run time against the plain build's, the measured calls per
second, the compile time and the binary size; then, under Callgrind, the
report's inclusive instructions of Lua's top-level entry point against
callgrind_annotate's for the plain build.
"""
import glob
import os
import re
import shutil
import subprocess
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def lua_source(c, run):
    """Debian's lua5.4 source, fetched once into the build dir."""
    cache = os.path.join(os.path.abspath(c.a.build), "bench-lua")
    found = glob.glob(os.path.join(cache, "lua5.4-*", "src"))
    if not found:
        os.makedirs(cache, exist_ok=True)
        run(["apt-get", "source", "-q", "lua5.4"], cwd=cache)
        found = glob.glob(os.path.join(cache, "lua5.4-*", "src"))
    return found[0]


def bench(c, rows, check, run, med):
    src = lua_source(c, run)
    files = sorted(f for f in glob.glob(os.path.join(src, "*.c"))
                   if not f.endswith("/luac.c"))
    with open(c.path("lua5.4-deb-multiarch.h"), "w") as f:
        f.write('#define DEB_HOST_MULTIARCH "x86_64-linux-gnu"\n')
    cfg = c.path("whole.toml")
    with open(cfg, "w") as f:
        f.write('[functions]\ninclude = [".*"]\nmain = true\n')
    # A fixed string-hash seed: the same work in every run and build.
    defs = ["-std=gnu99", "-DLUA_COMPAT_5_3", "-DLUA_USE_LINUX", "-I" + c.tmp, "-w",
            "-Dluai_makeseed(L)=0x5eed", "-O2", "-gdwarf-4"]
    builds = {
        "plain": ([], []),
        "hotpath": (["-fpass-plugin=" + c.plugin], c.rt_shared()),
        "xray": (["-fxray-instrument", "-fxray-instruction-threshold=1"],
                 ["-fxray-instrument"]),
    }
    exe, compile_s = {}, {}
    for name, (cflags, lflags) in builds.items():
        objdir = c.path("lua-" + name)
        os.makedirs(objdir, exist_ok=True)
        t0 = time.perf_counter()
        run([c.cc] + defs + cflags + ["-c"] + files, {"HOTPATH_CONFIG": cfg}, cwd=objdir)
        compile_s[name] = time.perf_counter() - t0
        exe[name] = c.path("lua." + name)
        # XRay's runtime is C++.
        run([c.cxx if name == "xray" else c.cc] +
            glob.glob(os.path.join(objdir, "*.o")) + lflags +
            ["-lm", "-ldl", "-o", exe[name]])
    script = os.path.join(HERE, "whole.lua")
    rounds = "2" if c.a.quick else "40"
    expected = run([exe["plain"], script, rounds]).stdout
    modes = [("plain", exe["plain"], {}),
             ("hotpath, every call timed", exe["hotpath"], {}),
             ("hotpath, rate 0.01", exe["hotpath"], {"HOTPATH_TIME_SAMPLING_RATE": "0.01"}),
             ("hotpath, rate 0.01, HOTPATH_ALLOC=0", exe["hotpath"],
              {"HOTPATH_TIME_SAMPLING_RATE": "0.01", "HOTPATH_ALLOC": "0"}),
             ("hotpath, rate 0, HOTPATH_ALLOC=0", exe["hotpath"],
              {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0"})]
    xlog = c.path("xray-")
    modes.append(("XRay FDR, every function", exe["xray"],
                  {"XRAY_OPTIONS": "patch_premain=true xray_mode=xray-fdr verbosity=0 "
                                   "xray_logfile_base=" + xlog}))
    times = {m[0]: [] for m in modes}
    calls = {}
    # Lua hashes some keys by address: without randomisation every run
    # does the same work, and the modes count the same calls.
    norand = ["setarch", "-R"] if shutil.which("setarch") else []
    for rep in range(c.a.reps):
        k = rep % len(modes)
        for name, binary, env in modes[k:] + modes[:k]:
            env = dict(env)
            rpt = c.path("whole-report.json")
            if binary == exe["hotpath"]:
                env.update(HOTPATH_OUTPUT_FORMAT="json", HOTPATH_OUTPUT_PATH=rpt)
            t0 = time.perf_counter()
            out = run(norand + [binary, script, rounds], env).stdout
            times[name].append(time.perf_counter() - t0)
            check(out == expected, "whole: %s prints what the plain build prints" % name)
            if binary == exe["hotpath"]:
                import json
                r = json.load(open(rpt))
                calls[name] = sum(x["calls"] for x in r["functions_timing"]["data"])
            for f in glob.glob(xlog + "*"):
                os.remove(f)
    base = times["plain"]
    n_calls = calls.get("hotpath, every call timed", 0)
    counts = set(calls.values())
    check(len(counts) == 1, "whole: every mode counts the same calls (%s)" % sorted(counts))
    for name, xs in times.items():
        ratio = [x / b for x, b in zip(xs, base)]
        rows.append(("7 whole program", "Lua 5.4, " + name, "%.3f s" % med(xs),
                     "%.2f× plain" % med(ratio) if name != "plain" else "",
                     "%.0fM measured calls/s of plain time" % (n_calls / med(base) / 1e6)
                     if name == "plain" else ""))
    rows.append(("7 whole program", "Lua 5.4 compile, hotpath vs plain",
                 "%.2f s" % compile_s["hotpath"],
                 "%.2f× plain" % (compile_s["hotpath"] / compile_s["plain"]),
                 "binary %.2f× plain (%d KiB vs %d KiB)" % (
                     os.path.getsize(exe["hotpath"]) / os.path.getsize(exe["plain"]),
                     os.path.getsize(exe["hotpath"]) // 1024,
                     os.path.getsize(exe["plain"]) // 1024)))
    # Under Callgrind: the entry point's inclusive Ir, instrumented vs plain.
    vg, ann = shutil.which("valgrind"), shutil.which("callgrind_annotate")
    if not vg or not ann:
        return
    small = "1"
    cg_plain = c.path("cg.plain")
    run([vg, "--tool=callgrind", "--callgrind-out-file=" + cg_plain, exe["plain"],
         script, small])
    text = run([ann, "--inclusive=yes", "--threshold=100", cg_plain]).stdout
    entry = "docall"
    m = re.search(r"^\s*([\d,]+) \([^)]*\)\s+\S*:%s " % entry, text, re.M)
    merged = c.path("whole-merged.json")
    run([os.path.join(c.a.build, "tools", "hotpath"), "run", "-o", merged, "--",
         exe["hotpath"], script, small], {"HOTPATH_OUTPUT_FORMAT": "none"})
    import json
    r = json.load(open(merged))
    row = [x for x in r.get("functions_icount", {}).get("data", []) if x["name"] == entry]
    if m and row:
        plain_ir = int(m.group(1).replace(",", ""))
        hp_ir = row[0]["total"]
        rows.append(("7 whole program", "Lua 5.4 under Callgrind, %s inclusive Ir" % entry,
                     "%d vs %d plain" % (hp_ir, plain_ir), "%.3f× plain" % (hp_ir / plain_ir),
                     "target within 5%%; hook_cost_ir %s" % r.get("functions_icount", {})
                     .get("hook_cost_ir")))
