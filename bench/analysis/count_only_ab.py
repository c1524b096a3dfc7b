"""Count only, this tree's plugin and runtime against another revision's
(docs/performance.md, "The gate in an executable's form"): an A/B of the
product as shipped, not a benchmark of its own. Builds the plugin and the
runtime of --base in a git worktree, then Lua 5.4, yaml-cpp 0.7 and leveldb
1.23 as bench/whole.py builds them, four ways: plain, clang's
`-fprofile-instr-generate`, hotpath at --base and hotpath as in --build,
each hotpath build linked with its own shared runtime. Runs each code
base's workload interleaved in every mode, count only
(HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0), and prints each mode's
median and fastest CPU time against the plain build's; checks that every
build prints what the plain one prints (leveldb: its exit status).

  python3 bench/analysis/count_only_ab.py --build build --base REV [--reps 9]
      [--only lua,yaml-cpp,leveldb]

Needs a built tree (`--build`) and the Debian sources bench/whole.py
fetches into its scratch directory.
"""
import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import whole  # noqa: E402


def run(cmd, env=None, cwd=None):
    e = dict(os.environ)
    e.update(env or {})
    r = subprocess.run(cmd, env=e, cwd=cwd, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("command failed (%d): %s\n%s%s" %
                         (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r


class Ctx:
    """What bench/whole.py's builders use of bench.py's context."""

    def __init__(self, a, tmp):
        self.a = a
        self.tmp = tmp
        self.cc, self.cxx = "clang-19", "clang++-19"

    def path(self, *p):
        return os.path.join(self.tmp, *p)


def base_build(tmp, rev):
    """The plugin and the shared runtime of `rev`: (plugin, runtime dir)."""
    repo = os.path.dirname(os.path.dirname(HERE))
    wt = os.path.join(tmp, "worktree")
    run(["git", "-C", repo, "worktree", "add", "--detach", "-q", wt, rev])
    try:
        b = os.path.join(wt, "build")
        run(["cmake", "-S", wt, "-B", b, "-G", "Ninja",
             "-DCMAKE_C_COMPILER=clang-19", "-DCMAKE_CXX_COMPILER=clang++-19",
             "-DCMAKE_BUILD_TYPE=Release"])
        run(["cmake", "--build", b, "--target", "hotpath", "hotpath_rt"])
        out = os.path.join(tmp, "base")
        os.makedirs(out)
        shutil.copy(os.path.join(b, "pass", "libhotpath.so"), out)
        for f in os.listdir(os.path.join(b, "runtime")):
            if f.startswith("libhotpath_rt.so"):
                shutil.copy(os.path.join(b, "runtime", f), out)
        return os.path.join(out, "libhotpath.so"), out
    finally:
        run(["git", "-C", repo, "worktree", "remove", "--force", wt])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--base", required=True)
    p.add_argument("--reps", type=int, default=9)
    p.add_argument("--only", default="lua,yaml-cpp,leveldb",
                   help="code bases, comma-separated")
    a = p.parse_args()
    a.quick = False
    build = os.path.abspath(a.build)
    tmp = tempfile.mkdtemp(prefix="hotpath-ab-")
    try:
        c = Ctx(a, tmp)
        base_plugin, base_rt = base_build(tmp, a.base)

        def rt(d):
            return ["-L" + d, "-Wl,-rpath," + d, "-lhotpath_rt"]

        cfg = c.path("all.toml")
        whole.write_config(cfg)
        only = a.only.split(",")
        builders = {"lua": whole.Lua, "yaml-cpp": whole.YamlCpp, "leveldb": whole.LevelDb}
        for cb in [builders[n](c, run) for n in only]:
            modes = {
                "plain": ([], [], None),
                "pgo": (["-fprofile-instr-generate"], ["-fprofile-instr-generate"], None),
                "base": (["-fpass-plugin=" + base_plugin], rt(base_rt), cfg),
                "this": (["-fpass-plugin=" + os.path.join(build, "pass", "libhotpath.so")],
                         rt(os.path.join(build, "runtime")), cfg),
            }
            exe = {n: whole.compile_codebase(c, run, cb, n, *m)[0]
                   for n, m in modes.items()}
            norand = ["setarch", "-R"] if cb.norand else []
            env = {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0",
                   "HOTPATH_OUTPUT_FORMAT": "none",
                   "LLVM_PROFILE_FILE": c.path("pgo-%p.profraw")}
            checks_output = getattr(cb, "deterministic", True)
            expected = run(norand + cb.argv(exe["plain"]), env).stdout
            times = {n: [] for n in modes}
            names = list(modes)
            for r in range(a.reps):
                for n in names[r % len(names):] + names[:r % len(names)]:
                    before = resource.getrusage(resource.RUSAGE_CHILDREN)
                    out = run(norand + cb.argv(exe[n]), env).stdout
                    after = resource.getrusage(resource.RUSAGE_CHILDREN)
                    if checks_output and out != expected:
                        raise SystemExit("%s %s: output differs" % (cb.name, n))
                    times[n].append(whole.cpu_between(before, after))
            base_med = statistics.median(times["plain"])
            base_min = min(times["plain"])
            print("%s, count only, CPU time, %d interleaved runs:" % (cb.name, a.reps))
            for n in names:
                print("  %-6s median %.3f s %.2fx   fastest %.3f s %.2fx" % (
                    n, statistics.median(times[n]),
                    statistics.median(times[n]) / base_med, min(times[n]),
                    min(times[n]) / base_min), flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()
