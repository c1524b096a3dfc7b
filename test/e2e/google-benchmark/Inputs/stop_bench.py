#!/usr/bin/env python3
"""Starts COMMAND, waits until it runs a benchmark (its stderr says
"native run:"), sends it SIGTERM, and prints how it ended.

  stop_bench.py COMMAND...
"""
import signal
import subprocess
import sys
import time

p = subprocess.Popen(sys.argv[1:], stderr=subprocess.PIPE)
err = b""
deadline = time.monotonic() + 30
while b"native run:" not in err and time.monotonic() < deadline:
    line = p.stderr.readline()
    if not line:
        break
    err += line
    sys.stderr.buffer.write(line)
time.sleep(0.3)
p.send_signal(signal.SIGTERM)
rest = p.stderr.read()
sys.stderr.buffer.write(rest)
print("bench ended: status %d" % p.wait(timeout=30))
