#!/usr/bin/env python3
"""Runs a program's plain build and its hotpath build the same way and
checks that the hotpath build behaves identically.

  same.py [options] PLAIN INSTRUMENTED [ARGS...]

Both run with ARGS, the same standard input (/dev/null) and the same
environment, except that the instrumented one also gets each --env
K=V. Each must finish within --timeout seconds (its whole process group
is killed otherwise, and the test fails saying so). Their exit statuses
(or the signals that killed them) and standard outputs must be equal;
with --stderr, their standard errors too, less lines starting
'hotpath:' (the runtime's warnings). --status N also requires that status
(-N: killed by signal N). --show prints the instrumented build's stdout
(identical to the plain build's) for FileCheck.
"""
import argparse
import os
import signal
import subprocess
import sys
import time


def run(cmd, env, timeout, cwd):
    start = time.monotonic()
    p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, cwd=cwd,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        sys.exit("same.py: %s did not finish within %g s (it hangs); "
                 "stdout so far: %r" % (cmd[0], timeout, out[-400:]))
    return p.returncode, out, err, time.monotonic() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=60)
    ap.add_argument("--env", action="append", default=[])
    ap.add_argument("--status", type=int)
    ap.add_argument("--stderr", action="store_true")
    ap.add_argument("--cwd")
    ap.add_argument("--show", action="store_true")
    ap.add_argument("plain")
    ap.add_argument("instrumented")
    ap.add_argument("args", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    env = dict(os.environ)
    plain = run([a.plain] + a.args, env, a.timeout, a.cwd)
    ienv = dict(env)
    for kv in a.env:
        k, _, v = kv.partition("=")
        ienv[k] = v
    inst = run([a.instrumented] + a.args, ienv, a.timeout, a.cwd)
    problems = []
    if a.status is not None and plain[0] != a.status:
        problems.append("the plain build exited %d, expected %d" % (plain[0], a.status))
    if plain[0] != inst[0]:
        problems.append("exit status: plain %d, instrumented %d" % (plain[0], inst[0]))
    if plain[1] != inst[1]:
        problems.append("stdout differs:\n--- plain\n%s\n--- instrumented\n%s" %
                        (plain[1].decode(errors="replace")[-2000:],
                         inst[1].decode(errors="replace")[-2000:]))
    if a.stderr:
        strip = lambda b: [l for l in b.decode(errors="replace").splitlines()
                           if not l.startswith("hotpath:")]
        if strip(plain[2]) != strip(inst[2]):
            problems.append("stderr differs:\n--- plain\n%s\n--- instrumented\n%s" %
                            ("\n".join(strip(plain[2])[-30:]), "\n".join(strip(inst[2])[-30:])))
    if problems:
        sys.stderr.write(inst[2].decode(errors="replace")[-3000:])
        sys.exit("same.py: " + "\n".join(problems))
    if a.show:
        sys.stdout.write(inst[1].decode(errors="replace"))


if __name__ == "__main__":
    main()
