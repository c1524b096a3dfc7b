"""What the analysis scripts of bench/analysis share: running a command,
the context bench/whole.py's builders expect, and the interleaved count-only
runs with their table of CPU times against the plain build's."""
import os
import resource
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
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


def count_only_runs(c, cb, exe, reps, check_output=True):
    """Runs cb's workload with each binary of `exe` (name -> path, "plain"
    among them) `reps` times, interleaved in a rotated order, count only
    (HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_ALLOC=0); checks that each
    prints what the plain build prints, and prints each one's median and
    fastest CPU time against the plain build's."""
    norand = ["setarch", "-R"] if cb.norand else []
    # (The PGO build's profile goes to the scratch directory.)
    env = {"HOTPATH_TIME_SAMPLING_RATE": "0", "HOTPATH_ALLOC": "0",
           "HOTPATH_OUTPUT_FORMAT": "none",
           "LLVM_PROFILE_FILE": c.path("pgo-%p.profraw")}
    expected = run(norand + cb.argv(exe["plain"]), env).stdout
    names = list(exe)
    times = {n: [] for n in names}
    for r in range(reps):
        for n in names[r % len(names):] + names[:r % len(names)]:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = run(norand + cb.argv(exe[n]), env).stdout
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            if check_output and out != expected:
                raise SystemExit("%s %s: output differs" % (cb.name, n))
            times[n].append(whole.cpu_between(before, after))
    base_med = statistics.median(times["plain"])
    base_min = min(times["plain"])
    print("%s, count only, CPU time, %d interleaved runs:" % (cb.name, reps))
    for n in names:
        print("  %-8s median %.3f s %.2fx   fastest %.3f s %.2fx" % (
            n, statistics.median(times[n]),
            statistics.median(times[n]) / base_med, min(times[n]),
            min(times[n]) / base_min), flush=True)
