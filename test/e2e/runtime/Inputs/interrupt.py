#!/usr/bin/env python3
"""interrupt.py SIGNAL PROGRAM ARGS...: runs PROGRAM with SIGINT and SIGTERM
at their default disposition, waits for its first line of output (it is
running, past its session's begin), lets it run 0.3 s more, sends it SIGNAL
(INT or TERM), and exits as the program did (128 + the signal that ended
it). A fixed delay from the start (`timeout 1`) is not enough on a loaded
machine, where starting the interpreter alone can take longer."""
import os
import signal
import subprocess
import sys
import time


def dfl():
    for s in (signal.SIGINT, signal.SIGTERM):
        signal.signal(s, signal.SIG_DFL)


sig = getattr(signal, "SIG" + sys.argv[1])
p = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE, preexec_fn=dfl)
line = p.stdout.readline()
sys.stdout.buffer.write(line)
sys.stdout.flush()
time.sleep(0.3)
p.send_signal(sig)
rest, _ = p.communicate(timeout=60)
sys.stdout.buffer.write(rest)
rc = p.returncode
sys.exit(128 - rc if rc < 0 else rc)
