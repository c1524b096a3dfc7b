#!/usr/bin/env python3
"""dfl.py PROGRAM ARGS...: runs PROGRAM with SIGINT and SIGTERM at their
default disposition (lit, like a shell's background jobs, may start tests
with SIGINT ignored, and an ignored signal is inherited across exec)."""
import os
import signal
import sys

for s in (signal.SIGINT, signal.SIGTERM):
    signal.signal(s, signal.SIG_DFL)
os.execv(sys.argv[1], sys.argv[1:])
