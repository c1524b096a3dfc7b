#!/usr/bin/env python3
"""Runs SERVER with snapshots every 300 ms, serves them, and opens the live
page in headless Chromium (test/node/live-page.mjs) while it runs.

  live_page.py HOTPATH SERVER WORKDIR LIVE_PAGE_MJS

Prints the page's checks, then the screenshots' sizes.
"""
import os
import re
import struct
import subprocess
import sys
import time

HOTPATH, SERVER, WORK, SCRIPT = sys.argv[1:5]
snap = os.path.join(WORK, "live.json")
env = dict(os.environ, HOTPATH_SNAPSHOT_INTERVAL="300", HOTPATH_SNAPSHOT_PATH=snap,
           HOTPATH_OUTPUT_PATH=os.devnull)
program = subprocess.Popen([SERVER, "120000", "--stdin"], env=env, stdin=subprocess.PIPE,
                           stdout=subprocess.DEVNULL)
serve = None
try:
    end = time.time() + 20
    while not os.path.exists(snap) and time.time() < end:
        time.sleep(0.05)
    serve = subprocess.Popen([HOTPATH, "serve", snap, "--listen", "127.0.0.1:0",
                              "--token", "page-token"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    port = re.search(r"http://127\.0\.0\.1:(\d+)/", serve.stderr.readline()).group(1)
    url = "http://127.0.0.1:%s/?token=page-token" % port
    r = subprocess.run(["timeout", "120", "node", SCRIPT, url, os.path.join(WORK, "page")],
                       capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    if r.returncode:
        sys.exit("live-page.mjs failed: " + r.stderr)
    for n in (1, 2):
        with open(os.path.join(WORK, "page-%d.png" % n), "rb") as f:
            head = f.read(24)
        w, h = struct.unpack(">II", head[16:24])
        print("screenshot %d: PNG %s, %d px wide, taller than 600 px: %s" % (
            n, head[:8] == b"\x89PNG\r\n\x1a\n", w, h > 600))
finally:
    program.stdin.close()
    program.wait(timeout=60)
    if serve:
        serve.terminate()
        serve.wait(timeout=10)
