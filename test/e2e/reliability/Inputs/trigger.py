#!/usr/bin/env python3
"""Runs a program, asks it for snapshots by touching a trigger file, and
prints the snapshot numbers seen, then the program's output.

  trigger.py TRIGGER SNAPSHOT -- COMMAND...

Waits until the program's drain thread runs (the snapshots are armed
before it starts), then touches TRIGGER three times, each time waiting (up
to 30 s) for SNAPSHOT to hold a newer `meta.snapshot`; prints "snapshots 1
2 3" (the numbers seen) and the program's standard output. Fails if the
program does not end within 120 s.
"""
import json
import os
import subprocess
import sys
import time


def snapshot_number(path):
    try:
        with open(path) as f:
            return json.load(f)["meta"].get("snapshot", 0)
    except (OSError, ValueError, KeyError):
        return 0


def drain_runs(pid):
    try:
        for tid in os.listdir("/proc/%d/task" % pid):
            with open("/proc/%d/task/%s/comm" % (pid, tid)) as f:
                if f.read().strip() == "hotpath-drain":
                    return True
    except OSError:
        pass
    return False


def main():
    sep = sys.argv.index("--")
    trigger, snap = sys.argv[1:sep]
    p = subprocess.Popen(sys.argv[sep + 1:], stdout=subprocess.PIPE)
    deadline = time.monotonic() + 30
    while not drain_runs(p.pid) and time.monotonic() < deadline:
        time.sleep(0.01)
    seen = []
    for _ in range(3):
        before = snapshot_number(snap)
        with open(trigger, "a"):
            os.utime(trigger, None)
        deadline = time.monotonic() + 30
        while snapshot_number(snap) <= before and time.monotonic() < deadline:
            time.sleep(0.01)
        seen.append(snapshot_number(snap))
        time.sleep(0.05)  # at least one sweep between two touches
    out, _ = p.communicate(timeout=120)
    print("snapshots " + " ".join(str(n) for n in seen))
    sys.stdout.write(out.decode())
    sys.exit(p.returncode)


if __name__ == "__main__":
    main()
