"""Count only, three gates side by side (docs/performance.md, "A
countdown of each function's own"): an analysis, not a benchmark of the
product. Builds the plugin a second time with
per-function-tls-countdown.patch applied (in a git worktree of the commit
its first line names, which it applies to), then
Lua 5.4 and yaml-cpp 0.7 as bench/whole.py builds them, seven ways: plain,
clang's `-fprofile-instr-generate`, hotpath as shipped, and the patched
plugin's four gates:

  tls     each function's own countdown, a thread-local variable of the
          program (local-exec: `%fs:` at a link-time offset) decremented
          as plain IR, nothing else: no epoch check, no per-thread table,
          no id, no current call
  tlscur  the same, and the current call set and restored as shipped
  epoch, epochcur
          tls and tlscur behind the shipped gate's epoch check (the
          thread's epoch against the session's, two loads and a jump):
          what the countdown alone costs where the runtime still arms
          threads as it does today
  asm     the candidate for the product: the shipped local gate, one asm
          block (epoch check, the current call), with the function's own
          countdown as a `%fs:` memory operand in place of the per-thread
          table (`decq %fs:<countdown>@tpoff`; no id, no table pointer)

The patched builds count nothing (their countdowns start at 2^62 and the
runtime never reads them): what they show is what such a gate would cost.
Runs each code base's workload interleaved in every mode, count only
(HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0), and prints each mode's
median and fastest CPU time against the plain build's; checks that every
build prints what the plain one prints.

  python3 bench/analysis/gate_variants.py --build build [--reps 11]

Needs a built tree (`--build`, the runtime and the plugin) and the Debian
sources bench/whole.py fetches into BUILD/bench-src.
"""
import argparse
import os
import shutil
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from harness import Ctx, count_only_runs, run, whole  # noqa: E402


def patched_plugin(tmp):
    repo = os.path.dirname(os.path.dirname(HERE))
    patch = os.path.join(HERE, "per-function-tls-countdown.patch")
    with open(patch) as f:
        base = f.readline().split()[1]  # "Base: <commit> ..."
    wt = os.path.join(tmp, "worktree")
    run(["git", "-C", repo, "worktree", "add", "--detach", "-q", wt, base])
    try:
        run(["git", "-C", wt, "apply", patch])
        run(["cmake", "-S", wt, "-B", os.path.join(wt, "build"), "-G", "Ninja",
             "-DCMAKE_C_COMPILER=clang-19", "-DCMAKE_CXX_COMPILER=clang++-19",
             "-DCMAKE_BUILD_TYPE=Release"])
        run(["cmake", "--build", os.path.join(wt, "build"), "--target", "hotpath"])
        so = os.path.join(tmp, "libhotpath-tls.so")
        shutil.copy(os.path.join(wt, "build", "pass", "libhotpath.so"), so)
        return so
    finally:
        run(["git", "-C", repo, "worktree", "remove", "--force", wt])


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--build", required=True)
    p.add_argument("--reps", type=int, default=11)
    p.add_argument("--modes", help="comma-separated: only these (and plain)")
    a = p.parse_args()
    a.quick = False
    build = os.path.abspath(a.build)
    plugin = os.path.join(build, "pass", "libhotpath.so")
    rtdir = os.path.join(build, "runtime")
    rt = ["-L" + rtdir, "-Wl,-rpath," + rtdir, "-lhotpath_rt"]
    tmp = tempfile.mkdtemp(prefix="hotpath-gates-")
    try:
        c = Ctx(a, tmp)
        tls_plugin = patched_plugin(tmp)
        cfg = c.path("all.toml")
        whole.write_config(cfg)
        for cb in (whole.Lua(c, run), whole.YamlCpp(c, run)):
            modes = {
                "plain": ([], [], None, {}),
                "pgo": (["-fprofile-instr-generate"], ["-fprofile-instr-generate"], None, {}),
                "hotpath": (["-fpass-plugin=" + plugin], rt, cfg, {}),
                "tls": (["-fpass-plugin=" + tls_plugin], rt, cfg,
                        {"HOTPATH_ANALYSIS_GATE": "tls"}),
                "tlscur": (["-fpass-plugin=" + tls_plugin], rt, cfg,
                           {"HOTPATH_ANALYSIS_GATE": "tls-current"}),
                "epoch": (["-fpass-plugin=" + tls_plugin], rt, cfg,
                          {"HOTPATH_ANALYSIS_GATE": "tls-epoch"}),
                "epochcur": (["-fpass-plugin=" + tls_plugin], rt, cfg,
                             {"HOTPATH_ANALYSIS_GATE": "tls-epoch-current"}),
                "asm": (["-fpass-plugin=" + tls_plugin], rt, cfg,
                        {"HOTPATH_ANALYSIS_GATE": "asm"}),
            }
            if a.modes:
                keep = {"plain"} | set(a.modes.split(","))
                modes = {n: m for n, m in modes.items() if n in keep}
            exe = {}
            for name, (cf, lf, config, env) in modes.items():
                os.environ.update(env)
                try:
                    exe[name], _ = whole.compile_codebase(c, run, cb, name, cf, lf, config)
                finally:
                    for k in env:
                        del os.environ[k]
            count_only_runs(c, cb, exe, a.reps)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


main()
