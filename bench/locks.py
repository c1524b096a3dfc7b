"""Locks (docs/performance.md, "Locks"; docs/locks.md).

1. An uncontended pthread mutex lock/unlock pair (bench/locks.c, best of 7
   rounds in the thread's CPU time): the plain build, hotpath with lock
   tracking (the default) and with HOTPATH_LOCKS=0, interleaved. Targets:
   at most 5 ns more than plain; nothing with HOTPATH_LOCKS=0.
2. leveldb 1.23's db_bench (Debian source, as in the truth benchmark,
   with -g) writing from four threads: the locks table must name DBImpl's
   mutex (`impl->mutex_`, where DB::Open first locks it), with
   DBImpl::Write among the functions that waited for it, and
   DBImpl::Write's own calls must show a wait.
"""
import json
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def pair_ns(out):
    m = re.search(r"lock/unlock pair: ([\d.]+) ns", out)
    return float(m.group(1))


def bench_pairs(c, rows, check, run, med):
    cfg = os.path.join(HERE, "hotpath.toml")
    src = os.path.join(HERE, "locks.c")
    plain = c.path("locks-plain")
    hp = c.path("locks-hp")
    run([c.cc, "-O2", "-pthread", src, "-o", plain])
    run([c.cc, "-O2", "-pthread", "-fpass-plugin=" + c.plugin, src, "-o", hp] +
        c.rt_shared(), {"HOTPATH_CONFIG": cfg})
    builds = [("plain", plain, {}), ("tracked (default)", hp, {}),
              ("HOTPATH_LOCKS=0", hp, {"HOTPATH_LOCKS": "0"})]
    ns = {b[0]: [] for b in builds}
    for rep in range(c.a.reps):
        k = rep % len(builds)
        for name, exe, env in builds[k:] + builds[:k]:
            e = dict(env)
            if exe == hp:
                e.update(c.hp_env("locks"))
            ns[name].append(pair_ns(run([exe], e).stdout))
    base = ns["plain"]
    for name, xs in ns.items():
        over = [x - b for x, b in zip(xs, base)]
        rows.append(("locks", "lock/unlock pair, " + name, "%.2f ns" % med(xs),
                     "%+.2f ns" % med(over) if name != "plain" else "",
                     "target ≤ 5 ns added; hotpath-rs: 29-66 ns a cycle"
                     if name.startswith("tracked") else ""))
    if not c.a.quick:  # a smoke run's single repetition proves no cost
        check(med(ns["tracked (default)"]) - med(base) <= 5,
              "locks: an uncontended pair costs at most 5 ns more than plain")
        # Untracked, the calls go to glibc directly (locks/LockBypass.h):
        # the plain build's cost, within this VM's run-to-run noise.
        check(abs(med(ns["HOTPATH_LOCKS=0"]) - med(base)) <= 0.5,
              "locks: with HOTPATH_LOCKS=0 a pair costs what it does plain")


def bench_leveldb(c, rows, check, run):
    import truth  # bench/, beside bench.py, which runs this

    src = truth.source(c, run)
    exe = truth.build(c, run, src, os.path.join(c.tmp, "leveldb-locks"), True)
    db = os.path.join(c.tmp, "locks-db")
    num = "20000" if c.a.quick else "200000"
    e = c.hp_env("leveldb-locks", {"HOTPATH_MODE": "default"})
    run([exe, "--benchmarks=fillrandom", "--threads=4", "--num=" + num, "--db=" + db],
        e)
    hotpath = os.path.join(os.path.abspath(c.a.build), "tools", "hotpath")
    text = subprocess.run([hotpath, "report", e["HOTPATH_OUTPUT_PATH"], "--format",
                           "json"], capture_output=True, text=True, check=True).stdout
    r = json.loads(text)
    locks = r["locks"]["data"]
    mu = [l for l in locks if l["kind"] == "mutex" and
          l["name"].startswith("impl->mutex_ (leveldb::DB::Open")]
    check(len(mu) == 1, "locks: leveldb's DBImpl mutex named by its expression "
          "(%s)" % (mu[0]["name"] if mu else [l["name"] for l in locks[:5]]))
    if not mu:
        return
    m = mu[0]
    waiters = [w["function"] for w in m["waiters"]]
    check(any(w.startswith("leveldb::DBImpl::Write(") for w in waiters),
          "locks: DBImpl::Write waited for it (%s)" % waiters[:3])
    write = [f for f in r["functions_timing"]["data"]
             if f["name"].startswith("leveldb::DBImpl::Write(")]
    wait = write[0].get("wait", 0) if write else 0
    check(wait > 0, "locks: DBImpl::Write's calls waited (%d ns)" % wait)
    rows.append(("locks", "leveldb fillrandom, 4 threads: " + m["name"],
                 "%d acquisitions, %d contended" % (m["acquisitions"], m["contended"]),
                 "wait %.1f ms" % (m["wait_ns"] / 1e6),
                 "waited most: " + ", ".join(w.split("(")[0] for w in waiters[:3])))
    if write:
        rows.append(("locks", "leveldb: DBImpl::Write", "wait %.1f ms of %.1f ms" %
                     (wait / 1e6, write[0]["total"] / 1e6), "", ""))


def bench(c, rows, check, run, med):
    bench_pairs(c, rows, check, run, med)
    bench_leveldb(c, rows, check, run)
