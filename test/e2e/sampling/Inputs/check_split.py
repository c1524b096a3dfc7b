"""Checks a known split of CPU samples (known-split.c).

check_split.py HOTPATH REPORT.json THREADS PROGRAM_OUTPUT
"""
import json
import re
import subprocess
import sys

hotpath, path, threads = sys.argv[1], sys.argv[2], int(sys.argv[3])
out = open(sys.argv[4]).read()
user_ns = int(re.search(r"user_ns=(\d+)", out).group(1))
sys_ns = int(re.search(r"sys_ns=(\d+)", out).group(1))
raw = json.load(open(path))
cpu = raw["cpu_samples"]
assert cpu["frequency_hz"] == 2000, cpu["frequency_hz"]
# The drain keeps up: a ring holds about 30 ms of a thread's samples (each
# with 4 KiB of stack), and a drain kept from its core that long on a busy
# machine loses some; never most.
assert cpu["lost"] * 20 <= cpu["samples"], "more than 5%% lost: %r" % (
    {k: v for k, v in cpu.items() if k in ("samples", "lost", "threads")},)
# Each worker and the main thread (sleeper) had an event.
assert cpu["threads"] == threads + 1, (cpu["threads"], threads)

rep = json.loads(subprocess.check_output([hotpath, "report", path, "--format", "json"]))
rows = {r["name"]: r for r in rep["functions_timing"]["data"]}
work, sleeper = rows["work"], rows["sleeper"]
# The samples' CPU is the process's user time, and its system time where
# kernel mode is sampled too (cpu_samples.kernel: page faults, the busy
# machine's scheduling; each thread's first few ms, before the drain gives
# it an event, are not sampled), nearly all of it work's own (no measured
# function below it). Its wall time may be far
# more on a busy machine: off-CPU, waiting for a core.
# (A sanitized build's threads run ~60 ms each, of which the first 10 to
# 20 ms may go unsampled on a busy machine.)
upper = user_ns + (sys_ns if cpu.get("kernel") else 0)
assert 0.7 * user_ns <= cpu["cpu_ns"] <= 1.1 * upper, (cpu["cpu_ns"], user_ns, sys_ns)
assert work["cpu"] == work["cpu_self"], work
assert work["cpu"] >= 0.95 * cpu["cpu_ns"], (work, cpu["cpu_ns"])
# sleeper sleeps 200 ms: a few ms of CPU at most.
assert sleeper["total"] >= 150e6, sleeper
assert sleeper.get("cpu", 0) * 10 < sleeper["total"], sleeper

out = subprocess.check_output([hotpath, "report", path, "--lines", "work"], text=True)
shares = {}
for line in out.splitlines():
    m = re.match(r"\s+([\d.]+)%\s+\S+ \S+\s+[\d,]+\s+(leaf_\w+)$", line)
    if m:
        shares[m.group(2)] = float(m.group(1))
assert set(shares) == {"leaf_seventy", "leaf_thirty"}, out
for leaf, want in (("leaf_seventy", 70.0), ("leaf_thirty", 30.0)):
    assert abs(shares[leaf] - want) <= 5.0, (leaf, shares[leaf], out)
print("ok: %d threads, work %.0f%% CPU, leaves %s" % (
    threads, 100.0 * work["cpu"] / work["total"], shares))
