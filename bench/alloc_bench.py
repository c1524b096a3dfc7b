"""Additions to bench.py's allocation benchmark (section 6):

- the peer: the least any malloc hook costs, alloc_floor.c (forward to
  glibc, bump one initial-exec thread-local counter), run interleaved with
  no runtime and both hotpath modes, so its row is measured beside them;
- Callgrind's exact instructions per malloc/free pair for each variant:
  (Ir(n2) - Ir(n1)) / (n2 - n1) over two runs, so start-up and the report
  cancel out. Under Valgrind hotpath tracks only when HOTPATH_ALLOC=1 is
  explicit, and per thread (no shadow stack there): the "tracking on" Ir
  is the path outside a measured function (docs/allocations.md#cost).

bench.py calls bench(ctx, rows, check) after its own alloc rows.
"""
import os
import shutil
import statistics
import subprocess


def _run(cmd, env):
    e = dict(os.environ)
    e.update(env)
    r = subprocess.run(cmd, env=e, capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit("command failed (%d): %s\n%s%s" %
                         (r.returncode, " ".join(cmd), r.stdout, r.stderr))
    return r.stdout


def _ns(out):
    for line in out.splitlines():
        p = line.split()
        if len(p) == 2 and p[0] == "ns_per_pair":
            return float(p[1])
    raise SystemExit("alloc_bench: no ns_per_pair in %r" % out)


def _ir(c, binary, pairs, env):
    """Ir of one run: hotpath's own dump (its session: both loops) when
    there is one, else the whole run."""
    out = c.path("cg.%s.%d" % (os.path.basename(binary), pairs))
    e = dict(env, HOTPATH_OUTPUT_FORMAT="none", HOTPATH_CALLGRIND_OUT_FILE=out)
    _run(["valgrind", "-q", "--tool=callgrind", "--callgrind-out-file=" + out,
          binary, str(pairs)], e)
    f = out + ".1" if os.path.exists(out + ".1") else out
    with open(f) as fh:
        for line in fh:
            if line.startswith("totals:"):
                return int(line.split()[1])
    raise SystemExit("alloc_bench: no totals in " + f)


def bench(c, rows, check):
    pairs = "200000" if c.a.quick else "5000000"
    drv = c.cc_obj("alloc.c", "alloc-i4.o", [])
    plain = c.cc_obj("alloc_loop.c", "alloc-loop-i4.o", [])
    hp = c.cc_obj("alloc_loop.c", "alloc-loop-hp-i4.o", ["-fpass-plugin=" + c.plugin])
    floor = c.cc_obj("alloc_floor.c", "alloc-floor.o", [])
    none = c.link("alloc-i4-none", [drv, plain], [])
    peer = c.link("alloc-i4-peer", [drv, plain, floor], [])
    bhp = c.link("alloc-i4-hp", [drv, hp], c.rt_shared())
    variants = [("no runtime", none, {}), ("peer: counting interposer", peer, {}),
                ("hotpath, HOTPATH_ALLOC=0", bhp, {"HOTPATH_ALLOC": "0"}),
                ("hotpath, tracking on", bhp, {"HOTPATH_ALLOC": "1"})]
    ns = {v[0]: [] for v in variants}
    for rep in range(c.a.reps):
        k = rep % len(variants)
        for name, binary, env in variants[k:] + variants[:k]:
            e = dict(env, HOTPATH_OUTPUT_FORMAT="none") if binary == bhp else env
            ns[name].append(_ns(_run([binary, pairs], e)))
    base, fl = ns["no runtime"], ns["peer: counting interposer"]
    ir = {}
    if shutil.which("valgrind"):
        n1, n2 = 10000, 110000
        for name, binary, env in variants:
            # alloc.c also runs a 10,000-pair warm-up: it cancels out.
            ir[name] = (_ir(c, binary, n2, env) - _ir(c, binary, n1, env)) / (n2 - n1)
    for name, xs in ns.items():
        over = statistics.median(x - b for x, b in zip(xs, base))
        vs_peer = statistics.median(x - p for x, p in zip(xs, fl))
        note = "%+.2f ns vs peer" % vs_peer if name.startswith("hotpath") else ""
        if name in ir:
            note += ("; " if note else "") + "%.0f Ir/pair" % ir[name]
        rows.append(("6 alloc", "beside the interposer, " + name, "%.2f ns" % statistics.median(xs),
                     "%+.2f ns" % over if name != "no runtime" else "", note))
    if ir:
        check(ir["hotpath, HOTPATH_ALLOC=0"] < ir["hotpath, tracking on"],
              "alloc: tracking on runs more instructions than off (%.0f > %.0f)" %
              (ir["hotpath, tracking on"], ir["hotpath, HOTPATH_ALLOC=0"]))
