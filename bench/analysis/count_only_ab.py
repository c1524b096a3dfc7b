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
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Ctx, count_only_runs, run, whole  # noqa: E402


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
            count_only_runs(c, cb, exe, a.reps,
                            check_output=getattr(cb, "deterministic", True))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()
